// Promo codes, decided on the server: case-insensitive, active, unexpired,
// uses left, each use counted atomically; a promo registration is one free,
// completed, confirmed attendee with its emails.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { masterclassEvent } from '../support/masterclassEvent';
import type { TestServer } from '../support/pocketbase';
import { serverForFile, unique } from './helpers';
import {
  attendee, attendeesOf, counts, emailsOf, minutesFromNow, openSales, post, promoBody, register, seatsLeft, updateEvent,
  LIMITS_RAISED,
} from './registration-helpers';

const INVALID = 'The promo code you entered is invalid or expired';

let server: TestServer;
let su: PocketBase;
let seedCode: RecordModel;

serverForFile((started) => ({ server, su } = started), { env: LIMITS_RAISED });

beforeAll(async () => {
  seedCode = await su.collection('promo_codes').getFirstListItem('code = "CHAMPION2025"');
});

beforeEach(async () => {
  await openSales(su, { capacity: 50 });
});

async function createCode(patch: Record<string, unknown> = {}): Promise<RecordModel> {
  const event = await masterclassEvent(su);
  return su.collection('promo_codes').create({
    code: unique('CODE').toUpperCase(), event: event.id, max_uses: 5, used_count: 0, expires_at: minutesFromNow(60), active: true, ...patch,
  });
}

const validate = (body: unknown) => post(server, '/api/masterclass/promo/validate', body);

describe('POST /api/masterclass/promo/validate', () => {
  it('accepts a usable code in any letter case', async () => {
    await su.collection('promo_codes').update(seedCode.id, { expires_at: minutesFromNow(60 * 24) });
    expect(await validate({ code: 'champion2025' })).toEqual({ status: 200, body: { valid: true, kind: 'free' } });
    expect(await validate({ code: ' Champion2025 ' })).toEqual({ status: 200, body: { valid: true, kind: 'free' } });
  });

  it('refuses the seed code once its date has passed, and inactive, used-up or unknown codes', async () => {
    await su.collection('promo_codes').update(seedCode.id, { expires_at: '2025-06-18 14:29:59.999Z' });
    const inactive = await createCode({ active: false });
    const usedUp = await createCode({ max_uses: 2, used_count: 2 });
    for (const code of ['CHAMPION2025', inactive.code, usedUp.code, 'NOPE2025', 'bad code!', 'x'.repeat(65)]) {
      expect(await validate({ code })).toEqual({
        status: 400,
        body: { status: 400, message: INVALID, data: { promoCode: { code: 'invalid_promo', message: INVALID } } },
      });
    }
  });

  it('asks for a code when none is given and refuses malformed bodies', async () => {
    expect((await validate({ code: '  ' })).body.data.promoCode.message).toBe('Please enter a promo code');
    expect((await validate({})).status).toBe(400);
    expect((await validate('{"code":')).body.data.body.code).toBe('invalid_json');
    expect((await validate({ code: 'CHAMPION2025', discount: 100 })).body.data.discount.code).toBe('unknown_field');
  });
});

describe('promo registration', () => {
  it('is one free, completed registration with a confirmed attendee, a seat and the emails', async () => {
    const promo = await createCode();
    const left = await seatsLeft(server);
    const body = promoBody(promo.code.toLowerCase(), { attendees: [attendee({ dietaryRequirements: 'Nut allergy' })] });
    const answer = await register(server, body);

    expect(answer).toEqual({
      status: 201,
      body: { registrationId: expect.any(String), status: 'completed', emailWarning: false, order: { id: expect.any(String), key: expect.stringMatching(/^[0-9a-f]{64}$/) } },
    });
    const registration = await su.collection('registrations').getOne(answer.body.registrationId);
    expect(registration).toMatchObject({ kind: 'promo', status: 'completed', total_amount_cents: 0, promo_code: promo.id, hold_expires_at: '' });
    const [confirmed] = await attendeesOf(su, registration.id);
    expect(confirmed).toMatchObject({ registration_status: 'confirmed', marketing_consent: true, dietary_requirements: 'Nut allergy' });
    expect((await emailsOf(su, registration.id)).map((email) => [email.to, email.status])).toEqual([
      [confirmed.email, 'captured'], [confirmed.email, 'captured'],
    ]);
    expect((await su.collection('promo_codes').getOne(promo.id)).used_count).toBe(1);
    expect(await seatsLeft(server)).toBe(left - 1);
  });

  it('counts uses atomically: 10 concurrent registrations on a code with 3 uses give 3 registrations', async () => {
    const promo = await createCode({ max_uses: 3 });
    const before = await counts(su);
    const answers = await Promise.all(Array.from({ length: 10 }, () => register(server, promoBody(promo.code))));

    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(3);
    const refused = answers.filter((answer) => answer.status === 400);
    expect(refused).toHaveLength(7);
    refused.forEach((answer) => expect(answer.body.data.promoCode.message).toBe(INVALID));
    expect((await su.collection('promo_codes').getOne(promo.id)).used_count).toBe(3);
    const after = await counts(su);
    expect(after.registrations - before.registrations).toBe(3);
    expect(after.attendees - before.attendees).toBe(3);
  });

  it('is refused without counting a use when sales are not open or no seat is left', async () => {
    const promo = await createCode();
    await updateEvent(su, { sales_state: 'sold_out' });
    const before = await counts(su);
    expect((await register(server, promoBody(promo.code))).body.data.sales.code).toBe('sold_out');

    await openSales(su, { capacity: 50 - (await seatsLeft(server)) });
    expect(await seatsLeft(server)).toBe(0);
    const full = await register(server, promoBody(promo.code));
    expect(full.status).toBe(409);
    expect(full.body.data.sales).toEqual({ code: 'sold_out', message: 'This masterclass is sold out.' });

    expect((await su.collection('promo_codes').getOne(promo.id)).used_count).toBe(0);
    expect(await counts(su)).toEqual(before);
  });

  it('an expired or unknown code creates nothing', async () => {
    const expired = await createCode({ expires_at: minutesFromNow(-1) });
    const before = await counts(su);
    for (const code of [expired.code, 'UNKNOWN-CODE']) {
      const answer = await register(server, promoBody(code));
      expect(answer.status).toBe(400);
      expect(answer.body.data.promoCode).toEqual({ code: 'invalid_promo', message: INVALID });
    }
    expect((await su.collection('promo_codes').getOne(expired.id)).used_count).toBe(0);
    expect(await counts(su)).toEqual(before);
  });
});
