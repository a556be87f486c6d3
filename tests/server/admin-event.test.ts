// The admin area's Event & Promo Codes page against a real PocketBase: an
// administrator edits the event's facts and sales state through the record
// API, and the registration routes and GET /api/masterclass/event follow;
// a capacity below the seats already taken (confirmed + held) is refused and
// nothing of that request is saved; promo codes are listed, created and
// deactivated by administrators only (attendees and guests read and write
// none, nobody deletes one), a code that exists in any letter case and bad
// values are refused with clear messages.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ClientResponseError, type RecordModel } from 'pocketbase';
import type PocketBase from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import { masterclassEvent } from '../support/masterclassEvent';
import { allowed, createUser, serverForFile, unique, type TestUser } from './helpers';
import {
  LIMITS_RAISED, counts, get, minutesFromNow, openSales, paidBody, post, promoBody, register, seatsLeft, updateEvent,
} from './registration-helpers';

let server: TestServer;
let su: PocketBase;
let admin: TestUser;
let attendee: TestUser;
let event: RecordModel;

serverForFile((started) => ({ server, su } = started), { env: LIMITS_RAISED });

beforeAll(async () => {
  [admin, attendee] = await Promise.all([createUser(server, su, 'administrator'), createUser(server, su, 'attendee')]);
  event = await masterclassEvent(su);
});

beforeEach(async () => {
  await openSales(su, { capacity: 50 });
});

/** The refusal a request answered with (status, message and field errors). */
async function refusalOf(request: () => Promise<unknown>): Promise<{ status: number; message: string; data: Record<string, { code: string; message: string }> }> {
  try {
    await request();
  } catch (error) {
    if (error instanceof ClientResponseError) {
      return { status: error.status, message: error.response.message, data: error.response.data };
    }
    throw error;
  }
  throw new Error('The request was not refused');
}

const seatsTaken = async () => (await masterclassEvent(su)).capacity - (await seatsLeft(server));

function newCode(patch: Record<string, unknown> = {}) {
  return { code: unique('SPRING').toUpperCase(), event: event.id, max_uses: 5, expires_at: minutesFromNow(60 * 24 * 30), active: true, ...patch };
}

describe('event facts', () => {
  it('an administrator edits every fact and the public summary follows', async () => {
    const facts = {
      title: 'AI CHAMPIONS MASTERCLASS — SPRING',
      starts_at: '2027-03-10 22:30:00.000Z',
      ends_at: '2027-03-11 01:30:00.000Z',
      location: 'Adelaide, South Australia',
      venue: 'Stone & Chalk, Lot Fourteen',
      capacity: 64,
      price_cents: 59900,
      portal_unlock_at: '2027-03-10 21:30:00.000Z',
      sales_state: 'closed',
    };
    await admin.client.collection('events').update(event.id, facts);
    const { portal_unlock_at: unlockAt, ...shown } = facts;
    expect((await get(server, '/api/masterclass/event')).body).toMatchObject({ ...shown, timezone: 'Australia/Adelaide' });
    expect((await masterclassEvent(su)).portal_unlock_at).toBe(unlockAt);
    await updateEvent(su, { title: event.title, starts_at: event.starts_at, ends_at: event.ends_at, venue: event.venue, price_cents: event.price_cents, portal_unlock_at: event.portal_unlock_at });
  });

  it('refuses a capacity below the seats already taken (confirmed and held) and saves nothing of that request', async () => {
    await openSales(su, { capacity: 10 });
    const code = await su.collection('promo_codes').create(newCode({ max_uses: 3 }));
    expect((await register(server, promoBody(code.code))).status).toBe(201);
    expect((await register(server, promoBody(code.code))).status).toBe(201);
    expect((await register(server, paidBody(2))).status).toBe(201); // a checkout in progress holds 2
    expect(await seatsTaken()).toBe(4);

    const before = await masterclassEvent(su);
    for (const client of [admin.client, su]) {
      const refused = await refusalOf(() => client.collection('events').update(event.id, { capacity: 3, title: 'Renamed with the capacity' }));
      const message = 'Capacity cannot be lower than the 4 seats already taken (confirmed attendees, checkouts in progress and seats held for waitlist offers).';
      expect(refused).toEqual({ status: 409, message, data: { capacity: { code: 'capacity_below_taken', message } } });
      expect(await masterclassEvent(su)).toEqual(before);
    }

    // Exactly the seats taken is allowed: the event is then full.
    await admin.client.collection('events').update(event.id, { capacity: 4 });
    expect((await get(server, '/api/masterclass/event')).body).toMatchObject({ capacity: 4, seats_left: 0, sales_state: 'sold_out' });
  });

  it('refuses an end before the start and a capacity that is not a whole number of at least 1', async () => {
    const before = await masterclassEvent(su);
    const early = await refusalOf(() => admin.client.collection('events').update(event.id, { ends_at: before.starts_at }));
    expect(early).toMatchObject({ status: 400, data: { ends_at: { code: 'end_before_start', message: 'The end must be after the start.' } } });
    // An end an hour before the start, and a start moved past the end, are refused the same way.
    const hourBefore = new Date(new Date(before.starts_at.replace(' ', 'T')).getTime() - 3_600_000).toISOString();
    const earlier = await refusalOf(() => admin.client.collection('events').update(event.id, { ends_at: hourBefore }));
    expect(earlier).toMatchObject({ status: 400, data: { ends_at: { code: 'end_before_start', message: 'The end must be after the start.' } } });
    const late = await refusalOf(() => admin.client.collection('events').update(event.id, { starts_at: '2040-01-01 00:00:00.000Z' }));
    expect(late).toMatchObject({ status: 400, data: { ends_at: { code: 'end_before_start' } } });
    for (const capacity of [0, -5, 2.5]) {
      const bad = await refusalOf(() => admin.client.collection('events').update(event.id, { capacity }));
      expect(bad).toMatchObject({ status: 400, data: { capacity: { message: 'Capacity must be a whole number of at least 1.' } } });
    }
    expect(await masterclassEvent(su)).toEqual(before);
  });

  it('attendees and guests cannot change the event', async () => {
    const before = await masterclassEvent(su);
    expect(await allowed(() => attendee.client.collection('events').update(event.id, { sales_state: 'closed' }))).toBe(false);
    expect(await allowed(() => server.guest().collection('events').update(event.id, { capacity: 1 }))).toBe(false);
    expect(await masterclassEvent(su)).toEqual(before);
  });
});

describe('sales state set by an administrator', () => {
  it('is honoured by the registration route and the public summary', async () => {
    const code = await admin.client.collection('promo_codes').create(newCode({ max_uses: 5 }));
    const closedMessage = 'Registration for this masterclass is closed.';
    const soldOutMessage = 'This masterclass is sold out.';

    await admin.client.collection('events').update(event.id, { sales_state: 'closed' });
    expect((await get(server, '/api/masterclass/event')).body.sales_state).toBe('closed');
    let before = await counts(su);
    for (const body of [paidBody(1), promoBody(code.code)]) {
      const refused = await register(server, body);
      expect(refused).toMatchObject({ status: 409, body: { message: closedMessage, data: { sales: { code: 'closed' } } } });
    }
    expect(await counts(su)).toEqual(before);

    await admin.client.collection('events').update(event.id, { sales_state: 'sold_out' });
    expect((await get(server, '/api/masterclass/event')).body.sales_state).toBe('sold_out');
    before = await counts(su);
    const soldOut = await register(server, promoBody(code.code));
    expect(soldOut).toMatchObject({ status: 409, body: { message: soldOutMessage, data: { sales: { code: 'sold_out' } } } });
    expect(await counts(su)).toEqual(before);
    expect((await su.collection('promo_codes').getOne(code.id)).used_count).toBe(0);

    await admin.client.collection('events').update(event.id, { sales_state: 'open' });
    expect((await get(server, '/api/masterclass/event')).body.sales_state).toBe('open');
    const free = await register(server, promoBody(code.code.toLowerCase()));
    expect(free).toMatchObject({ status: 201, body: { status: 'completed' } });
    expect((await admin.client.collection('promo_codes').getOne(code.id)).used_count).toBe(1);
  });
});

describe('promo codes', () => {
  it('administrators list, view, create and deactivate codes; nobody deletes one', async () => {
    const created = await admin.client.collection('promo_codes').create(newCode({ max_uses: 7 }));
    expect(created).toMatchObject({ max_uses: 7, used_count: 0, active: true, event: event.id });
    const listed = await admin.client.collection('promo_codes').getFullList({ sort: '-created' });
    expect(listed.map((row) => row.code)).toContain(created.code);
    expect(listed.map((row) => row.code)).toContain('CHAMPION2025');
    expect((await admin.client.collection('promo_codes').getOne(created.id)).code).toBe(created.code);

    expect(await post(server, '/api/masterclass/promo/validate', { code: created.code })).toEqual({ status: 200, body: { valid: true, kind: 'free' } });
    await admin.client.collection('promo_codes').update(created.id, { active: false });
    const invalid = await post(server, '/api/masterclass/promo/validate', { code: created.code });
    expect(invalid).toMatchObject({ status: 400, body: { data: { promoCode: { code: 'invalid_promo', message: 'The promo code you entered is invalid or expired' } } } });
    expect((await register(server, promoBody(created.code))).status).toBe(400);

    expect(await allowed(() => admin.client.collection('promo_codes').delete(created.id))).toBe(false);
    expect((await su.collection('promo_codes').getOne(created.id)).active).toBe(false);
  });

  it('a code created without an event goes to the featured masterclass', async () => {
    const body: Record<string, unknown> = newCode();
    delete body.event;
    const created = await admin.client.collection('promo_codes').create(body);
    expect(created.event).toBe(event.id);
  });

  it('attendees and guests read, create and change no promo code', async () => {
    const existing = await su.collection('promo_codes').create(newCode());
    for (const client of [attendee.client, server.guest()]) {
      const codes = client.collection('promo_codes');
      expect(await codes.getFullList()).toEqual([]);
      expect(await allowed(() => codes.getOne(existing.id))).toBe(false);
      expect(await allowed(() => codes.create(newCode()))).toBe(false);
      expect(await allowed(() => codes.update(existing.id, { active: false, max_uses: 1000 }))).toBe(false);
      expect(await allowed(() => codes.delete(existing.id))).toBe(false);
    }
    expect(await su.collection('promo_codes').getOne(existing.id)).toEqual(existing);
  });

  it('refuses a code that already exists, in any letter case, and creates nothing', async () => {
    const first = await admin.client.collection('promo_codes').create(newCode());
    const total = (await su.collection('promo_codes').getList(1, 1)).totalItems;
    for (const code of [first.code, first.code.toLowerCase(), ` ${first.code} `, 'champion2025']) {
      const refused = await refusalOf(() => admin.client.collection('promo_codes').create(newCode({ code })));
      const message = `The promo code ${code.trim().toUpperCase()} already exists. Codes are matched in any letter case.`;
      expect(refused).toEqual({ status: 400, message, data: { code: { code: 'code_exists', message } } });
    }
    expect((await su.collection('promo_codes').getList(1, 1)).totalItems).toBe(total);
  });

  it('refuses bad values with clear messages and creates or changes nothing', async () => {
    const total = (await su.collection('promo_codes').getList(1, 1)).totalItems;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ max_uses: -3 }, 'max_uses', 'Max uses must be a whole number of at least 1.'],
      [{ max_uses: 0 }, 'max_uses', 'Max uses must be a whole number of at least 1.'],
      [{ max_uses: 1.5 }, 'max_uses', 'Max uses must be a whole number of at least 1.'],
      [{ expires_at: minutesFromNow(-60) }, 'expires_at', 'The expiry must be in the future.'],
      [{ code: 'NO SPACES!' }, 'code', 'A promo code is 3 to 64 letters, digits, dashes or underscores.'],
      [{ code: 'AB' }, 'code', 'A promo code is 3 to 64 letters, digits, dashes or underscores.'],
      [{ used_count: 4 }, 'used_count', 'Uses so far are counted by the server and cannot be set.'],
    ];
    for (const [patch, field, message] of cases) {
      const refused = await refusalOf(() => admin.client.collection('promo_codes').create(newCode(patch)));
      expect(refused, JSON.stringify(patch)).toMatchObject({ status: 400, message, data: { [field]: { message } } });
    }
    expect((await su.collection('promo_codes').getList(1, 1)).totalItems).toBe(total);

    const code = await admin.client.collection('promo_codes').create(newCode({ max_uses: 3 }));
    await openSales(su);
    expect((await register(server, promoBody(code.code))).status).toBe(201);
    expect((await register(server, promoBody(code.code))).status).toBe(201);
    const updates: [Record<string, unknown>, string, string][] = [
      [{ max_uses: 1 }, 'max_uses', 'Max uses cannot be lower than the 2 uses so far.'],
      [{ max_uses: -1 }, 'max_uses', 'Max uses must be a whole number of at least 1.'],
      [{ used_count: 0 }, 'used_count', 'Uses so far are counted by the server and cannot be set.'],
      [{ code: `${code.code}X` }, 'code', 'A promo code cannot be renamed. Deactivate it and create a new one.'],
    ];
    const stored = await su.collection('promo_codes').getOne(code.id);
    for (const [patch, field, message] of updates) {
      const refused = await refusalOf(() => admin.client.collection('promo_codes').update(code.id, patch));
      expect(refused, JSON.stringify(patch)).toMatchObject({ status: 400, message, data: { [field]: { message } } });
    }
    expect(await su.collection('promo_codes').getOne(code.id)).toEqual(stored);
    // Raising the limit is fine.
    expect((await admin.client.collection('promo_codes').update(code.id, { max_uses: 10 })).max_uses).toBe(10);
  });
});
