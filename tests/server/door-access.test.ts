// Door passes against a real PocketBase: a link and a PIN that open Door
// Check-in for one masterclass and nothing else. Administrators create, list,
// revoke and re-PIN them; the sign-in answers unknown, revoked and wrong alike,
// locks a pass after five wrong PINs and limits each client; a pass's token
// reads and pushes at its own masterclass's door only, pulls only that
// masterclass's attendees (without their contact details) and check-ins
// through the change sequence, sees rows that leave it as gone, opens no
// other API, and dies everywhere the moment the pass is revoked, even for a
// push already on its way.
import { beforeAll, describe, expect, it } from 'vitest';
import PocketBase, { ClientResponseError } from 'pocketbase';
import { newRecordId } from '@/lib/ids';
import type { TestServer } from '../support/pocketbase';
import { createUser, serverForFile, unique, type TestUser } from './helpers';

const PASSES = '/api/masterclass/admin/door-passes';
const SIGN_IN = '/api/masterclass/door/sign-in';
const ROSTER = '/api/masterclass/admin/check-in/roster';
const PUSH = '/api/masterclass/admin/check-in/push';
const CHANGES = '/api/sync/changes';
const WRONG = 'This door link or PIN is not valid. Check the PIN, or ask the organiser for a new link.';

let server: TestServer;
let su: PocketBase;
let admin: TestUser;
let attendeeUser: TestUser;
let eventA: string;
let eventB: string;

interface CreatedPass { id: string; label: string; pin: string; url: string; event: string }
interface Refusal { status: number; message: string; data: Record<string, { code: string; message: string }> }

async function refusal(request: () => Promise<unknown>): Promise<Refusal> {
  try {
    await request();
  } catch (error) {
    if (error instanceof ClientResponseError) return { status: error.status, message: String(error.response?.message ?? ''), data: (error.response?.data ?? {}) as Refusal['data'] };
    throw error;
  }
  return { status: 200, message: '', data: {} };
}

async function createEvent(title: string): Promise<string> {
  const event = await su.collection('events').create({
    title, starts_at: '2031-09-01 00:00:00.000Z', ends_at: '2031-09-01 03:00:00.000Z', timezone: 'Australia/Adelaide',
    location: 'Adelaide, South Australia', venue: 'Hall A', capacity: 500, price_cents: 0, currency: 'AUD', sales_state: 'open',
    portal_unlock_at: '2031-08-31 23:00:00.000Z', max_per_registration: 10, published: true,
  });
  return event.id;
}

async function createAttendee(event: string, status = 'confirmed') {
  const email = `${unique('pass-')}@test.local`;
  const registration = await su.collection('registrations').create({
    event, kind: 'promo', status: 'completed', primary_email: email, currency: 'AUD', total_amount_cents: 0,
  });
  return su.collection('attendees').create({
    registration: registration.id, event, email, full_name: unique('Guest '), company: 'Door Co', job_title: 'Lead', role: 'Senior Manager',
    registration_status: status, privacy_consent: true, phone: '0400 000 000', dietary_requirements: 'Vegan',
  });
}

const createPass = (event = eventA, label = 'North door', client = admin.client) =>
  client.send<CreatedPass>(PASSES, { method: 'POST', body: { event, label } });

/** A client from its own address (the per-client PIN budget is kept per address). */
function clientFrom(address = `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`): PocketBase {
  const client = new PocketBase(server.url);
  client.autoCancellation(false);
  client.beforeSend = (url, options) => ({ url, options: { ...options, headers: { ...(options.headers as Record<string, string>), 'X-Forwarded-For': address } } });
  return client;
}

async function signIn(pass: string, pin: string, client = clientFrom()): Promise<PocketBase> {
  const answer = await client.send<{ token: string; record: Record<string, unknown> }>(SIGN_IN, { method: 'POST', body: { pass, pin } });
  client.authStore.save(answer.token, answer.record as never);
  return client;
}

function push(client: PocketBase, event: string, items: Record<string, unknown>[]) {
  return client.send<{ check_ins: Record<string, unknown>[]; refused: { id: string; code: string }[] }>(PUSH, {
    method: 'POST',
    body: { event, sent_at: new Date().toISOString(), check_ins: items.map((item) => ({ id: newRecordId(), method: 'search', scanned_at: new Date().toISOString(), device_name: 'Pass phone', ...item })) },
  });
}

const changes = (client: PocketBase, collection: string, after = 0) =>
  client.send<{ records: Record<string, unknown>[]; gone: string[]; last: number; more: boolean }>(CHANGES, { method: 'GET', query: { collection, after, limit: 5000 } });

serverForFile((started) => ({ server, su } = started), { env: { TRUSTED_PROXY_HEADERS: 'X-Forwarded-For', RATE_LIMIT_DOOR_PIN_FAILURES: '8/900' } });

beforeAll(async () => {
  [admin, attendeeUser] = await Promise.all([createUser(server, su, 'administrator'), createUser(server, su, 'attendee')]);
  [eventA, eventB] = await Promise.all([createEvent('Door A'), createEvent('Door B')]);
});

describe('administrators manage door passes', () => {
  it('creates a pass with a 6-digit PIN shown once and a link, and lists it without the PIN', async () => {
    const created = await createPass(eventA, '  North door  ');
    expect(created.pin).toMatch(/^[0-9]{6}$/);
    expect(created.label).toBe('North door');
    expect(created.url).toMatch(new RegExp(`/door/${created.id}$`));
    const list = await admin.client.send<{ items: Record<string, unknown>[] }>(PASSES, { query: { event: eventA } });
    const row = list.items.find((item) => item.id === created.id);
    expect(row).toMatchObject({ label: 'North door', revoked_at: '', last_used_at: '', check_ins: 0 });
    expect(row).not.toHaveProperty('pin');
    expect(JSON.stringify(list)).not.toContain(created.pin === '000000' ? 'never' : `"${created.pin}"`);
  });

  it('refuses guests (401), attendees and door passes (403), and bad input (4xx) with nothing made', async () => {
    const before = (await su.collection('door_passes').getFullList()).length;
    expect((await refusal(() => server.guest().send(PASSES, { method: 'POST', body: { event: eventA, label: 'X' } }))).status).toBe(401);
    expect((await refusal(() => createPass(eventA, 'X', attendeeUser.client))).status).toBe(403);
    const created = await createPass();
    const door = await signIn(created.id, created.pin);
    expect((await refusal(() => createPass(eventA, 'X', door))).status).toBe(403);
    expect((await refusal(() => door.send(PASSES, { query: { event: eventA } }))).status).toBe(403);
    expect((await refusal(() => door.send(`${PASSES}/${created.id}/pin`, { method: 'POST' }))).status).toBe(403);
    expect(await refusal(() => createPass(eventA, ''))).toMatchObject({ status: 400, data: { label: { code: 'invalid' } } });
    expect(await refusal(() => createPass(eventA, 'x'.repeat(61)))).toMatchObject({ status: 400, data: { label: { code: 'invalid' } } });
    expect(await refusal(() => createPass('nope', 'Door'))).toMatchObject({ status: 400, data: { event: { code: 'invalid' } } });
    expect(await refusal(() => createPass('a'.repeat(15), 'Door'))).toMatchObject({ status: 404 });
    expect((await refusal(() => admin.client.send(`${PASSES}/${'b'.repeat(15)}/revoke`, { method: 'POST' }))).status).toBe(404);
    expect((await su.collection('door_passes').getFullList()).length).toBe(before + 1);
  });

  it('keeps the records API closed: no rule opens door passes, and password sign-in is off', async () => {
    const created = await createPass();
    expect((await refusal(() => admin.client.collection('door_passes').getList())).status).toBe(403);
    expect((await refusal(() => admin.client.collection('door_passes').create({ event: eventA, label: 'x', password: '123456', passwordConfirm: '123456' })))).toMatchObject({ status: 403 });
    expect((await refusal(() => server.guest().collection('door_passes').authWithPassword(created.id, created.pin))).status).toBe(403);
  });
});

describe('signing in with the PIN', () => {
  it('answers a token for the right PIN, and unknown, revoked and wrong alike', async () => {
    const created = await createPass();
    const door = await signIn(created.id, created.pin);
    expect(door.authStore.record).toMatchObject({ id: created.id, collectionName: 'door_passes', event: eventA });
    expect(door.authStore.record).not.toHaveProperty('failed_pins');
    const wrongPin = String((Number(created.pin) + 1) % 1_000_000).padStart(6, '0');
    const wrong = await refusal(() => signIn(created.id, wrongPin));
    const unknown = await refusal(() => signIn(newRecordId(), created.pin));
    const revokedPass = await createPass();
    await admin.client.send(`${PASSES}/${revokedPass.id}/revoke`, { method: 'POST' });
    const revoked = await refusal(() => signIn(revokedPass.id, revokedPass.pin));
    for (const answer of [wrong, unknown, revoked]) expect(answer).toMatchObject({ status: 401, message: WRONG });
    expect(await refusal(() => signIn(created.id, '12ab'))).toMatchObject({ status: 400, data: { pin: { code: 'invalid' } } });
    const list = await admin.client.send<{ items: Record<string, string>[] }>(PASSES, { query: { event: eventA } });
    expect(list.items.find((item) => item.id === created.id)?.last_used_at).not.toBe('');
  });

  it('locks a pass for 15 minutes after 5 wrong PINs (even the right PIN waits), and a new PIN unlocks it', async () => {
    const created = await createPass();
    const door = await signIn(created.id, created.pin);
    const wrongPin = created.pin === '000000' ? '111111' : '000000';
    // Five wrong PINs at once, from five addresses: every one is counted.
    const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => refusal(() => signIn(created.id, wrongPin, clientFrom(`10.9.0.${n}`)))));
    expect(answers.filter((answer) => answer.status === 401)).toHaveLength(4);
    const locked = answers.find((answer) => answer.status === 429);
    expect(locked?.message).toMatch(/locked after 5 wrong PINs\. Try again in 15 minutes/);
    expect(await refusal(() => signIn(created.id, created.pin))).toMatchObject({ status: 429, data: { pin: { code: 'locked' } } });
    const renewed = await admin.client.send<CreatedPass>(`${PASSES}/${created.id}/pin`, { method: 'POST' });
    expect(renewed.pin).toMatch(/^[0-9]{6}$/);
    // The new PIN opens it at once; the sessions of the old one have ended.
    await signIn(created.id, renewed.pin);
    expect((await refusal(() => door.send(ROSTER, { query: { event: eventA } }))).status).toBe(401);
  });

  it('limits each client: past its budget of failures it is refused before any lookup', async () => {
    const address = '10.77.0.1';
    const created = await createPass();
    for (let n = 0; n < 8; n += 1) expect((await refusal(() => signIn(newRecordId(), '123456', clientFrom(address)))).status).toBe(401);
    expect(await refusal(() => signIn(created.id, created.pin, clientFrom(address)))).toMatchObject({ status: 429, data: { rate: { code: 'rate_limited' } } });
    // Another address is not affected.
    await signIn(created.id, created.pin, clientFrom('10.77.0.2'));
  });
});

describe('a door pass at the door', () => {
  it('reads its own masterclass roster without emails, and is refused at another masterclass', async () => {
    const attendee = await createAttendee(eventA);
    const created = await createPass(eventA);
    const door = await signIn(created.id, created.pin);
    const roster = await door.send<{ items: Record<string, string>[] }>(ROSTER, { query: { event: eventA } });
    const row = roster.items.find((item) => item.id === attendee.id);
    expect(row).toMatchObject({ full_name: attendee.full_name, email: '' });
    expect(await refusal(() => door.send(ROSTER, { query: { event: eventB } }))).toMatchObject({
      status: 403, message: 'This door pass is for another masterclass: it checks people in at its own masterclass only.',
    });
  });

  it('pushes check-ins named by the pass (never a user it claims), refuses another masterclass', async () => {
    const [mine, theirs] = await Promise.all([createAttendee(eventA), createAttendee(eventB)]);
    const created = await createPass(eventA);
    const door = await signIn(created.id, created.pin);
    const answer = await push(door, eventA, [{ attendee: mine.id, checked_in_by: admin.id }, { attendee: theirs.id }]);
    expect(answer.refused).toEqual([expect.objectContaining({ code: 'other_event' })]);
    const stored = await su.collection('check_ins').getFullList({ filter: su.filter('attendee = {:a}', { a: mine.id }) });
    expect(stored).toEqual([expect.objectContaining({ door_pass: created.id, checked_in_by: '', sent_by: '' })]);
    expect((await refusal(() => push(door, eventB, [{ attendee: theirs.id }]))).status).toBe(403);
    expect(await su.collection('check_ins').getFullList({ filter: su.filter('attendee = {:a}', { a: theirs.id }) })).toEqual([]);
    // An undo from the pass names it too.
    const [first] = stored;
    await push(door, eventA, [{ id: first!.id, attendee: mine.id, scanned_at: new Date().toISOString(), undone_at: new Date().toISOString() }]);
    expect(await su.collection('check_ins').getOne(first!.id)).toMatchObject({ undone_door_pass: created.id, undone_by: '' });
    // The administrators' list counts the pass's check-ins.
    const list = await admin.client.send<{ items: Record<string, unknown>[] }>(PASSES, { query: { event: eventA } });
    expect(list.items.find((item) => item.id === created.id)).toMatchObject({ check_ins: 1, created_by: admin.id });
    expect(await admin.client.send(`${PASSES}/${created.id}/revoke`, { method: 'POST' })).toMatchObject({ check_ins: 1, revoked_at: expect.stringMatching(/^20/) });
  });

  it('an administrator sending a check-in a pass made on the device keeps the pass on it', async () => {
    const attendee = await createAttendee(eventA);
    const created = await createPass(eventA);
    const other = await createPass(eventB);
    const answer = await push(admin.client, eventA, [{ attendee: attendee.id, checked_in_by: created.id }]);
    expect(answer.refused).toEqual([]);
    expect(answer.check_ins[0]).toMatchObject({ door_pass: created.id, checked_in_by: '', sent_by: admin.id });
    // A pass of another masterclass is not believed: the check-in names the sender.
    const second = await createAttendee(eventA);
    const answer2 = await push(admin.client, eventA, [{ attendee: second.id, checked_in_by: other.id }]);
    expect(answer2.check_ins[0]).toMatchObject({ door_pass: '', checked_in_by: admin.id });
  });

  it('opens no other API: the portal, the records API and the admin routes refuse a pass', async () => {
    const created = await createPass(eventA);
    const door = await signIn(created.id, created.pin);
    expect((await refusal(() => door.collection('attendees').getList())).status).toBe(403);
    expect((await refusal(() => door.collection('check_ins').getList())).status).toBe(403);
    expect((await refusal(() => door.collection('ai_use_cases').getList())).status).toBe(403);
    expect((await refusal(() => door.collection('tombstones').getList())).status).toBe(403);
    expect((await refusal(() => door.send('/api/masterclass/admin/attendees', { query: { event: eventA } }))).status).toBe(403);
    // Its own token refresh works (the sync engine checks the session with it).
    await door.collection('door_passes').authRefresh();
  });
});

describe('a door pass pulling by the change sequence', () => {
  it('pulls only its masterclass attendees (the door fields) and check-ins; rows that leave come back gone', async () => {
    const [mine, moving, deleted, theirs] = await Promise.all([createAttendee(eventA), createAttendee(eventA), createAttendee(eventA), createAttendee(eventB)]);
    const created = await createPass(eventA);
    const door = await signIn(created.id, created.pin);
    await push(admin.client, eventA, [{ attendee: mine.id }]);
    await push(admin.client, eventB, [{ attendee: theirs.id }]);
    const attendees = await changes(door, 'attendees');
    const ids = attendees.records.map((row) => row.id);
    expect(ids).toEqual(expect.arrayContaining([mine.id, moving.id, deleted.id]));
    expect(ids).not.toContain(theirs.id);
    const row = attendees.records.find((record) => record.id === mine.id)!;
    expect(Object.keys(row).sort()).toEqual(['collectionId', 'collectionName', 'company', 'event', 'full_name', 'id', 'registration_status', 'replaces', 'sync_seq', 'ticket_code', 'updated']);
    const checkIns = await changes(door, 'check_ins');
    expect(checkIns.records.map((record) => record.attendee)).toContain(mine.id);
    expect(checkIns.records.map((record) => record.attendee)).not.toContain(theirs.id);

    await su.collection('attendees').update(moving.id, { event: eventB });
    await su.collection('attendees').delete(deleted.id);
    const after = await changes(door, 'attendees', attendees.last);
    expect(after.gone).toEqual(expect.arrayContaining([moving.id, deleted.id]));
    expect(after.records.map((record) => record.id)).not.toContain(moving.id);

    for (const collection of ['users', 'events', 'materials', 'tombstones']) {
      expect((await refusal(() => changes(door, collection))).status).toBe(403);
    }
  });

  it('pulls who took a seat passed to a colleague (`replaces`), so the door names who holds it now, at a pass and at an administrator', async () => {
    const owner = await createUser(server, su, 'attendee');
    const passer = await createAttendee(eventA);
    await su.collection('attendees').update(passer.id, { user: owner.id });
    const created = await createPass(eventA);
    const door = await signIn(created.id, created.pin);
    const before = await changes(door, 'attendees');
    expect(before.records.find((record) => record.id === passer.id)).toMatchObject({ registration_status: 'confirmed', replaces: '' });

    // The seat is passed on through the attendee's own route, as in the portal.
    const email = `${unique('zoe.')}@example.com`;
    await owner.client.send('/api/masterclass/my-registration/substitute', {
      method: 'POST', body: { attendee: passer.id, fullName: 'Zoë 𠮷田', email, company: 'Door Co', jobTitle: 'Lead' },
    });
    for (const client of [door, admin.client]) {
      const rows = (await changes(client, 'attendees', before.last)).records;
      expect(rows.find((record) => record.id === passer.id)).toMatchObject({ registration_status: 'cancelled', replaces: '' });
      const colleague = rows.find((record) => record.replaces === passer.id);
      expect(colleague).toMatchObject({ full_name: 'Zoë 𠮷田', registration_status: 'confirmed', event: eventA });
    }
    // a pass still gets no contact details of the colleague
    const atDoor = (await changes(door, 'attendees', before.last)).records.find((record) => record.replaces === passer.id)!;
    expect(atDoor).not.toHaveProperty('email');
  });

  it("never sees another masterclass's attendee ids (tombstones or changed rows), and still gets gone for rows deleted at or moved out of its own", async () => {
    const eventC = await createEvent('Door C');
    const [stays, leaves, deleted, linked] = await Promise.all([createAttendee(eventA), createAttendee(eventA), createAttendee(eventA), createAttendee(eventA)]);
    const [otherDeleted, otherEdited, otherMoved, arriving] = await Promise.all([createAttendee(eventB), createAttendee(eventB), createAttendee(eventB), createAttendee(eventB)]);
    const otherIds = [otherDeleted.id, otherEdited.id, otherMoved.id];
    await su.collection('attendees').update(linked.id, { user: attendeeUser.id });
    const created = await createPass(eventA);
    const door = await signIn(created.id, created.pin);
    const first = await changes(door, 'attendees');
    for (const id of otherIds) {
      expect(first.records.map((row) => row.id)).not.toContain(id);
      expect(first.gone).not.toContain(id);
    }

    // elsewhere: deleted, edited, moved between other masterclasses, one moved in; here: one leaves, two deleted (one with an account)
    await su.collection('attendees').delete(otherDeleted.id);
    await su.collection('attendees').update(otherEdited.id, { company: 'Elsewhere Co' });
    await su.collection('attendees').update(otherMoved.id, { event: eventC });
    await su.collection('attendees').update(arriving.id, { event: eventA });
    await su.collection('attendees').update(leaves.id, { event: eventB });
    await su.collection('attendees').delete(deleted.id);
    await su.collection('attendees').delete(linked.id);
    await su.collection('attendees').update(stays.id, { company: 'Still Here Co' });

    for (const after of [first.last, 0]) {
      const page = await changes(door, 'attendees', after);
      const named = [...page.records.map((row) => String(row.id)), ...page.gone];
      for (const id of otherIds) expect(named, `another masterclass's attendee ${id} (after ${after})`).not.toContain(id);
      expect(page.records.map((row) => row.id)).toEqual(expect.arrayContaining([stays.id, arriving.id]));
      if (after > 0) expect(page.gone.sort()).toEqual([leaves.id, deleted.id, linked.id].sort());
    }
    // moved back: a row again, not gone
    await su.collection('attendees').update(leaves.id, { event: eventA });
    const back = await changes(door, 'attendees', first.last);
    expect(back.records.map((row) => row.id)).toContain(leaves.id);
    expect(back.gone).not.toContain(leaves.id);
  });

  it('a revoked pass is refused everywhere at once (401), its sessions ended', async () => {
    const attendee = await createAttendee(eventA);
    const created = await createPass(eventA);
    const door = await signIn(created.id, created.pin);
    await admin.client.send(`${PASSES}/${created.id}/revoke`, { method: 'POST' });
    expect((await refusal(() => changes(door, 'attendees'))).status).toBe(401);
    expect((await refusal(() => door.send(ROSTER, { query: { event: eventA } }))).status).toBe(401);
    expect((await refusal(() => push(door, eventA, [{ attendee: attendee.id }]))).status).toBe(401);
    expect((await refusal(() => door.collection('door_passes').authRefresh())).status).toBe(401);
    expect(await su.collection('check_ins').getFullList({ filter: su.filter('attendee = {:a}', { a: attendee.id }) })).toEqual([]);
    expect((await refusal(() => admin.client.send(`${PASSES}/${created.id}/pin`, { method: 'POST' }))).status).toBe(409);
  });

  it('a push on its way when the pass is revoked is stored whole or refused whole, and nothing after the revocation', async () => {
    for (let round = 0; round < 6; round += 1) {
      const attendee = await createAttendee(eventA);
      const created = await createPass(eventA);
      const door = await signIn(created.id, created.pin);
      const [pushed] = await Promise.all([
        refusal(() => push(door, eventA, [{ attendee: attendee.id }])),
        admin.client.send(`${PASSES}/${created.id}/revoke`, { method: 'POST' }),
      ]);
      const stored = await su.collection('check_ins').getFullList({ filter: su.filter('attendee = {:a}', { a: attendee.id }) });
      // Stored whole when its transaction committed before the revocation's, else refused with nothing stored; never a 5xx.
      if (pushed.status === 200) expect(stored).toHaveLength(1);
      else {
        expect(pushed.status).toBe(401);
        expect(stored).toEqual([]);
      }
      // Once the revocation is in, nothing more is taken.
      const later = await createAttendee(eventA);
      expect((await refusal(() => push(door, eventA, [{ attendee: later.id }]))).status).toBe(401);
    }
  });
});
