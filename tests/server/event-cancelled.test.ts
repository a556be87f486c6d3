// A cancelled masterclass, against a real PocketBase: once an administrator
// cancels it (POST /api/masterclass/admin/events/{id}/cancel) its public
// summary, the series list and the landing answer say it is cancelled (phase
// "cancelled", `cancelled: true`); it is no longer the featured masterclass
// while another published one is still to come (and is featured, said to be
// cancelled, only when none is); the landing then offers the one on sale; and
// the server refuses registrations of every kind and waitlist joins for it
// with a 409 that says so, writing nothing. The records API the portal syncs
// reads events.cancelled_at, so the ticket and Your Registration say it offline.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import { masterclassEvent } from '../support/masterclassEvent';
import { createUser, serverForFile, type TestUser } from './helpers';
import { LIMITS_RAISED, counts, get, minutesFromNow, paidBody, promoBody, register, waitlistBody } from './registration-helpers';

let server: TestServer;
let su: PocketBase;
let admin: TestUser;
const created: string[] = [];

serverForFile((started) => ({ server, su } = started), { env: LIMITS_RAISED });

beforeAll(async () => {
  admin = await createUser(server, su, 'administrator');
  // The seeded masterclass has taken place: only the ones made here are still to come.
  const seeded = await masterclassEvent(su);
  await su.collection('events').update(seeded.id, { starts_at: minutesFromNow(-3 * 24 * 60), ends_at: minutesFromNow(-3 * 24 * 60 + 180) });
});

afterEach(async () => {
  for (const id of created.splice(0)) {
    for (const row of await su.collection('attendees').getFullList({ filter: su.filter('event = {:id}', { id }) })) await su.collection('attendees').delete(row.id);
    for (const row of await su.collection('emails').getFullList({ filter: su.filter('registration.event = {:id}', { id }) })) await su.collection('emails').delete(row.id);
    for (const row of await su.collection('registrations').getFullList({ filter: su.filter('event = {:id}', { id }) })) await su.collection('registrations').delete(row.id);
    await su.collection('events').delete(id);
  }
});

const DAY = 24 * 60;

async function makeEvent(startInMinutes: number, patch: Record<string, unknown> = {}): Promise<RecordModel> {
  const record = await su.collection('events').create({
    title: 'AI CHAMPIONS MASTERCLASS',
    starts_at: minutesFromNow(startInMinutes),
    ends_at: minutesFromNow(startInMinutes + 180),
    timezone: 'Australia/Adelaide',
    location: 'Adelaide, South Australia',
    venue: 'Lot Fourteen',
    capacity: 30,
    max_per_registration: 5,
    price_cents: 49500,
    currency: 'AUD',
    sales_state: 'open',
    portal_unlock_at: minutesFromNow(startInMinutes - 60),
    published: true,
    ...patch,
  });
  created.push(record.id);
  return record;
}

async function cancelWhole(eventId: string) {
  const response = await fetch(`${server.url}/api/masterclass/admin/events/${eventId}/cancel`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: admin.client.authStore.token },
    body: JSON.stringify({ confirm: true }),
  });
  expect(response.status).toBe(200);
}

describe('a cancelled masterclass in the public answers', () => {
  it('is said to be cancelled in its summary, the series list and the landing; the featured one is the next still to come', async () => {
    const june = await makeEvent(10 * DAY);
    const march = await makeEvent(40 * DAY);
    expect((await get(server, '/api/masterclass/event')).body.id).toBe(june.id);
    expect((await get(server, `/api/masterclass/event?event=${june.id}`)).body.cancelled).toBe(false);

    await cancelWhole(june.id);

    const own = await get(server, `/api/masterclass/event?slug=${june.slug}`);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: june.id, cancelled: true, sales_state: 'closed' });
    expect(own.body).not.toHaveProperty('cancelled_at');
    // The records API (what the attendee portal syncs for offline use) says when it was cancelled; the other notice fields stay hidden.
    const record = await get(server, `/api/collections/events/records/${june.id}`);
    expect(record.status).toBe(200);
    expect(record.body.cancelled_at).not.toBe('');
    expect(record.body).not.toHaveProperty('calendar_sequence');
    expect((await get(server, `/api/collections/events/records/${march.id}`)).body.cancelled_at).toBe('');

    // Another published masterclass is still to come: it is featured, on sale, with no Next beside it.
    const featured = await get(server, '/api/masterclass/event');
    expect(featured.body).toMatchObject({ id: march.id, cancelled: false, sales_state: 'open' });
    const landing = await get(server, '/api/masterclass/landing');
    expect(landing.body.event).toMatchObject({ id: march.id, cancelled: false });
    expect(landing.body.hero.phase).toBe('on_sale');
    expect(landing.body.next).toBeNull();

    // The list keeps the cancelled one, marked, never on sale.
    const list = await get(server, '/api/masterclass/events');
    expect(list.body.featured).toBe(march.id);
    const listed = (list.body.events as Array<Record<string, unknown>>).filter((row) => row.id === june.id || row.id === march.id);
    expect(listed.map((row) => [row.id, row.phase, row.cancelled, row.on_sale])).toEqual([
      [june.id, 'cancelled', true, false],
      [march.id, 'on_sale', false, true],
    ]);
  });

  it('with no other masterclass to come, the cancelled one is featured and the landing says so', async () => {
    const june = await makeEvent(10 * DAY);
    await cancelWhole(june.id);
    const landing = await get(server, '/api/masterclass/landing');
    expect(landing.body.event).toMatchObject({ id: june.id, cancelled: true });
    expect(landing.body.hero.phase).toBe('cancelled');
    expect(landing.body.next).toBeNull();
    // A later one published afterwards takes its place.
    const march = await makeEvent(40 * DAY);
    expect((await get(server, '/api/masterclass/landing')).body.event.id).toBe(march.id);
  });
});

describe('registrations for a cancelled masterclass', () => {
  it('refuses a paid order, a free code and a waitlist join with a 409 that says so, writing nothing', async () => {
    const june = await makeEvent(10 * DAY);
    await makeEvent(40 * DAY);
    const code = await su.collection('promo_codes').getFirstListItem('code = "CHAMPION2025"');
    await su.collection('promo_codes').update(code.id, { expires_at: minutesFromNow(DAY), active: true, max_uses: 1000 });
    await cancelWhole(june.id);

    const before = await counts(su);
    for (const body of [paidBody(1, { event: june.id }), promoBody('CHAMPION2025', { event: june.id }), waitlistBody({ event: june.id })]) {
      const refused = await register(server, body);
      expect(refused.status, JSON.stringify(body)).toBe(409);
      expect(refused.body.data.event).toMatchObject({ code: 'event_cancelled' });
      expect(refused.body.data.event.message).toContain('This masterclass has been cancelled');
    }
    expect(await counts(su)).toEqual(before);
  });
});

describe('the admin waitlist card says why no seat is offered', () => {
  const paused = async (eventId: string) => {
    const response = await fetch(`${server.url}/api/masterclass/admin/waitlist/${eventId}`, { headers: { Authorization: admin.client.authStore.token } });
    expect(response.status).toBe(200);
    return ((await response.json()) as { event: { offers_paused: string } }).event.offers_paused;
  };

  it('sales scheduled: when they open, not "Sales are open"; cancelled: that it was cancelled, not "closed"', async () => {
    const june = await makeEvent(10 * DAY, { sales_open_at: '2099-02-09 22:30:00.000Z', starts_at: '2099-06-18 02:00:00.000Z', ends_at: '2099-06-18 05:00:00.000Z' });
    expect(await paused(june.id)).toBe(
      'Sales are scheduled to open on Tuesday 10 February at 9:00 am. Until then the waitlist is the list of people told when they open, and no seat is offered; seats are offered once the sales state is Sold out.',
    );
    const march = await makeEvent(40 * DAY);
    expect(await paused(march.id)).toMatch(/^Sales are open, so a seat that frees up is for sale to everyone/);
    await cancelWhole(march.id);
    expect(await paused(march.id)).toBe('This masterclass has been cancelled, so no seats are offered: its waitlist was closed and told.');
  });
});
