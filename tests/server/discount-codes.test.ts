// Discount codes, decided on the server: percent or amount off each seat of a
// paid order, within the code's fewest and most seats, uses counted as seats
// and taken atomically (two buyers racing for the last use: one wins, the
// other is refused and nothing of its order is written), given back when the
// checkout is cancelled. The order keeps its price per seat, which the
// simulated checkout, the tax invoice and the refunds read.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ClientResponseError } from 'pocketbase';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { masterclassEvent } from '../support/masterclassEvent';
import type { TestServer } from '../support/pocketbase';
import { createUser, serverForFile, unique, type TestUser } from './helpers';
import {
  attendeesOf, counts, get, minutesFromNow, openSales, paidBody, post, promoBody, register, seatsLeft, LIMITS_RAISED,
} from './registration-helpers';

const INVALID = 'The promo code you entered is invalid or expired';
const PRICE = 49500;

let server: TestServer;
let su: PocketBase;
let admin: TestUser;

serverForFile((started) => ({ server, su } = started), { env: LIMITS_RAISED });

beforeAll(async () => {
  admin = await createUser(server, su, 'administrator');
});

beforeEach(async () => {
  await openSales(su, { capacity: 500, price_cents: PRICE, max_per_registration: 10 });
});

async function createCode(patch: Record<string, unknown> = {}): Promise<RecordModel> {
  const event = await masterclassEvent(su);
  return su.collection('promo_codes').create({
    code: unique('SAVE').toUpperCase(), event: event.id, kind: 'percent', percent_off: 20, max_uses: 10, used_count: 0,
    expires_at: minutesFromNow(60), active: true, ...patch,
  });
}

/** A PDF's text as poppler's pdftotext reads it (layout kept, runs of spaces made one). */
async function pdfText(url: string): Promise<string> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'discount-invoice-'));
  try {
    const file = path.join(dir, 'invoice.pdf');
    writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const validate = (body: unknown) => post(server, '/api/masterclass/promo/validate', body);
const withCode = (seats: number, code: string) => paidBody(seats, { promoCode: code });
const usedCount = async (code: RecordModel) => (await su.collection('promo_codes').getOne(code.id)).used_count as number;

describe('POST /api/masterclass/promo/validate with a discount code', () => {
  it('answers what the code gives per seat, before and after, and its seat limits', async () => {
    const percent = await createCode({ percent_off: 20, min_seats: 2, max_seats: 5 });
    expect(await validate({ code: percent.code.toLowerCase() })).toEqual({
      status: 200,
      body: {
        valid: true, kind: 'percent', label: `${percent.code}: 20% off each seat`, listPriceCents: 49500, discountCents: 9900, unitPriceCents: 39600,
        currency: 'AUD', minSeats: 2, maxSeats: 5,
      },
    });
    const amount = await createCode({ kind: 'amount', percent_off: 0, amount_off_cents: 5000 });
    expect((await validate({ code: amount.code })).body).toMatchObject({
      kind: 'amount', label: `${amount.code}: AUD 50.00 off each seat`, discountCents: 5000, unitPriceCents: 44500, minSeats: 0, maxSeats: 0,
    });
  });

  it('calls an expired, inactive, used-up or other masterclass\'s code invalid or expired', async () => {
    const expired = await createCode();
    await su.collection('promo_codes').update(expired.id, { expires_at: minutesFromNow(-1) });
    const inactive = await createCode({ active: false });
    const usedUp = await createCode({ max_uses: 3, used_count: 3 });
    for (const code of [expired.code, inactive.code, usedUp.code]) {
      expect(await validate({ code })).toEqual({
        status: 400, body: { status: 400, message: INVALID, data: { promoCode: { code: 'invalid_promo', message: INVALID } } },
      });
    }
  });
});

describe('a paid order with a discount code', () => {
  it('keeps the discounted price per seat, the code and the discount; total = unit × seats; uses count seats', async () => {
    const code = await createCode({ percent_off: 15 });
    const answer = await register(server, withCode(3, code.code.toLowerCase()));
    expect(answer.status).toBe(201);
    const registration = await su.collection('registrations').getOne(answer.body.registrationId);
    // 15 % of 495.00 is 74.25: 420.75 a seat.
    expect(registration).toMatchObject({
      kind: 'paid', status: 'pending', promo_code: code.id, unit_price_cents: 42075, discount_cents: 7425, total_amount_cents: 126225,
      discount_label: `${code.code}: 15% off each seat`,
    });
    expect(await usedCount(code)).toBe(3);
  });

  it('takes a fixed amount off each seat', async () => {
    const code = await createCode({ kind: 'amount', percent_off: 0, amount_off_cents: 10000 });
    const answer = await register(server, withCode(2, code.code));
    const registration = await su.collection('registrations').getOne(answer.body.registrationId);
    expect(registration).toMatchObject({ unit_price_cents: 39500, discount_cents: 10000, total_amount_cents: 79000 });
  });

  it('keeps the price per seat on a paid order without a code too', async () => {
    const answer = await register(server, paidBody(2));
    const registration = await su.collection('registrations').getOne(answer.body.registrationId);
    expect(registration).toMatchObject({ unit_price_cents: PRICE, discount_cents: 0, discount_label: '', promo_code: '', total_amount_cents: 2 * PRICE });
  });

  it('shows the discounted price on the simulated checkout and fulfils at it; the invoice reads it', async () => {
    const code = await createCode({ percent_off: 20 });
    const answer = await register(server, withCode(2, code.code));
    const sessionId = answer.body.sessionId as string;
    const checkout = await get(server, `/api/masterclass/checkout/${sessionId}`);
    expect(checkout.body).toMatchObject({
      totalAmountCents: 79200, unitPriceCents: 39600, discountCents: 9900, discountLabel: `${code.code}: 20% off each seat`, attendeeCount: 2,
    });
    expect((await post(server, `/api/masterclass/checkout/simulated/${sessionId}/pay`)).status).toBe(200);
    const [invoice] = await su.collection('tax_documents').getFullList({ filter: su.filter('registration = {:id}', { id: answer.body.registrationId }) });
    expect(invoice).toMatchObject({ kind: 'invoice', amount_cents: 79200, gst_cents: 7200, quantity: 2, unit_price_cents: 39600 });
    for (const seat of await attendeesOf(su, answer.body.registrationId)) expect(seat.registration_status).toBe('confirmed');

    // The tax invoice, read back: the price before the discount, the discount, the discounted seats and their GST.
    const { order } = (await get(server, `/api/masterclass/checkout/${sessionId}`)).body;
    const text = await pdfText(`${server.url}/api/masterclass/orders/${order.id}/invoice.pdf?key=${encodeURIComponent(order.key)}`);
    expect(text).toContain('Price before discount AUD 990.00');
    expect(text).toContain('Discount -AUD 198.00');
    expect(text.match(/Ada Lovelace 1 AUD 396\.00 AUD 396\.00/g)).toHaveLength(2);
    expect(text).toContain('Total (incl. GST) AUD 792.00');
    expect(text).toContain('GST included AUD 72.00');
    expect(text.replace(/\s+/g, ' ')).toContain(`Discount ${code.code}: 20% off each seat: 2 × (AUD 495.00 less AUD 99.00) = 2 × AUD 396.00 a seat, GST included; the GST is one eleventh of the discounted price.`);
  });

  it('gives the uses back when the checkout is cancelled', async () => {
    const code = await createCode({ max_uses: 4 });
    const answer = await register(server, withCode(3, code.code));
    expect(await usedCount(code)).toBe(3);
    expect((await post(server, `/api/masterclass/checkout/simulated/${answer.body.sessionId}/cancel`)).status).toBe(200);
    expect(await usedCount(code)).toBe(0);
    expect((await register(server, withCode(4, code.code))).status).toBe(201);
  });
});

describe('refusals: a clear message, nothing written', () => {
  async function expectRefused(body: unknown, status: number, field: string, code: string, message: string | RegExp) {
    const before = await counts(su);
    const seats = await seatsLeft(server);
    const answer = await register(server, body);
    expect(answer.status).toBe(status);
    expect(answer.body.data[field].code).toBe(code);
    if (typeof message === 'string') expect(answer.body.data[field].message).toBe(message);
    else expect(answer.body.data[field].message).toMatch(message);
    expect(await counts(su)).toEqual(before);
    expect(await seatsLeft(server)).toBe(seats);
  }

  it('fewer seats than the code\'s fewest, more than its most', async () => {
    const code = await createCode({ min_seats: 2, max_seats: 3 });
    await expectRefused(withCode(1, code.code), 400, 'attendees', 'below_code_min_seats', `The code ${code.code} is for orders of at least 2 attendees.`);
    await expectRefused(withCode(4, code.code), 400, 'attendees', 'above_code_max_seats', `The code ${code.code} is for orders of at most 3 attendees.`);
    expect(await usedCount(code)).toBe(0);
  });

  it('more seats than the uses left', async () => {
    const code = await createCode({ max_uses: 3, used_count: 1 });
    await expectRefused(withCode(3, code.code), 409, 'promoCode', 'not_enough_uses',
      'This code has 2 uses left, one for each seat: register at most 2 attendees with it, or remove it.');
    expect(await usedCount(code)).toBe(1);
  });

  it('an expired, inactive, unknown or other masterclass\'s code', async () => {
    const expired = await createCode();
    await su.collection('promo_codes').update(expired.id, { expires_at: minutesFromNow(-1) });
    const inactive = await createCode({ active: false });
    for (const code of [expired.code, inactive.code, 'NOSUCHCODE']) await expectRefused(withCode(2, code), 400, 'promoCode', 'invalid_promo', INVALID);
  });

  it('a free code on a paid order, a discount code as a free registration, any code on the waitlist', async () => {
    const free = await createCode({ kind: 'free', percent_off: 0 });
    const discount = await createCode();
    await expectRefused(withCode(1, free.code), 400, 'promoCode', 'free_code_on_paid', /free registration for one attendee/);
    await expectRefused(promoBody(discount.code), 400, 'promoCode', 'discount_code_on_promo', 'This code gives a discount on paid seats: register with payment to use it.');
    await expectRefused({ ...promoBody(discount.code), mode: 'waitlist' }, 400, 'promoCode', 'promo_not_allowed', 'A promo code cannot be used to join the waitlist.');
  });

  it('a discount that would bring a seat below the smallest card payment (the price lowered since)', async () => {
    const code = await createCode({ kind: 'amount', percent_off: 0, amount_off_cents: 45000 });
    await openSales(su, { price_cents: 45020 });
    await expectRefused(withCode(1, code.code), 409, 'promoCode', 'below_smallest_payment', /below AUD 0\.50, the smallest card payment/);
    expect((await validate({ code: code.code })).status).toBe(409);
  });

  it('a malformed code: too long, not text', async () => {
    await expectRefused(withCode(1, 'x'.repeat(65)), 400, 'promoCode', 'invalid_promo', INVALID);
    await expectRefused({ ...paidBody(1), promoCode: 42 }, 400, 'promoCode', 'required', 'Please enter a promo code');
  });
});

describe('two buyers for the last uses at the same moment', () => {
  it('one wins, the other is refused with a clear message and nothing of its order is written', async () => {
    for (let round = 0; round < 3; round += 1) {
      const code = await createCode({ max_uses: 2 });
      const before = await counts(su);
      const answers = await Promise.all([register(server, withCode(2, code.code)), register(server, withCode(2, code.code))]);
      const won = answers.filter((answer) => answer.status === 201);
      const lost = answers.filter((answer) => answer.status !== 201);
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect(lost[0].status).toBe(400);
      expect(lost[0].body.data.promoCode).toEqual({ code: 'invalid_promo', message: INVALID });
      expect(await usedCount(code)).toBe(2);
      const after = await counts(su);
      expect(after.registrations).toBe(before.registrations + 1);
      expect(after.attendees).toBe(before.attendees + 2);
      const orders = await su.collection('registrations').getFullList({ filter: su.filter('promo_code = {:id}', { id: code.id }) });
      expect(orders).toHaveLength(1);
    }
  });
});

describe('an administrator creates discount codes', () => {
  async function adminCreate(patch: Record<string, unknown>) {
    const event = await masterclassEvent(su);
    return admin.client.collection('promo_codes').create({
      code: unique('ADM').toUpperCase(), event: event.id, max_uses: 20, expires_at: minutesFromNow(60 * 24), active: true, ...patch,
    });
  }

  async function refusal(patch: Record<string, unknown>) {
    const total = (await su.collection('promo_codes').getList(1, 1)).totalItems;
    try {
      await adminCreate(patch);
    } catch (error) {
      expect((await su.collection('promo_codes').getList(1, 1)).totalItems).toBe(total);
      if (error instanceof ClientResponseError) return { status: error.status, data: error.response.data };
      throw error;
    }
    throw new Error('the code was created');
  }

  it('saves a percent code with seat limits, and a free code without amounts', async () => {
    const percent = await adminCreate({ kind: 'percent', percent_off: 20, amount_off_cents: 500, min_seats: 2, max_seats: 6 });
    expect(percent).toMatchObject({ kind: 'percent', percent_off: 20, amount_off_cents: 0, min_seats: 2, max_seats: 6, used_count: 0 });
    const free = await adminCreate({ percent_off: 30, max_seats: 4 });
    expect(free).toMatchObject({ kind: 'free', percent_off: 0, amount_off_cents: 0, min_seats: 0, max_seats: 0 });
  });

  it('refuses bad terms with a message on the field', async () => {
    expect(await refusal({ kind: 'percent', percent_off: 0 })).toEqual({
      status: 400, data: { percent_off: { code: 'percent_invalid', message: 'Percent off must be a whole number from 1 to 99. For a free seat, create a free code.' } },
    });
    expect((await refusal({ kind: 'percent', percent_off: 100 })).data.percent_off.code).toBe('percent_invalid');
    expect((await refusal({ kind: 'amount', amount_off_cents: 0 })).data.amount_off_cents.message).toBe('Amount off must be at least $0.01.');
    expect((await refusal({ kind: 'amount', amount_off_cents: 49460 })).data.amount_off_cents).toEqual({
      code: 'amount_too_large',
      message: 'Amount off must leave at least AUD 0.50 of the seat price (AUD 495.00). For a free seat, create a free code.',
    });
    expect((await refusal({ kind: 'percent', percent_off: 10, min_seats: 5, max_seats: 3 })).data.max_seats.code).toBe('max_below_min');
    expect((await refusal({ kind: 'percent', percent_off: 10, max_seats: 51 })).data.max_seats.code).toBe('seats_over_max');
  });
});
