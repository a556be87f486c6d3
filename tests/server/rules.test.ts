// The API rules of every collection, for every role, as one table: each cell
// lists what the actor may do to a record ("L"ist, "V"iew, "C"reate, "U"pdate,
// "D"elete; "-" where the server must refuse). Every cell is measured against
// the real server with a fresh record, so a loosened rule fails here.
import { beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordService } from 'pocketbase';
import { masterclassEvent } from '../support/masterclassEvent';
import type { TestServer } from '../support/pocketbase';
import { allowed, createUser, samplePdf, seatAt, serverForFile, unique, type TestUser } from './helpers';

type Actor = 'guest' | 'attendee' | 'stranger' | 'admin' | 'superuser';
type Body = Record<string, unknown>;

// "attendee" is the signed-in user who owns the record (its own account, its
// attendee row, its tool records); "stranger" is another signed-in attendee;
// "admin" is a user with role administrator. The attendee holds a confirmed
// seat at the seeded masterclass, the stranger one at another masterclass.
const ACTORS: Actor[] = ['guest', 'attendee', 'stranger', 'admin', 'superuser'];
const MATRIX: Record<string, [string, string, string, string, string]> = {
  //                        guest    attendee  stranger  admin    superuser
  // published events (drafts: administrators only, tests/server/next-event.test.ts)
  events:                  ['LV---', 'LV---',  'LV---',  'LVCUD', 'LVCUD'],
  speakers:                ['LV---', 'LV---',  'LV---',  'LVCUD', 'LVCUD'],
  promo_codes:             ['-----', '-----',  '-----',  'LVCU-', 'LVCUD'],
  // session materials: the attendee holds a seat at their event, the stranger at another masterclass
  materials:               ['-----', 'LV---',  '-----',  'LVCUD', 'LVCUD'],
  registrations:           ['-----', '-----',  '-----',  'LV---', 'LVCUD'],
  attendees:               ['-----', 'LV---',  '-----',  'LV-UD', 'LVCUD'],
  users:                   ['-----', 'LV-U-',  '-----',  'LV---', 'LVCUD'],
  ai_use_cases:            ['-----', 'LV---',  'LV---',  'LVCUD', 'LVCUD'],
  readiness_assessments:   ['-----', 'LVCUD',  '-----',  '-----', 'LVCUD'],
  business_cases:          ['-----', 'LVCUD',  '-----',  '-----', 'LVCUD'],
  saved_use_cases:         ['-----', 'LVCUD',  '-----',  '-----', 'LVCUD'],
  emails:                  ['-----', '-----',  '-----',  'LV---', 'LVCUD'],
  email_secrets:           ['-----', '-----',  '-----',  '-----', 'LVCUD'],
  contact_messages:        ['--C--', '--C--',  '--C--',  'LVC-D', 'LVCUD'],
  stripe_events:           ['-----', '-----',  '-----',  '-----', 'LVCUD'],
  payment_actions:         ['-----', '-----',  '-----',  'LV---', 'LVCUD'],
  tombstones:              ['-----', 'LV---',  'LV---',  'LV---', 'LVCUD'],
  app_secrets:             ['-----', '-----',  '-----',  '-----', 'LVCUD'],
  // waitlist first: written only by the server (tests/server/early-access.test.ts)
  early_access:            ['-----', '-----',  '-----',  'LV---', 'LVCUD'],
  unsubscribes:            ['-----', '-----',  '-----',  'LV---', 'LVCUD'],
  // door check-ins: written only by the push route (tests/server/check-in.test.ts)
  check_ins:               ['-----', '-----',  '-----',  'LV---', 'LVCUD'],
  // door passes: made, listed and revoked only through the administrators' routes (tests/server/door-access.test.ts)
  door_passes:             ['-----', '-----',  '-----',  '-----', 'LVCUD'],
  // the seller on tax invoices and the documents issued: only through the server's routes (tests/server/invoices.test.ts)
  seller_details:          ['-----', '-----',  '-----',  '-----', 'LVCUD'],
  tax_documents:           ['-----', '-----',  '-----',  '-----', 'LVCUD'],
  // replaced ticket codes: written only by the server (tests/server/tickets.test.ts)
  voided_tickets:          ['-----', '-----',  '-----',  'LV---', 'LVCUD'],
  // seat offers to the waitlist: written only by the server (tests/server/waitlist-offers.test.ts)
  waitlist_offers:         ['-----', '-----',  '-----',  'LV---', 'LVCUD'],
  // background job runs: written only by the jobs (tests/server/jobs.test.ts)
  job_runs:                ['-----', '-----',  '-----',  'LV---', 'LVCUD'],
  backup_runs:             ['-----', '-----',  '-----',  'LV---', 'LVCUD'],
  // sign-in lock decisions: written only by the sign-in limits (tests/server/sign-in-limits.test.ts)
  security_events:         ['-----', '-----',  '-----',  'LV---', 'LVCUD'],
};

let taxDocumentNumber = 0;
/** A tax document row with a number no other test row has. */
const taxDocumentBody = () => ({ kind: 'invoice', number: ++taxDocumentNumber + 900000, currency: 'AUD', issued_at: new Date().toISOString() });

interface Fixture {
  /** Creates (as superuser) the record the actor's actions target; the attendee owns it where ownership applies. */
  seed: (actor: Actor) => Promise<string>;
  /** A valid body, so a refused create is refused by the rule, not by validation. */
  createBody: () => Body | Promise<Body>;
  updateBody: () => Body;
}

let server: TestServer;
let su: PocketBase;
let attendee: TestUser;
let stranger: TestUser;
let admin: TestUser;
let eventId: string;
let otherEventId: string;
let useCaseId: string;

function clientOf(actor: Actor): PocketBase {
  switch (actor) {
    case 'guest': return server.guest();
    case 'attendee': return attendee.client;
    case 'stranger': return stranger.client;
    case 'admin': return admin.client;
    case 'superuser': return su;
  }
}

async function seedRecord(collection: string, body: Body): Promise<string> {
  return (await su.collection(collection).create(body)).id;
}

const registrationBody = (): Body => ({
  event: eventId, kind: 'paid', status: 'pending', primary_email: `${unique('buyer')}@test.local`, currency: 'AUD', total_amount_cents: 49500,
});
const attendeeBody = async (user = ''): Promise<Body> => ({
  registration: await seedRecord('registrations', registrationBody()),
  event: eventId, full_name: 'Alex Example', email: `${unique('attendee')}@test.local`, registration_status: 'confirmed', user,
});
const eventBody = (): Body => ({
  title: 'Follow-up workshop', starts_at: '2026-09-01 00:00:00.000Z', ends_at: '2026-09-01 03:00:00.000Z',
  timezone: 'Australia/Adelaide', location: 'Adelaide, South Australia', capacity: 30, price_cents: 0, currency: 'AUD',
  sales_state: 'open', portal_unlock_at: '2026-08-31 23:00:00.000Z', max_per_registration: 10,
  // A published event: drafts are read by administrators only (tests/server/next-event.test.ts).
  published: true,
});
const ownedBody = {
  readiness_assessments: (): Body => ({ owner: attendee.id, status: 'in_progress', answers: { 'strategy-vision': 3 } }),
  business_cases: (): Body => ({ owner: attendee.id, title: 'Invoice coding pilot', status: 'draft' }),
  saved_use_cases: (): Body => ({ owner: attendee.id, title: 'My custom use case', generated: { summary: 'x' } }),
};
const ownedFixture = (collection: keyof typeof ownedBody, updateBody: Body): Fixture => ({
  seed: () => seedRecord(collection, ownedBody[collection]()),
  createBody: ownedBody[collection],
  updateBody: () => updateBody,
});

const voidedTicketBody = (attendeeId: string): Body => ({ code: unique('voided'), attendee: attendeeId, event: eventId, voided_at: new Date().toISOString() });
const securityEventBody = (): Body => ({
  kind: 'sign_in_locked', collection: 'users', account: `${unique('locked-')}@test.local`, client: '203.0.113.9',
  until: new Date(Date.now() + 15 * 60_000).toISOString(), failures: 10,
});

async function checkInBody(): Promise<Body> {
  const now = new Date().toISOString();
  return {
    attendee: await seedRecord('attendees', await attendeeBody()), event: eventId, method: 'scan', scanned_at: now, received_at: now,
    ordered_at: now, device_name: 'Door 1', checked_in_by: admin.id,
  };
}

async function paymentActionBody(): Promise<Body> {
  const registration = await seedRecord('registrations', registrationBody());
  return { kind: 'refund', registration, payment_intent: unique('pi_'), amount_cents: 49500, currency: 'AUD', idempotency_key: unique('refund-'), status: 'pending', attempts: 0 };
}

const fixtures: Record<string, Fixture> = {
  events: {
    seed: () => seedRecord('events', eventBody()),
    createBody: eventBody,
    updateBody: () => ({ venue: 'Adelaide Convention Centre' }),
  },
  speakers: {
    seed: () => seedRecord('speakers', { event: eventId, name: 'Guest Speaker', role: 'Head of Data', sort: 9 }),
    createBody: () => ({ event: eventId, name: 'New Speaker', role: 'Chief Data Officer', sort: 3 }),
    updateBody: () => ({ bio: 'Updated bio.' }),
  },
  promo_codes: {
    seed: () => seedRecord('promo_codes', { code: unique('SEED'), event: eventId, max_uses: 3, active: true }),
    createBody: () => ({ code: unique('NEW'), event: eventId, max_uses: 3, active: true }),
    updateBody: () => ({ max_uses: 4 }),
  },
  materials: {
    seed: () => seedRecord('materials', { event: eventId, title: 'Slides', file: samplePdf() }),
    createBody: () => ({ event: eventId, title: 'Workbook', file: samplePdf('workbook.pdf') }),
    updateBody: () => ({ description: 'Updated description' }),
  },
  registrations: {
    seed: () => seedRecord('registrations', registrationBody()),
    createBody: registrationBody,
    updateBody: () => ({ utm_source: 'linkedin' }),
  },
  attendees: {
    // Linked to the attendee (who reads only their own row); unlinked for the administrator, who may delete only an attendee without an account.
    seed: async (actor) => seedRecord('attendees', await attendeeBody(actor === 'admin' ? '' : attendee.id)),
    createBody: () => attendeeBody(),
    updateBody: () => ({ company: 'Updated Pty Ltd' }),
  },
  users: {
    // The attendee's own account; the superuser gets a throwaway one, since it may delete it.
    seed: async (actor) => (actor === 'superuser' ? (await createUser(server, su, 'attendee')).id : attendee.id),
    createBody: () => {
      const password = unique('pw-');
      return { email: `${unique('new')}@test.local`, password, passwordConfirm: password, role: 'attendee' };
    },
    updateBody: () => ({ company: 'Self-Updated Pty Ltd' }),
  },
  ai_use_cases: {
    seed: () => seedRecord('ai_use_cases', { title: unique('Use case '), industry: 'Retail' }),
    createBody: () => ({ title: unique('Created use case '), industry: 'Finance' }),
    updateBody: () => ({ description: 'Updated description' }),
  },
  readiness_assessments: ownedFixture('readiness_assessments', { score: 55 }),
  business_cases: ownedFixture('business_cases', { title: 'Renamed case' }),
  saved_use_cases: ownedFixture('saved_use_cases', { notes: 'Worth a pilot' }),
  emails: {
    seed: () => seedRecord('emails', { to: 'someone@test.local', subject: 'Your registration', status: 'captured' }),
    createBody: () => ({ to: 'someone@test.local', subject: 'Hello', status: 'queued' }),
    updateBody: () => ({ status: 'sent' }),
  },
  email_secrets: {
    // each working copy belongs to one outbox email (unique), so every record gets its own
    seed: async () => seedRecord('email_secrets', { email: await seedRecord('emails', { to: 'someone@test.local', subject: 'Reset', status: 'captured' }), text: 'working link' }),
    createBody: async () => ({ email: await seedRecord('emails', { to: 'someone@test.local', subject: 'Invite', status: 'captured' }), text: 'working link' }),
    updateBody: () => ({ text: 'changed' }),
  },
  contact_messages: {
    seed: () => seedRecord('contact_messages', { name: 'Sam', email: 'sam@test.local', subject: 'Hi', message: 'Seeded' }),
    createBody: () => ({ name: 'Jo Citizen', email: 'jo@test.local', subject: 'Next event', message: 'When is the next one?' }),
    updateBody: () => ({ subject: 'Changed' }),
  },
  stripe_events: {
    seed: () => seedRecord('stripe_events', { event_id: unique('evt_'), type: 'checkout.session.completed' }),
    createBody: () => ({ event_id: unique('evt_'), type: 'checkout.session.expired' }),
    updateBody: () => ({ type: 'checkout.session.async_payment_succeeded' }),
  },
  payment_actions: {
    seed: async () => seedRecord('payment_actions', await paymentActionBody()),
    createBody: paymentActionBody,
    updateBody: () => ({ status: 'done' }),
  },
  tombstones: {
    seed: () => seedRecord('tombstones', { collection: 'events', record_id: unique('rec') }),
    createBody: () => ({ collection: 'speakers', record_id: unique('rec') }),
    updateBody: () => ({ collection: 'materials' }),
  },
  early_access: {
    seed: () => seedRecord('early_access', { event: eventId, email: `${unique('early-')}@test.local`, sent_at: new Date().toISOString() }),
    createBody: () => ({ event: eventId, email: `${unique('early-')}@test.local` }),
    updateBody: () => ({ email: `${unique('changed-')}@test.local` }),
  },
  unsubscribes: {
    seed: () => seedRecord('unsubscribes', { email: `${unique('unsub-')}@test.local` }),
    createBody: () => ({ email: `${unique('unsub-')}@test.local` }),
    updateBody: () => ({ email: `${unique('changed-')}@test.local` }),
  },
  voided_tickets: {
    seed: async () => seedRecord('voided_tickets', voidedTicketBody(await seedRecord('attendees', await attendeeBody()))),
    createBody: async () => voidedTicketBody(await seedRecord('attendees', await attendeeBody())),
    updateBody: () => ({ code: unique('changed') }),
  },
  seller_details: {
    seed: () => seedRecord('seller_details', { legal_name: 'Seller Pty Ltd' }),
    createBody: () => ({ legal_name: 'Another Seller Pty Ltd' }),
    updateBody: () => ({ legal_name: 'Changed Seller Pty Ltd' }),
  },
  tax_documents: {
    seed: () => seedRecord('tax_documents', taxDocumentBody()),
    createBody: taxDocumentBody,
    updateBody: () => ({ amount_cents: 100 }),
  },
  door_passes: {
    seed: () => seedRecord('door_passes', { event: eventId, label: 'North door', password: '123456', passwordConfirm: '123456' }),
    createBody: () => ({ event: eventId, label: 'South door', password: '654321', passwordConfirm: '654321' }),
    updateBody: () => ({ label: 'Changed door' }),
  },
  check_ins: {
    seed: async () => seedRecord('check_ins', await checkInBody()),
    createBody: checkInBody,
    updateBody: () => ({ device_name: 'Changed door' }),
  },
  waitlist_offers: {
    seed: () => seedRecord('waitlist_offers', { event: eventId, email: `${unique('offer-')}@test.local`, status: 'skipped' }),
    createBody: () => ({ event: eventId, email: `${unique('offer-')}@test.local`, status: 'open' }),
    updateBody: () => ({ status: 'claimed' }),
  },
  job_runs: {
    seed: () => seedRecord('job_runs', { job: unique('job-'), runs: 1, failures: 0 }),
    createBody: () => ({ job: unique('job-'), runs: 1 }),
    updateBody: () => ({ failures: 5 }),
  },
  backup_runs: {
    seed: () => seedRecord('backup_runs', { name: unique('backup-'), kind: 'scheduled', ok: true, size_bytes: 1024, started_at: new Date().toISOString(), storage: 'local' }),
    createBody: () => ({ name: unique('backup-'), kind: 'manual', ok: true, started_at: new Date().toISOString(), storage: 'local' }),
    updateBody: () => ({ ok: false, error: 'rewritten' }),
  },
  security_events: {
    seed: () => seedRecord('security_events', securityEventBody()),
    createBody: securityEventBody,
    updateBody: () => ({ failures: 11 }),
  },
  app_secrets: {
    seed: () => seedRecord('app_secrets', { name: unique('seeded_'), value: unique().repeat(6) }),
    createBody: () => ({ name: unique('created_'), value: unique().repeat(6) }),
    updateBody: () => ({ value: unique().repeat(6) }),
  },
};

/** The ids a client may list (none when the list itself is refused). */
async function visibleIds(records: RecordService): Promise<string[]> {
  let ids: string[] = [];
  await allowed(async () => {
    ids = (await records.getFullList({ fields: 'id' })).map((item) => item.id);
  });
  return ids;
}

/** What `actor` may do to a fresh record of `collection`, as a "LVCUD" string. */
async function measure(collection: string, actor: Actor): Promise<string> {
  const spec = fixtures[collection];
  const id = await spec.seed(actor);
  const records = clientOf(actor).collection(collection);
  const list = (await visibleIds(records)).includes(id);
  const view = await allowed(() => records.getOne(id));
  const createBody = await spec.createBody();
  const create = await allowed(() => records.create(createBody));
  const update = await allowed(() => records.update(id, spec.updateBody()));
  const remove = await allowed(() => records.delete(id));
  return [list && 'L', view && 'V', create && 'C', update && 'U', remove && 'D'].map((granted) => granted || '-').join('');
}

serverForFile((started) => ({ server, su } = started));

beforeAll(async () => {
  [attendee, stranger, admin] = await Promise.all([
    createUser(server, su, 'attendee'),
    createUser(server, su, 'attendee'),
    createUser(server, su, 'administrator'),
  ]);
  eventId = (await masterclassEvent(su)).id;
  otherEventId = await seedRecord('events', eventBody());
  await Promise.all([seatAt(su, attendee, eventId), seatAt(su, stranger, otherEventId)]);
  useCaseId = (await su.collection('ai_use_cases').getList(1, 1)).items[0].id;
});

describe('rules matrix', () => {
  const cells = Object.entries(MATRIX).flatMap(([collection, row]) =>
    ACTORS.map((actor, column) => ({ collection, actor, expected: row[column] })),
  );

  it('covers every collection', async () => {
    const collections = (await su.collections.getFullList()).filter((collection) => !collection.system).map((collection) => collection.name);
    expect(Object.keys(MATRIX).sort()).toEqual(collections.sort());
    expect(Object.keys(fixtures).sort()).toEqual(collections.sort());
  });

  it.each(cells)('$collection: $actor may $expected', async ({ collection, actor, expected }) => {
    expect(await measure(collection, actor)).toBe(expected);
  });
});

describe('refusals', () => {
  it('a guest reads no promo code, registration, attendee, email or user', async () => {
    const guest = server.guest();
    await seedRecord('attendees', await attendeeBody(attendee.id));
    await seedRecord('emails', { to: attendee.email, subject: 'Your invitation', status: 'captured' });
    await seedRecord('readiness_assessments', ownedBody.readiness_assessments());
    for (const collection of ['promo_codes', 'registrations', 'attendees', 'emails', 'users', 'readiness_assessments']) {
      expect((await visibleIds(su.collection(collection))).length, collection).toBeGreaterThan(0);
      expect(await visibleIds(guest.collection(collection)), collection).toEqual([]);
    }
    await expect(guest.collection('users').getOne(attendee.id)).rejects.toMatchObject({ status: 404 });
    await expect(guest.collection('promo_codes').getFirstListItem('code = "CHAMPION2025"')).rejects.toMatchObject({ status: 404 });
  });

  it('a guest cannot sign up by creating a user directly', async () => {
    const password = 'long-enough-password';
    await expect(
      server.guest().collection('users').create({ email: 'intruder@test.local', password, passwordConfirm: password, role: 'administrator' }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(su.collection('users').getFirstListItem('email = "intruder@test.local"')).rejects.toMatchObject({ status: 404 });
  });

  it('an attendee reads no other user, nor their tool records', async () => {
    const theirs = await su.collection('business_cases').create({ owner: stranger.id, title: 'Private case', status: 'draft' });
    await expect(attendee.client.collection('users').getOne(stranger.id)).rejects.toMatchObject({ status: 404 });
    await expect(attendee.client.collection('business_cases').getOne(theirs.id)).rejects.toMatchObject({ status: 404 });
    const listed = await attendee.client.collection('users').getFullList();
    expect(listed.map((user) => user.id)).toEqual([attendee.id]);
  });

  it('a user cannot change its own email, role or verified flag', async () => {
    const users = attendee.client.collection('users');
    expect(await allowed(() => users.update(attendee.id, { role: 'administrator' }))).toBe(false);
    expect(await allowed(() => users.update(attendee.id, { email: 'new-address@test.local' }))).toBe(false);
    expect(await allowed(() => users.update(attendee.id, { verified: false }))).toBe(false);
    const after = await su.collection('users').getOne(attendee.id);
    expect(after).toMatchObject({ role: 'attendee', email: attendee.email, verified: true });
  });

  it('a user may resend its unchanged role and email with a profile update', async () => {
    const updated = await attendee.client.collection('users').update(attendee.id, {
      role: 'attendee', email: attendee.email, full_name: 'Alex Attendee', industry: 'finance',
    });
    expect(updated).toMatchObject({ full_name: 'Alex Attendee', industry: 'finance', role: 'attendee' });
  });

  it('an administrator cannot change another user\'s role', async () => {
    expect(await allowed(() => admin.client.collection('users').update(stranger.id, { role: 'administrator' }))).toBe(false);
    expect((await su.collection('users').getOne(stranger.id)).role).toBe('attendee');
  });

  it('tool records are created only for oneself and never handed to someone else', async () => {
    const cases = stranger.client.collection('business_cases');
    expect(await allowed(() => cases.create({ owner: attendee.id, title: 'Planted', status: 'draft' }))).toBe(false);
    const own = await cases.create({ owner: stranger.id, title: 'Mine', status: 'draft' });
    expect(own.owner).toBe(stranger.id);
    expect(await allowed(() => cases.update(own.id, { owner: attendee.id }))).toBe(false);
    expect((await su.collection('business_cases').getOne(own.id)).owner).toBe(stranger.id);
  });

  it('a saved use case may point at a library use case once per user', async () => {
    const saved = attendee.client.collection('saved_use_cases');
    await saved.create({ owner: attendee.id, use_case: useCaseId, title: 'Bookmarked' });
    await expect(saved.create({ owner: attendee.id, use_case: useCaseId, title: 'Again' })).rejects.toMatchObject({ status: 400 });
    await stranger.client.collection('saved_use_cases').create({ owner: stranger.id, use_case: useCaseId, title: 'Also bookmarked' });
  });
});

describe('materials unlock', () => {
  it('signed-in attendees see materials only once the portal has unlocked; administrators always', async () => {
    const original = await su.collection('events').getOne(eventId);
    const materialsOf = async (user: TestUser) =>
      (await user.client.collection('materials').getFullList({ filter: `event = "${eventId}"` })).length;
    try {
      await su.collection('events').update(eventId, { portal_unlock_at: '2099-01-01 00:00:00.000Z' });
      expect(await materialsOf(attendee)).toBe(0);
      expect(await materialsOf(admin)).toBeGreaterThanOrEqual(4);

      await su.collection('events').update(eventId, { portal_unlock_at: new Date(Date.now() - 60_000).toISOString() });
      expect(await materialsOf(attendee)).toBeGreaterThanOrEqual(4);
    } finally {
      await su.collection('events').update(eventId, { portal_unlock_at: original.portal_unlock_at });
    }
  });

  it("an account reads the materials of its own masterclass only: a confirmed or observer seat there, not a waitlisted or cancelled one", async () => {
    // Another event, unlocked, with a material; the stranger holds a seat there and the attendee does not.
    const other = await seedRecord('materials', { event: otherEventId, title: 'Other masterclass slides', file: samplePdf() });
    await su.collection('events').update(otherEventId, { portal_unlock_at: new Date(Date.now() - 60_000).toISOString() });
    const reads = async (user: TestUser) => (await user.client.collection('materials').getFullList({ filter: `event = "${otherEventId}"` })).map((m) => m.id);

    expect(await reads(stranger)).toEqual([other]);
    // The attendee has a seat (at another event) and the event has seats (the stranger's): neither is enough.
    expect(await reads(attendee)).toEqual([]);
    expect(await allowed(() => attendee.client.collection('materials').getOne(other))).toBe(false);

    const [waitlisted, cancelled, observer] = await Promise.all([
      createUser(server, su, 'attendee'), createUser(server, su, 'attendee'), createUser(server, su, 'attendee'),
    ]);
    await Promise.all([
      seatAt(su, waitlisted, otherEventId, 'waitlisted'),
      seatAt(su, cancelled, otherEventId, 'cancelled'),
      seatAt(su, observer, otherEventId, 'confirmed_observer'),
    ]);
    expect(await reads(waitlisted)).toEqual([]);
    expect(await reads(cancelled)).toEqual([]);
    expect(await reads(observer)).toEqual([other]);
  });

  it('material files need a signed-in file token', async () => {
    const material = (await attendee.client.collection('materials').getList(1, 1, { filter: `event = "${eventId}"` })).items[0];
    const bare = attendee.client.files.getURL(material, material.file);
    expect((await fetch(bare)).status).not.toBe(200);
    const token = await attendee.client.files.getToken();
    const withToken = await fetch(attendee.client.files.getURL(material, material.file, { token }));
    expect(withToken.status).toBe(200);
  });
});
