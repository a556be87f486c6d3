// Several masterclasses against a real PocketBase: an event is a draft until
// an administrator publishes it (guests and attendees never see a draft);
// the server features the next published event still to come or under way,
// else the last one that took place; administrators create the next
// masterclass by copying the featured one with new dates
// (POST /api/masterclass/admin/events/next), then publish it; registrations
// for a draft or a past event are refused; and the routes that take "the
// event" (summary, calendar, promo check, registrations, analytics) follow
// the featured event unless the request names another.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import { masterclassEvent } from '../support/masterclassEvent';
import { allowed, createUser, serverForFile, unique, type TestUser } from './helpers';
import { LIMITS_RAISED, get, minutesFromNow, post, promoBody, register, updateEvent, waitlistBody, type Answer } from './registration-helpers';

let server: TestServer;
let su: PocketBase;
let admin: TestUser;
let attendee: TestUser;
let seeded: RecordModel;
const created: string[] = [];

serverForFile((started) => ({ server, su } = started), { env: LIMITS_RAISED });

beforeAll(async () => {
  [admin, attendee] = await Promise.all([createUser(server, su, 'administrator'), createUser(server, su, 'attendee')]);
  seeded = await masterclassEvent(su);
});

afterEach(async () => {
  // Events made by a test go (with anything registered for them); the seeded one gets its own dates back.
  for (const id of created.splice(0)) {
    for (const registration of await su.collection('registrations').getFullList({ filter: su.filter('event = {:id}', { id }) })) {
      for (const row of await su.collection('attendees').getFullList({ filter: su.filter('registration = {:r}', { r: registration.id }) })) {
        await su.collection('attendees').delete(row.id);
      }
      for (const row of await su.collection('emails').getFullList({ filter: su.filter('registration = {:r}', { r: registration.id }) })) {
        await su.collection('emails').delete(row.id);
      }
      await su.collection('registrations').delete(registration.id);
    }
    for (const code of await su.collection('promo_codes').getFullList({ filter: su.filter('event = {:id}', { id }) })) {
      await su.collection('promo_codes').delete(code.id);
    }
    await su.collection('events').delete(id);
  }
  await updateEvent(su, { starts_at: seeded.starts_at, ends_at: seeded.ends_at, sales_state: seeded.sales_state, published: true });
});

const DAY = 24 * 60;

/** An event made by the superuser (a draft unless `published`), removed after the test. */
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
    price_cents: 59500,
    currency: 'AUD',
    sales_state: 'open',
    portal_unlock_at: minutesFromNow(startInMinutes - 60),
    published: false,
    ...patch,
  });
  created.push(record.id);
  return record;
}

async function featuredId(): Promise<string> {
  const answer = await get(server, '/api/masterclass/event');
  expect(answer.status).toBe(200);
  return answer.body.id;
}

async function createNext(body: unknown, token?: string): Promise<Answer> {
  const response = await fetch(`${server.url}/api/masterclass/admin/events/next`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  const answer = { status: response.status, body: await response.json() };
  if (answer.status === 201) created.push(answer.body.id);
  return answer;
}

const eventCount = async () => (await su.collection('events').getList(1, 1)).totalItems;

describe('drafts', () => {
  it('a draft is invisible to guests and attendees; administrators read it', async () => {
    const draft = await makeEvent(60 * DAY);
    const guest = server.guest();
    expect((await guest.collection('events').getFullList()).map((e) => e.id)).not.toContain(draft.id);
    expect(await allowed(() => guest.collection('events').getOne(draft.id))).toBe(false);
    expect((await attendee.client.collection('events').getFullList()).map((e) => e.id)).not.toContain(draft.id);
    expect(await allowed(() => attendee.client.collection('events').getOne(draft.id))).toBe(false);
    expect((await admin.client.collection('events').getOne(draft.id)).published).toBe(false);
    // Named in the public routes: not shown to exist.
    const summary = await get(server, `/api/masterclass/event?event=${draft.id}`);
    expect(summary.status).toBe(404);
    expect(summary.body.message).toBe('This event does not exist or is not published.');
    expect((await get(server, `/api/masterclass/event.ics?event=${draft.id}`)).status).toBe(404);
    expect((await get(server, '/api/masterclass/event?event=nope')).status).toBe(400);
    // An administrator may read its summary.
    const response = await fetch(`${server.url}/api/masterclass/event?event=${draft.id}`, { headers: { Authorization: admin.client.authStore.token } });
    expect(response.status).toBe(200);
    expect((await response.json()).published).toBe(false);
  });
});

describe('the featured event', () => {
  it('is the next published event still to come, never a draft, else the last one that took place', async () => {
    // Only the seeded (past) masterclass is published.
    expect(await featuredId()).toBe(seeded.id);
    const draft = await makeEvent(10 * DAY);
    expect(await featuredId()).toBe(seeded.id);
    const later = await makeEvent(90 * DAY, { published: true });
    expect(await featuredId()).toBe(later.id);
    const sooner = await makeEvent(30 * DAY, { published: true });
    expect(await featuredId()).toBe(sooner.id);
    await su.collection('events').update(draft.id, { published: true });
    expect(await featuredId()).toBe(draft.id);
    // Under way counts as still to come.
    const underWay = await makeEvent(-60, { published: true });
    expect(await featuredId()).toBe(underWay.id);
    // None to come: the one that started last among those that took place.
    for (const id of [draft.id, later.id, sooner.id, underWay.id]) await su.collection('events').update(id, { published: false });
    const past = await makeEvent(-30 * DAY, { published: true });
    expect(await featuredId()).toBe(past.id);
    await makeEvent(-400 * DAY, { published: true });
    expect(await featuredId()).toBe(past.id);
  });
});

describe('create the next masterclass', () => {
  const dates = () => ({ starts_at: minutesFromNow(120 * DAY), ends_at: minutesFromNow(120 * DAY + 180) });

  it('is for administrators only: guests 401, attendees 403, nothing created', async () => {
    const before = await eventCount();
    expect((await createNext(dates())).status).toBe(401);
    const refused = await createNext(dates(), attendee.client.authStore.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only administrators can create an event.');
    expect(await eventCount()).toBe(before);
  });

  it('refuses bad dates with clear messages and creates nothing', async () => {
    const token = admin.client.authStore.token;
    const before = await eventCount();
    const start = minutesFromNow(120 * DAY);
    const endBefore = await createNext({ starts_at: start, ends_at: minutesFromNow(120 * DAY - 60) }, token);
    expect(endBefore.status).toBe(400);
    expect(endBefore.body.data.ends_at.message).toBe('The end must be after the start.');
    const same = await createNext({ starts_at: start, ends_at: start }, token);
    expect(same.body.data.ends_at.message).toBe('The end must be after the start.');
    const past = await createNext({ starts_at: minutesFromNow(-DAY), ends_at: minutesFromNow(-DAY + 180) }, token);
    expect(past.status).toBe(400);
    expect(past.body.data.starts_at.message).toBe('The start must be in the future.');
    const missing = await createNext({ ends_at: start }, token);
    expect(missing.body.data.starts_at.message).toBe('The start date and time are required.');
    const garbage = await createNext({ starts_at: 'next tuesday', ends_at: start }, token);
    expect(garbage.body.data.starts_at.message).toBe('The start must be a date and time.');
    const unknown = await createNext({ ...dates(), published: true }, token);
    expect(unknown.status).toBe(400);
    expect(unknown.body.data.published.code).toBe('unknown_field');
    const noSource = await createNext({ ...dates(), source: 'aaaaaaaaaaaaaaa' }, token);
    expect(noSource.status).toBe(404);
    expect(await eventCount()).toBe(before);
  });

  it("copies the featured event's facts, price, capacity, maximum, venue and unlock offset into a draft", async () => {
    const source = await makeEvent(20 * DAY, {
      published: true, title: 'AI CHAMPIONS MASTERCLASS — WINTER', venue: 'Stone & Chalk', capacity: 64, max_per_registration: 7, price_cents: 61000,
      starts_at: '2027-06-01 02:00:00.000Z', ends_at: '2027-06-01 05:00:00.000Z', portal_unlock_at: '2027-05-31 23:30:00.000Z',
    });
    expect(await featuredId()).toBe(source.id);
    const answer = await createNext({ starts_at: '2031-09-10T01:00:00.000Z', ends_at: '2031-09-10T04:00:00.000Z' }, admin.client.authStore.token);
    expect(answer.status).toBe(201);
    expect(answer.body.source).toBe(source.id);
    const copy = await su.collection('events').getOne(answer.body.id);
    expect(copy).toMatchObject({
      title: source.title, timezone: source.timezone, location: source.location, venue: 'Stone & Chalk', capacity: 64,
      max_per_registration: 7, price_cents: 61000, currency: 'AUD', sales_state: 'open', published: false,
      starts_at: '2031-09-10 01:00:00.000Z', ends_at: '2031-09-10 04:00:00.000Z',
      // 2 h 30 min before the start, as the source's.
      portal_unlock_at: '2031-09-09 22:30:00.000Z',
    });
    // Its own page address, from its title and new date (never the source's).
    expect(copy.slug).toBe(`${source.title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}-2031-09-10`);
    expect(answer.body.slug).toBe(copy.slug);
    // A draft: still not what visitors see.
    expect(await featuredId()).toBe(source.id);
  });

  it('works when the event copied has no speakers', async () => {
    for (const speaker of await su.collection('speakers').getFullList()) await su.collection('speakers').delete(speaker.id);
    const answer = await createNext(dates(), admin.client.authStore.token);
    expect(answer.body.speakers).toBe(0);
    expect(answer.status).toBe(201);
    expect(answer.body.source).toBe(seeded.id);
    expect(answer.body.price_cents).toBe(seeded.price_cents);
  });
});

describe('publishing', () => {
  it('an administrator publishes the draft and visitors see it featured; attendees cannot publish', async () => {
    const answer = await createNext({ starts_at: minutesFromNow(200 * DAY), ends_at: minutesFromNow(200 * DAY + 180) }, admin.client.authStore.token);
    const id = answer.body.id;
    expect(await allowed(() => attendee.client.collection('events').update(id, { published: true }))).toBe(false);
    expect(await featuredId()).toBe(seeded.id);
    await admin.client.collection('events').update(id, { published: true });
    expect(await featuredId()).toBe(id);
    expect((await server.guest().collection('events').getOne(id)).published).toBe(true);
    const ics = await (await fetch(`${server.url}/api/masterclass/event.ics`)).text();
    expect(ics).toContain(`masterclass-${id}@`);
  });

  it('a published event with registrations cannot go back to being a draft', async () => {
    const event = await makeEvent(50 * DAY, { published: true });
    expect((await register(server, waitlistBody())).status).toBe(201);
    const refused = await admin.client.collection('events').update(event.id, { published: false }).catch((error) => error);
    expect(refused.status).toBe(409);
    expect(refused.response.data.published.code).toBe('unpublish_registered');
    expect((await su.collection('events').getOne(event.id)).published).toBe(true);
  });
});

describe('registrations', () => {
  it('are refused for a draft, whoever names it, and nothing is written', async () => {
    const draft = await makeEvent(40 * DAY, { sales_state: 'open' });
    const code = await su.collection('promo_codes').create({ code: unique('DRAFT').toUpperCase(), event: draft.id, max_uses: 5, active: true });
    const before = (await su.collection('registrations').getList(1, 1)).totalItems;
    const guest = await register(server, waitlistBody({ event: draft.id }));
    expect(guest.status).toBe(404);
    // An administrator's request reaches the event and is refused there.
    const response = await fetch(`${server.url}/api/masterclass/registrations`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: admin.client.authStore.token },
      body: JSON.stringify(promoBody(code.code, { event: draft.id })),
    });
    expect(response.status).toBe(409);
    const body = await response.json();
    expect(body.data.event.code).toBe('event_draft');
    expect(body.message).toBe('This masterclass is not open for registration yet. Please check back once it is announced.');
    expect((await su.collection('registrations').getList(1, 1)).totalItems).toBe(before);
    expect((await su.collection('promo_codes').getOne(code.id)).used_count).toBe(0);
  });

  it('are refused for a past event named while another is featured', async () => {
    const next = await makeEvent(40 * DAY, { published: true });
    expect(await featuredId()).toBe(next.id);
    await updateEvent(su, { sales_state: 'open' });
    const past = await register(server, promoBody('CHAMPION2025', { event: seeded.id }));
    expect(past.status).toBe(409);
    expect(past.body.data.sales.code).toBe('event_over');
    expect(past.body.message).toContain('took place on');
  });

  it('refuses an event id that does not exist', async () => {
    const answer = await register(server, waitlistBody({ event: 'zzzzzzzzzzzzzzz' }));
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('This event does not exist or is not published.');
    expect((await register(server, waitlistBody({ event: 42 }))).status).toBe(400);
  });
});

describe('the default routes follow the featured event', () => {
  it('summary, calendar, promo check, registrations and analytics', async () => {
    const next = await makeEvent(60 * DAY, { published: true, price_cents: 12300, venue: 'The Next Venue' });
    const code = await su.collection('promo_codes').create({ code: unique('NEXT').toUpperCase(), event: next.id, max_uses: 5, active: true });
    const summary = (await get(server, '/api/masterclass/event')).body;
    expect(summary).toMatchObject({ id: next.id, price_cents: 12300, venue: 'The Next Venue', published: true });
    // The seeded masterclass can still be named.
    expect((await get(server, `/api/masterclass/event?event=${seeded.id}`)).body.id).toBe(seeded.id);
    const ics = await (await fetch(`${server.url}/api/masterclass/event.ics`)).text();
    expect(ics).toContain('The Next Venue');
    expect((await post(server, '/api/masterclass/promo/validate', { code: code.code })).status).toBe(200);
    // The seeded event's code is not valid for the featured one, but is when that event is named.
    const seededCode = await su.collection('promo_codes').create({ code: unique('LAST').toUpperCase(), event: seeded.id, max_uses: 5, active: true });
    try {
      expect((await post(server, '/api/masterclass/promo/validate', { code: seededCode.code })).status).toBe(400);
      expect((await post(server, '/api/masterclass/promo/validate', { code: seededCode.code, event: seeded.id })).status).toBe(200);
    } finally {
      await su.collection('promo_codes').delete(seededCode.id);
    }
    const registered = await register(server, promoBody(code.code));
    expect(registered.status).toBe(201);
    expect((await su.collection('registrations').getOne(registered.body.registrationId)).event).toBe(next.id);
    const analytics = await fetch(`${server.url}/api/masterclass/admin/analytics`, { headers: { Authorization: admin.client.authStore.token } });
    expect((await analytics.json()).event.id).toBe(next.id);
    const named = await fetch(`${server.url}/api/masterclass/admin/analytics?event=${seeded.id}`, { headers: { Authorization: admin.client.authStore.token } });
    expect((await named.json()).event.id).toBe(seeded.id);
  });
});
