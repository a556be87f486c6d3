// Door check-in against a real PocketBase: the roster route (administrators
// only, one event's attendees, paged), the push route, and the check-ins as
// the door devices pull them (the change sequence, GET /api/sync/changes): a
// check-in sent twice is stored once, two devices checking in the same ticket
// give one winner and one conflict (ordered by scan time, or by receipt time
// for a device whose clock is off), an undo is recorded, a check-in names who
// scanned it and who sent it, and every refusal (another event's attendee, a cancelled or waitlisted one, a
// forged attendee id, an id already used, guests, attendees, superusers)
// stores nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { ClientResponseError } from 'pocketbase';
import { settleConflicts as appSettle, clockSuspect as appClockSuspect, CLOCK_TOLERANCE_MS } from '@/features/admin/check-in/conflictRule';
import { newRecordId } from '@/lib/ids';
import { loadHookModule } from '../support/hook-module';
import type { TestServer } from '../support/pocketbase';
import { createUser, serverForFile, unique, type TestUser } from './helpers';

interface HookRules {
  CLOCK_TOLERANCE_MS: number;
  clockSuspect: (offsetMs: number) => boolean;
  orderedAt: (scannedAt: string, receivedAt: string, suspect: boolean) => string;
  settleConflicts: (rows: { id: string; ordered_at: string; undone_at: string }[]) => Record<string, { conflict: boolean; conflict_with: string }>;
}

const hookRules = loadHookModule<HookRules>('checkin/rules');

const ROSTER = '/api/masterclass/admin/check-in/roster';
/** The change sequence the door devices pull every door's check-ins from. */
const CHANGES = '/api/sync/changes?collection=check_ins';
const PUSH = '/api/masterclass/admin/check-in/push';

let server: TestServer;
let su: PocketBase;
let admin: TestUser;
let otherAdmin: TestUser;
let attendeeUser: TestUser;
let eventId: string;
let otherEventId: string;

type Status = 'confirmed' | 'confirmed_observer' | 'waitlisted' | 'cancelled';

async function createEvent(title: string): Promise<string> {
  const event = await su.collection('events').create({
    title, starts_at: '2031-09-01 00:00:00.000Z', ends_at: '2031-09-01 03:00:00.000Z', timezone: 'Australia/Adelaide',
    location: 'Adelaide, South Australia', venue: 'Hall A', capacity: 500, price_cents: 0, currency: 'AUD', sales_state: 'open',
    portal_unlock_at: '2031-08-31 23:00:00.000Z', max_per_registration: 10, published: true,
  });
  return event.id;
}

async function createAttendee(event: string, status: Status = 'confirmed', name = unique('Guest ')) {
  const email = `${unique('door-')}@test.local`;
  const registration = await su.collection('registrations').create({
    event, kind: 'promo', status: 'completed', primary_email: email, currency: 'AUD', total_amount_cents: 0,
  });
  return su.collection('attendees').create({
    registration: registration.id, event, email, full_name: name, company: 'Door Co', job_title: 'Lead', role: 'Senior Manager',
    registration_status: status, privacy_consent: true,
  });
}

interface PushItem {
  id: string;
  attendee: string;
  method?: 'scan' | 'search';
  scanned_at?: string;
  device_name?: string;
  undone_at?: string;
  undone_device?: string;
  checked_in_by?: string;
  undone_by?: string;
}

interface PushAnswer {
  received_at: string;
  clock_suspect: boolean;
  device_clock_offset_ms: number;
  check_ins: Record<string, unknown>[];
  refused: { id: string; code: string; message: string }[];
}

function push(client: PocketBase, items: PushItem[], { event = eventId, sentAt = new Date() }: { event?: unknown; sentAt?: Date | string } = {}) {
  return client.send<PushAnswer>(PUSH, {
    method: 'POST',
    body: {
      event,
      sent_at: typeof sentAt === 'string' ? sentAt : sentAt.toISOString(),
      check_ins: items.map((item) => ({
        method: 'scan', scanned_at: new Date().toISOString(), device_name: 'Door 1', ...item,
      })),
    },
  });
}

async function status(request: () => Promise<unknown>): Promise<number> {
  try {
    await request();
    return 200;
  } catch (error) {
    if (error instanceof ClientResponseError) return error.status;
    throw error;
  }
}

const checkInsOf = (attendee: string) => su.collection('check_ins').getFullList({ filter: su.filter('attendee = {:attendee}', { attendee }), sort: 'ordered_at,id' });

serverForFile((started) => ({ server, su } = started));

beforeAll(async () => {
  [admin, otherAdmin, attendeeUser] = await Promise.all([
    createUser(server, su, 'administrator', { full_name: 'Door Admin' }),
    createUser(server, su, 'administrator', { full_name: 'Second Door' }),
    createUser(server, su, 'attendee'),
  ]);
  [eventId, otherEventId] = await Promise.all([createEvent('Door masterclass'), createEvent('Another masterclass')]);
});

describe('the conflict rule on both sides', () => {
  const rows = [
    { id: 'bbbbbbbbbbbbbbb', ordered_at: '2031-09-01 00:10:00.000Z', scanned_at: '2031-09-01 00:10:00.000Z', undone_at: '' },
    { id: 'aaaaaaaaaaaaaaa', ordered_at: '2031-09-01 00:10:00.000Z', scanned_at: '2031-09-01 00:10:00.000Z', undone_at: '' },
    { id: 'ccccccccccccccc', ordered_at: '2031-09-01 00:05:00.000Z', scanned_at: '2031-09-01 00:05:00.000Z', undone_at: '2031-09-01 00:06:00.000Z' },
    { id: 'ddddddddddddddd', ordered_at: '2031-09-01 00:20:00.000Z', scanned_at: '2031-09-01 00:01:00.000Z', undone_at: '' },
  ];

  it('the server and the app pick the same winner and the same conflicts', () => {
    const cases = [rows, rows.slice(0, 1), rows.slice(1), rows.slice(2), [rows[2]], [], [rows[3], rows[0]]];
    for (const sample of cases) {
      const server = hookRules.settleConflicts(sample);
      const app = appSettle(sample);
      const serverWinner = sample.find((row) => !row.undone_at && !server[row.id].conflict)?.id ?? null;
      expect(serverWinner).toBe(app.winner?.id ?? null);
      expect(sample.filter((row) => server[row.id].conflict).map((row) => row.id).sort()).toEqual(app.conflicts.map((row) => row.id).sort());
      for (const row of app.conflicts) expect(server[row.id].conflict_with).toBe(app.winner?.id);
    }
    // ties by id; an undone check-in takes no part; ordered_at (not scanned_at) decides
    expect(appSettle(rows).winner?.id).toBe('aaaaaaaaaaaaaaa');
  });

  it('the same clock tolerance', () => {
    expect(hookRules.CLOCK_TOLERANCE_MS).toBe(CLOCK_TOLERANCE_MS);
    for (const offset of [0, 299_999, 300_000, 300_001, -300_001, -3_600_000]) expect(hookRules.clockSuspect(offset)).toBe(appClockSuspect(offset));
    expect(hookRules.orderedAt('scan', 'receipt', false)).toBe('scan');
    expect(hookRules.orderedAt('scan', 'receipt', true)).toBe('receipt');
  });
});

describe('who may use the door routes', () => {
  it('guests get 401, attendees 403, and nothing is stored', async () => {
    const attendee = await createAttendee(eventId);
    const id = newRecordId();
    expect(await status(() => push(server.guest(), [{ id, attendee: attendee.id }]))).toBe(401);
    expect(await status(() => push(attendeeUser.client, [{ id, attendee: attendee.id }]))).toBe(403);
    expect(await status(() => server.guest().send(`${ROSTER}?event=${eventId}`, {}))).toBe(401);
    expect(await status(() => attendeeUser.client.send(`${ROSTER}?event=${eventId}`, {}))).toBe(403);
    // the change sequence shows check-ins to administrators only
    expect((await attendeeUser.client.send<{ records: unknown[] }>(`${CHANGES}&after=0`, {})).records).toEqual([]);
    // the collection itself: administrators read, nobody writes through the API
    expect(await status(() => attendeeUser.client.collection('check_ins').getList(1, 1))).toBe(200);
    expect((await attendeeUser.client.collection('check_ins').getList(1, 1)).totalItems).toBe(0);
    expect(await status(() => admin.client.collection('check_ins').create({
      id: newRecordId(), attendee: attendee.id, event: eventId, method: 'scan', scanned_at: new Date().toISOString(),
      received_at: new Date().toISOString(), ordered_at: new Date().toISOString(), device_name: 'Forged', checked_in_by: admin.id,
    }))).toBe(403);
    expect(await checkInsOf(attendee.id)).toHaveLength(0);
  });

  it('a superuser is asked to use an administrator account (each check-in names who made it)', async () => {
    const attendee = await createAttendee(eventId);
    expect(await status(() => push(su, [{ id: newRecordId(), attendee: attendee.id }]))).toBe(403);
    expect(await checkInsOf(attendee.id)).toHaveLength(0);
  });
});

describe('the roster', () => {
  it('lists one event\'s attendees, every status, with their ticket codes, page by page', async () => {
    const rosterEvent = await createEvent('Roster masterclass');
    const made: Awaited<ReturnType<typeof createAttendee>>[] = [];
    for (const state of ['confirmed', 'confirmed', 'confirmed_observer', 'waitlisted', 'cancelled'] as Status[]) made.push(await createAttendee(rosterEvent, state));
    await createAttendee(otherEventId);
    const first = await admin.client.send(`${ROSTER}?event=${rosterEvent}&limit=2`, {});
    expect(first.event).toMatchObject({ id: rosterEvent, title: 'Roster masterclass', timezone: 'Australia/Adelaide' });
    expect(first.total).toBe(5);
    expect(first.items).toHaveLength(2);
    expect(first.next).toBe(first.items[1].id);
    const all = [...first.items];
    let next = first.next;
    while (next) {
      const page = await admin.client.send(`${ROSTER}?event=${rosterEvent}&limit=2&after=${next}`, {});
      expect(page.event).toBeUndefined();
      all.push(...page.items);
      next = page.next;
    }
    expect(all.map((row) => row.id)).toEqual(made.map((row) => row.id).sort());
    const confirmed = all.find((row) => row.id === made[0].id);
    expect(confirmed).toMatchObject({ full_name: made[0].full_name, email: made[0].email, company: 'Door Co', registration_status: 'confirmed' });
    expect(confirmed.ticket_code).toMatch(/^[a-z0-9]{26}$/);
    expect(Object.keys(confirmed).sort()).toEqual(['company', 'email', 'full_name', 'id', 'registration_status', 'ticket_code', 'updated']);
    expect(all.find((row) => row.id === made[3].id).registration_status).toBe('waitlisted');
  });

  it('refuses a missing, malformed or unknown event and a malformed cursor', async () => {
    expect(await status(() => admin.client.send(ROSTER, {}))).toBe(400);
    expect(await status(() => admin.client.send(`${ROSTER}?event=nope`, {}))).toBe(400);
    expect(await status(() => admin.client.send(`${ROSTER}?event=zzzzzzzzzzzzzzz`, {}))).toBe(404);
    expect(await status(() => admin.client.send(`${ROSTER}?event=${eventId}&after=1' OR 1=1`, {}))).toBe(400);
  });
});

describe('pushing check-ins', () => {
  it('the same check-in sent twice is stored once', async () => {
    const attendee = await createAttendee(eventId);
    const item = { id: newRecordId(), attendee: attendee.id, scanned_at: new Date(Date.now() - 60_000).toISOString() };
    const first = await push(admin.client, [item]);
    const again = await push(admin.client, [item]);
    expect(first.refused).toEqual([]);
    expect(again.refused).toEqual([]);
    const stored = await checkInsOf(attendee.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ id: item.id, event: eventId, device_name: 'Door 1', checked_in_by: admin.id, conflict: false, clock_suspect: false, method: 'scan' });
    expect(Date.parse(stored[0].scanned_at.replace(' ', 'T'))).toBe(Date.parse(item.scanned_at));
    expect(stored[0].ordered_at).toBe(stored[0].scanned_at);
    expect(again.check_ins.map((row) => row.id)).toEqual([item.id]);
  });

  it('two devices checking in the same ticket: the first scan wins, the other is a conflict with it, on both answers', async () => {
    const attendee = await createAttendee(eventId);
    const early = { id: newRecordId(), attendee: attendee.id, scanned_at: '2031-09-01T00:10:00.000Z', device_name: 'North door' };
    const late = { id: newRecordId(), attendee: attendee.id, scanned_at: '2031-09-01T00:12:00.000Z', device_name: 'South door' };
    // the later scan reaches the server first
    const lateAnswer = await push(otherAdmin.client, [late]);
    expect(lateAnswer.check_ins.find((row) => row.id === late.id)?.conflict).toBe(false);
    const earlyAnswer = await push(admin.client, [early]);
    const rows = await checkInsOf(attendee.id);
    expect(rows.map((row) => [row.id, row.conflict, row.conflict_with])).toEqual([[early.id, false, ''], [late.id, true, early.id]]);
    expect(earlyAnswer.check_ins.map((row) => row.id).sort()).toEqual([early.id, late.id].sort());
    const listed = await otherAdmin.client.send(`${CHANGES}&after=0&limit=1000`, {});
    expect(listed.records.find((row: { id: string }) => row.id === late.id)).toMatchObject({ conflict: true, conflict_with: early.id, device_name: 'South door' });
    // The push answers each check-in with its number in the change sequence, as the pull does: a door storing either keeps the same version.
    const pulledSeq = (id: unknown) => listed.records.find((row: { id: string }) => row.id === id)?.sync_seq;
    expect(earlyAnswer.check_ins.map((row) => [row.id, row.sync_seq])).toEqual(earlyAnswer.check_ins.map((row) => [row.id, pulledSeq(row.id)]));
    expect(earlyAnswer.check_ins.every((row) => typeof row.sync_seq === 'number' && row.sync_seq > 0)).toBe(true);
    // undoing the winner lets the other one in; the conflict is gone
    await push(admin.client, [{ ...early, undone_at: '2031-09-01T00:13:00.000Z', undone_device: 'North door' }]);
    const after = await checkInsOf(attendee.id);
    expect(after.map((row) => [row.id, row.conflict, Boolean(row.undone_at)])).toEqual([[early.id, false, true], [late.id, false, false]]);
    expect(after[0]).toMatchObject({ undone_by: admin.id, undone_device: 'North door' });
  });

  it('a device whose clock is wrong: both times are kept, the clock is flagged, and its check-in is ordered by receipt', async () => {
    const attendee = await createAttendee(eventId);
    // this device's clock is an hour behind: its scan looks earliest, but the server cannot trust it
    const hourBehind = Date.now() - 3_600_000;
    const skewed = { id: newRecordId(), attendee: attendee.id, scanned_at: new Date(hourBehind - 120_000).toISOString(), device_name: 'Slow clock' };
    const honest = { id: newRecordId(), attendee: attendee.id, scanned_at: new Date(Date.now() - 60_000).toISOString(), device_name: 'Good clock' };
    await push(admin.client, [honest]);
    const answer = await push(otherAdmin.client, [skewed], { sentAt: new Date(hourBehind) });
    expect(answer.clock_suspect).toBe(true);
    expect(answer.device_clock_offset_ms).toBeGreaterThan(3_500_000);
    const rows = await checkInsOf(attendee.id);
    const stored = rows.find((row) => row.id === skewed.id)!;
    expect(stored.clock_suspect).toBe(true);
    expect(Date.parse(stored.scanned_at.replace(' ', 'T'))).toBe(Date.parse(skewed.scanned_at));
    expect(stored.ordered_at).toBe(stored.received_at);
    expect(rows.find((row) => row.id === honest.id)).toMatchObject({ conflict: false });
    expect(stored).toMatchObject({ conflict: true, conflict_with: honest.id });
  });

  it('refuses a check-in of someone who passed their seat to a colleague, naming who holds it now; the colleague comes in', async () => {
    const owner = await createUser(server, su, 'attendee');
    const passer = await createAttendee(eventId, 'confirmed', 'Ada Lovelace');
    await su.collection('attendees').update(passer.id, { user: owner.id });
    // Passed on through the attendee's own route, as in the portal (a device offline meanwhile still has Ada as confirmed).
    await owner.client.send('/api/masterclass/my-registration/substitute', {
      method: 'POST', body: { attendee: passer.id, fullName: 'Zoë 𠮷田', email: `${unique('zoe.')}@example.com`, company: 'Door Co', jobTitle: 'Lead' },
    });
    const colleague = await su.collection('attendees').getFirstListItem(su.filter('replaces = {:id}', { id: passer.id }));
    const answer = await push(admin.client, [{ id: newRecordId(), attendee: passer.id }, { id: newRecordId(), attendee: colleague.id }]);
    expect(answer.refused.map((row) => [row.code, row.message])).toEqual([['cancelled', 'This seat was passed to Zoë 𠮷田, so this attendee cannot be checked in with it.']]);
    expect(await checkInsOf(passer.id)).toHaveLength(0);
    expect(await checkInsOf(colleague.id)).toHaveLength(1);
  });

  it('refuses another event\'s attendee, a cancelled or waitlisted one, a forged attendee id and a reused id, storing none of them', async () => {
    const good = await createAttendee(eventId);
    const otherEvents = await createAttendee(otherEventId);
    const cancelled = await createAttendee(eventId, 'cancelled');
    const waitlisted = await createAttendee(eventId, 'waitlisted');
    const observer = await createAttendee(eventId, 'confirmed_observer');
    const taken = { id: newRecordId(), attendee: good.id };
    await push(admin.client, [taken]);
    const forgedId = newRecordId();
    const items = [
      { id: newRecordId(), attendee: otherEvents.id },
      { id: newRecordId(), attendee: cancelled.id },
      { id: newRecordId(), attendee: waitlisted.id },
      { id: newRecordId(), attendee: forgedId },
      { id: taken.id, attendee: observer.id },
      { id: 'NOT-AN-ID', attendee: good.id },
      { id: newRecordId(), attendee: good.id, device_name: '' },
      { id: newRecordId(), attendee: good.id, scanned_at: 'yesterday' },
      { id: newRecordId(), attendee: observer.id },
    ];
    const answer = await push(admin.client, items);
    expect(answer.refused.map((row) => row.code)).toEqual([
      'invalid', 'invalid', 'invalid', 'other_event', 'cancelled', 'waitlisted', 'attendee_unknown', 'id_taken',
    ]);
    expect(answer.refused.find((row) => row.code === 'other_event')?.message).toBe('This attendee is registered for another masterclass, so they cannot be checked in here.');
    expect(answer.refused.find((row) => row.code === 'cancelled')?.message).toBe("This attendee's registration was cancelled, so they cannot be checked in.");
    expect(await checkInsOf(otherEvents.id)).toHaveLength(0);
    expect(await checkInsOf(cancelled.id)).toHaveLength(0);
    expect(await checkInsOf(waitlisted.id)).toHaveLength(0);
    expect(await checkInsOf(good.id)).toHaveLength(1);
    // the observer's own check-in went in; the reused id did not become theirs
    expect((await checkInsOf(observer.id)).map((row) => row.id)).toEqual([items[8].id]);
    // pushing the other event's attendee under its own event works: the refusal was about the door
    const atTheirDoor = await push(admin.client, [{ id: newRecordId(), attendee: otherEvents.id }], { event: otherEventId });
    expect(atTheirDoor.refused).toEqual([]);
  });

  it('a check-in scanned by one administrator and sent by another (the device changed hands offline) names the scanner and the sender', async () => {
    const attendee = await createAttendee(eventId);
    const item = { id: newRecordId(), attendee: attendee.id, checked_in_by: admin.id, device_name: 'Shared tablet' };
    const answer = await push(otherAdmin.client, [item]);
    expect(answer.refused).toEqual([]);
    const [stored] = await checkInsOf(attendee.id);
    expect(stored).toMatchObject({ id: item.id, checked_in_by: admin.id, sent_by: otherAdmin.id, device_name: 'Shared tablet' });
    // the undo, made by the second administrator and sent by the first
    await push(admin.client, [{ ...item, undone_at: new Date().toISOString(), undone_device: 'Shared tablet', undone_by: otherAdmin.id }]);
    const [undone] = await checkInsOf(attendee.id);
    expect(undone).toMatchObject({ checked_in_by: admin.id, undone_by: otherAdmin.id, sent_by: otherAdmin.id });
  });

  it('a scanner who is not an administrator (or no one) is not believed: the sender is recorded as the scanner', async () => {
    const first = await createAttendee(eventId);
    const second = await createAttendee(eventId);
    const third = await createAttendee(eventId);
    const answer = await push(otherAdmin.client, [
      { id: newRecordId(), attendee: first.id, checked_in_by: attendeeUser.id },
      { id: newRecordId(), attendee: second.id, checked_in_by: 'zzzzzzzzzzzzzzz' },
      { id: newRecordId(), attendee: third.id },
    ]);
    expect(answer.refused).toEqual([]);
    for (const attendee of [first, second, third]) {
      expect((await checkInsOf(attendee.id))[0]).toMatchObject({ checked_in_by: otherAdmin.id, sent_by: otherAdmin.id });
    }
    expect(await status(() => push(otherAdmin.client, [{ id: newRecordId(), attendee: first.id, checked_in_by: 'NOT AN ID' }]))).toBe(200);
  });

  it('two devices scanning the same ticket offline: one admission, the other flagged as a duplicate on both devices once they sync', async () => {
    const attendee = await createAttendee(eventId);
    const north = { id: newRecordId(), attendee: attendee.id, scanned_at: new Date(Date.now() - 120_000).toISOString(), device_name: 'North door' };
    const south = { id: newRecordId(), attendee: attendee.id, scanned_at: new Date(Date.now() - 60_000).toISOString(), device_name: 'South door' };
    // each device comes back online and pushes what it scanned, then pulls the check-ins by the change sequence
    await Promise.all([push(admin.client, [north]), push(otherAdmin.client, [south])]);
    for (const device of [admin.client, otherAdmin.client]) {
      const page = await device.send<{ records: Record<string, unknown>[]; more: boolean }>(
        `/api/sync/changes?collection=check_ins&after=0&limit=1000`, {},
      );
      const mine = page.records.filter((row) => row.attendee === attendee.id);
      expect(mine.map((row) => [row.id, row.conflict, row.conflict_with]).sort()).toEqual(
        [[north.id, false, ''], [south.id, true, north.id]].sort(),
      );
      expect(mine.every((row) => typeof row.sync_seq === 'number' && row.sync_seq > 0)).toBe(true);
    }
  });

  it('a malformed request is refused whole with a message and stores nothing', async () => {
    const attendee = await createAttendee(eventId);
    const item = { id: newRecordId(), attendee: attendee.id };
    expect(await status(() => push(admin.client, [item], { event: '' }))).toBe(400);
    expect(await status(() => push(admin.client, [item], { event: 'zzzzzzzzzzzzzzz' }))).toBe(404);
    expect(await status(() => push(admin.client, [item], { sentAt: 'whenever' }))).toBe(400);
    expect(await status(() => push(admin.client, Array.from({ length: 101 }, () => ({ id: newRecordId(), attendee: attendee.id }))))).toBe(400);
    expect(await status(() => admin.client.send(PUSH, { method: 'POST', body: 'not json', headers: { 'Content-Type': 'application/json' } }))).toBe(400);
    expect(await checkInsOf(attendee.id)).toHaveLength(0);
  });

  it('a door device pulls check-ins after its checkpoint: new ones, and an undo as a later change of the same check-in', async () => {
    const start = (await admin.client.send<{ last: number }>(`${CHANGES}&after=0&limit=1000`, {})).last;
    const listEvent = await createEvent('Listing masterclass');
    const attendees = await Promise.all([1, 2, 3].map(() => createAttendee(listEvent)));
    const items = attendees.map((row) => ({ id: newRecordId(), attendee: row.id }));
    await push(admin.client, items, { event: listEvent });
    const first = await admin.client.send<{ records: { id: string; sync_seq: number }[]; last: number; more: boolean }>(`${CHANGES}&after=${start}&limit=2`, {});
    expect(first.records).toHaveLength(2);
    expect(first.more).toBe(true);
    const second = await admin.client.send<{ records: { id: string }[]; last: number; more: boolean }>(`${CHANGES}&after=${first.last}&limit=2`, {});
    expect(second.records.map((row) => row.id)).toEqual([items[2]!.id]);
    expect(second.more).toBe(false);
    await push(admin.client, [{ ...items[0]!, undone_at: new Date().toISOString(), undone_device: 'Door 1' }], { event: listEvent });
    const third = await admin.client.send<{ records: { id: string; undone_at: string }[] }>(`${CHANGES}&after=${second.last}`, {});
    expect(third.records.map((row) => [row.id, Boolean(row.undone_at)])).toEqual([[items[0]!.id, true]]);
  });
});
