// Sign-out on a shared device: what stays, what goes, and that nothing of the
// account comes back or reaches another account (src/sync/leaveDevice.ts,
// deviceOwner.ts). Web Locks are absent here, so these cover the data side;
// the lock itself (a sign-out waiting for another tab's pass) is covered in
// the browser (tests/e2e/sync-leader.spec.ts).
import { describe, expect, it } from 'vitest';
import {
  CHECK_INS_COLLECTION, checkInPatch, countPendingCheckIns, DOOR_DEVICE_KEY, markDoorDevice, metaKeys, readMeta, type CheckInRow, type MasterclassDb, type OutboxRow,
} from '@/db';
import { createSyncEngine } from './createSyncEngine';
import { claimDevice } from './deviceOwner';
import { leaveDevice } from './leaveDevice';
import { createSyncStatusStore } from './syncStatusStore';
import { syncHarness, USER_ID } from './testing/syncHarness';
import type { SyncTransport } from './transport';
import { unsentChanges } from './unsentChanges';

const OTHER_ID = 'otheruser000001';

const change = (fields: Partial<OutboxRow>): OutboxRow => ({
  collection: 'users', recordId: USER_ID, op: 'update', patch: { company: 'Offline Co' }, createdAt: '2025-06-01T00:00:00.000Z',
  attempts: 0, nextAttemptAt: 0, status: 'pending', owner: USER_ID, ...fields,
});

const checkInRow = (fields: Partial<CheckInRow>): CheckInRow => ({
  id: 'checkin00000001', event: 'event0000000001', attendee: 'attendee0000001', method: 'scan', scanned_at: '2031-09-01 00:00:00.000Z', device_name: 'South door',
  checked_in_by: 'adminb000000001', sent_by: 'adminb000000001', undone_at: '', undone_device: '', undone_by: '', received_at: '', ordered_at: '',
  device_clock_offset_ms: 0, clock_suspect: false, conflict: false, conflict_with: '', updated: '2031-09-01 00:00:01.000Z', pending: 0, refused: '', ...fields,
});

/** A check-in made at this door and not sent yet: its row and its outbox entry, as the door stores them. */
async function waitingCheckIn(db: MasterclassDb, fields: Partial<CheckInRow>): Promise<CheckInRow> {
  const row = checkInRow({ checked_in_by: USER_ID, sent_by: '', device_name: 'North door', updated: '', pending: 1, ...fields });
  await db.transaction('rw', db.checkIns, db.outbox, async () => {
    await db.checkIns.add(row);
    await db.outbox.add({
      collection: CHECK_INS_COLLECTION, recordId: row.id, op: 'create', patch: { ...checkInPatch(row) }, createdAt: '2031-09-01T00:10:00.000Z',
      attempts: 0, nextAttemptAt: 0, status: 'pending',
    });
  });
  return row;
}

/** A signed-in, synced device: the user's profile and attendee row (with its ticket code) are stored. */
async function syncedDevice() {
  const h = syncHarness();
  h.server.write('users', { id: USER_ID, full_name: 'Ada', company: 'Old Co' });
  h.server.write('attendees', { id: 'attendee0000001', user: USER_ID, event: 'event0000000001', ticket_code: 'MC-ADA-1', registration_status: 'confirmed' });
  await h.engine.request();
  expect(await h.db.attendees.count()).toBe(1);
  return h;
}

describe('signing out with changes not sent', () => {
  it('counts waiting, refused and conflicting changes, and keeps all of them for the next sign-in while the rows leave', async () => {
    const h = await syncedDevice();
    await h.engine.stop();
    await h.db.outbox.bulkAdd([
      change({ status: 'failed', error: 'Refused', patch: { job_title: 'Lead' } }),
      change({ status: 'failed', conflict: ['company'], base: { company: 'Old Co' } }),
      change({ owner: OTHER_ID, recordId: OTHER_ID }),
    ]);
    expect(await unsentChanges(h.db, USER_ID)).toEqual({ pending: 0, failed: 1, conflicts: 1, checkIns: 0, total: 2 });

    const left = await leaveDevice(h.db, USER_ID, 'keep');

    expect(left.keptChanges).toBe(2);
    expect(await h.db.attendees.count()).toBe(0);
    expect(await h.db.profiles.count()).toBe(0);
    expect((await h.db.outbox.toArray()).map((row) => [row.owner, row.status, row.conflict ?? null])).toEqual([
      [USER_ID, 'failed', null], [USER_ID, 'failed', ['company']], [OTHER_ID, 'pending', null],
    ]);
    // Whose rows the device held is still known, and the device is marked signed out.
    expect(await readMeta(h.db, metaKeys.userId)).toBe(USER_ID);
    expect(await readMeta(h.db, metaKeys.signedOut)).toBe(USER_ID);
  });

  it('keeps waiting changes owned by the account: another account neither sees nor sends them, the account sends them when back', async () => {
    const h = await syncedDevice();
    await h.engine.stop();
    await h.db.outbox.add(change({ owner: undefined }));
    await leaveDevice(h.db, USER_ID, 'keep');

    await claimDevice(h.db, OTHER_ID);
    h.server.userId = OTHER_ID;
    const other = createSyncEngine({ db: h.db, userId: OTHER_ID, transport: h.server.transport, clock: h.time.clock, connectivity: h.network.connectivity, status: createSyncStatusStore() });
    await other.request();
    await other.stop();
    expect(await unsentChanges(h.db, OTHER_ID)).toEqual({ pending: 0, failed: 0, conflicts: 0, checkIns: 0, total: 0 });
    expect(h.server.table('users').get(USER_ID)?.company).toBe('Old Co');

    await claimDevice(h.db, USER_ID);
    h.server.userId = USER_ID;
    const again = createSyncEngine({ db: h.db, userId: USER_ID, transport: h.server.transport, clock: h.time.clock, connectivity: h.network.connectivity, status: createSyncStatusStore() });
    await again.request();
    await again.stop();
    expect(h.server.table('users').get(USER_ID)?.company).toBe('Offline Co');
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('discards only on the explicit choice, and only the account\'s own changes', async () => {
    const h = await syncedDevice();
    await h.engine.stop();
    await h.db.outbox.bulkAdd([change({}), change({ status: 'failed', conflict: ['company'] }), change({ owner: OTHER_ID, recordId: OTHER_ID })]);

    const left = await leaveDevice(h.db, USER_ID, 'discard');

    expect(left.keptChanges).toBe(0);
    expect((await h.db.outbox.toArray()).map((row) => row.owner)).toEqual([OTHER_ID]);
  });

  it('after the account was deleted drops its own changes but keeps the door\'s waiting check-ins for the next administrator', async () => {
    const h = await syncedDevice();
    await h.engine.stop();
    const door = change({ collection: CHECK_INS_COLLECTION as OutboxRow['collection'], recordId: 'checkin00000001', op: 'create', patch: {}, owner: undefined });
    await h.db.outbox.bulkAdd([change({}), door]);

    await leaveDevice(h.db, USER_ID, 'discard-own');
    expect((await h.db.outbox.toArray()).map((row) => [row.collection, row.recordId])).toEqual([[CHECK_INS_COLLECTION, 'checkin00000001']]);

    // The sign-out dialog's Discard, which counted the check-ins, drops them too.
    await leaveDevice(h.db, USER_ID, 'discard');
    expect(await h.db.outbox.count()).toBe(0);
  });
});

describe('a sync of the signed-out account that was still running (another tab)', () => {
  it('writes nothing after the sign-out: the attendee row with its ticket code stays off the device', async () => {
    const h = await syncedDevice();
    // This engine stands for another tab's: still running when the user signs out here.
    await leaveDevice(h.db, USER_ID, 'keep');
    h.server.write('attendees', { id: 'attendee0000001', registration_status: 'confirmed', ticket_code: 'MC-ADA-1' });
    await h.engine.request();
    await h.engine.stop();

    expect(await h.db.attendees.count()).toBe(0);
    expect(await h.db.profiles.count()).toBe(0);
  });

  it('cannot take the device back by starting again; only a sign-in claims it', async () => {
    const h = await syncedDevice();
    await h.engine.stop();
    await leaveDevice(h.db, USER_ID, 'keep');
    const restarted = createSyncEngine({ db: h.db, userId: USER_ID, transport: h.server.transport, clock: h.time.clock, connectivity: h.network.connectivity, status: createSyncStatusStore() });
    await restarted.request();
    expect(await h.db.attendees.count()).toBe(0);

    await claimDevice(h.db, USER_ID);
    await restarted.request();
    await restarted.stop();
    expect(await h.db.attendees.count()).toBe(1);
  });

  it('the next account\'s sign-in clears rows of the previous one that reached the device after its sign-out', async () => {
    const h = await syncedDevice();
    await h.engine.stop();
    await leaveDevice(h.db, USER_ID, 'keep');
    // A row written late (by a version without the lock, or a crash between two steps).
    await h.db.attendees.put({ id: 'attendee0000001', user: USER_ID, event: 'event0000000001', ticket_code: 'MC-ADA-1', updated: '' } as never);

    await claimDevice(h.db, OTHER_ID);

    expect(await h.db.attendees.count()).toBe(0);
    expect(await readMeta(h.db, metaKeys.userId)).toBe(OTHER_ID);
    expect(await readMeta(h.db, metaKeys.signedOut)).toBeUndefined();
  });
});

// One phone, two accounts: events, speakers and materials are shared tables, but
// each account reads them differently (drafts and every material are
// administrators'; an attendee reads the materials of their own masterclass).
// Whatever one account pulled, and the checkpoints past it, leave with it.
const ADMIN_ID = USER_ID;
const PUBLISHED = 'eventpublished1';
const DRAFT = 'eventdraft00001';

/** The server's events, speakers and materials: a published masterclass and a draft. */
function seedShared(server: ReturnType<typeof syncHarness>['server']) {
  server.write('events', { id: PUBLISHED, title: 'The masterclass', published: true });
  server.write('events', { id: DRAFT, title: 'Draft masterclass', published: false });
  server.write('speakers', { id: 'speakerpublish1', event: PUBLISHED, name: 'Ada Speaker' });
  server.write('speakers', { id: 'speakerdraft001', event: DRAFT, name: 'Hidden Speaker' });
  server.write('materials', { id: 'materialpublic1', event: PUBLISHED, title: 'Workbook' });
  server.write('materials', { id: 'materialsecret1', event: DRAFT, title: 'Secret slides' });
}

/** The server as an attendee of the published masterclass reads it: no draft, no draft's speaker or materials. */
function asAttendee(transport: SyncTransport): SyncTransport {
  const hidden = new Set([DRAFT, 'speakerdraft001', 'materialsecret1']);
  return {
    ...transport,
    changes: async (collection, query, signal) => {
      const answer = await transport.changes(collection, query, signal);
      return 'records' in answer ? { ...answer, records: answer.records.filter((record) => !hidden.has(record.id)) } : answer;
    },
  };
}

/** Every row of every table, as a script reading the device's IndexedDB finds them. */
async function everyStoredRow(db: MasterclassDb): Promise<string> {
  const rows = await Promise.all(db.tables.map(async (table) => [table.name, await table.toArray()] as const));
  return JSON.stringify(rows);
}

const sharedIds = async (db: MasterclassDb) => ({
  events: (await db.events.toCollection().primaryKeys()).sort(),
  speakers: (await db.speakers.toCollection().primaryKeys()).sort(),
  materials: (await db.materials.toCollection().primaryKeys()).sort(),
});

const engineFor = (h: ReturnType<typeof syncHarness>, userId: string, transport = h.server.transport) => createSyncEngine({
  db: h.db, userId, transport, clock: h.time.clock, connectivity: h.network.connectivity, status: createSyncStatusStore(),
});

describe('one device, two accounts: the events, speakers and materials one account pulled', () => {
  it('leave at sign-out with their checkpoints: an attendee signing in next never holds the drafts an administrator read', async () => {
    const h = syncHarness();
    seedShared(h.server);
    await h.engine.request();
    await h.engine.stop();
    expect(await sharedIds(h.db)).toEqual({
      events: [DRAFT, PUBLISHED], speakers: ['speakerdraft001', 'speakerpublish1'], materials: ['materialpublic1', 'materialsecret1'],
    });
    expect(await readMeta(h.db, metaKeys.checkpoint('materials'))).toBeDefined();

    await leaveDevice(h.db, ADMIN_ID, 'keep');

    // Signed out: nothing of the administrator's view is left, not even for a script reading the tables.
    expect(await sharedIds(h.db)).toEqual({ events: [], speakers: [], materials: [] });
    for (const collection of ['events', 'speakers', 'materials']) {
      expect(await readMeta(h.db, metaKeys.checkpoint(collection))).toBeUndefined();
      expect(await readMeta(h.db, metaKeys.refill(collection))).toBeUndefined();
    }
    const stored = await everyStoredRow(h.db);
    for (const words of ['Secret slides', 'Draft masterclass', 'Hidden Speaker']) expect(stored).not.toContain(words);

    // The attendee signs in and pulls their own view.
    await claimDevice(h.db, OTHER_ID);
    h.server.userId = OTHER_ID;
    const attendee = engineFor(h, OTHER_ID, asAttendee(h.server.transport));
    await attendee.request();
    await attendee.stop();
    expect(await sharedIds(h.db)).toEqual({ events: [PUBLISHED], speakers: ['speakerpublish1'], materials: ['materialpublic1'] });
    expect(await everyStoredRow(h.db)).not.toContain('Secret slides');
  });

  it('leave at an account switch without a sign-out (another account claims the device)', async () => {
    const h = syncHarness();
    seedShared(h.server);
    await h.engine.request();
    await h.engine.stop();

    await claimDevice(h.db, OTHER_ID);

    expect(await sharedIds(h.db)).toEqual({ events: [], speakers: [], materials: [] });
    expect(await readMeta(h.db, metaKeys.checkpoint('events'))).toBeUndefined();
    expect(await everyStoredRow(h.db)).not.toContain('Secret slides');
  });

  it('an administrator signing in where an attendee was receives every row, though the attendee\'s checkpoints were past them', async () => {
    for (const signOutFirst of [true, false]) {
      const h = syncHarness();
      seedShared(h.server);
      h.server.userId = OTHER_ID;
      const attendee = engineFor(h, OTHER_ID, asAttendee(h.server.transport));
      await attendee.request();
      await attendee.stop();
      await h.engine.stop();
      expect(await sharedIds(h.db)).toEqual({ events: [PUBLISHED], speakers: ['speakerpublish1'], materials: ['materialpublic1'] });
      expect(Number(await readMeta(h.db, metaKeys.checkpoint('materials')))).toBe(h.server.sequence);

      if (signOutFirst) await leaveDevice(h.db, OTHER_ID, 'keep');
      await claimDevice(h.db, ADMIN_ID);
      h.server.userId = ADMIN_ID;
      const admin = engineFor(h, ADMIN_ID);
      await admin.request();
      await admin.stop();
      expect(await sharedIds(h.db)).toEqual({
        events: [DRAFT, PUBLISHED], speakers: ['speakerdraft001', 'speakerpublish1'], materials: ['materialpublic1', 'materialsecret1'],
      });
    }
  });

  it('stay when the same account signs in again without a sign-out between (nothing to refill)', async () => {
    const h = syncHarness();
    seedShared(h.server);
    await h.engine.request();
    await h.engine.stop();
    await claimDevice(h.db, ADMIN_ID);
    expect((await sharedIds(h.db)).materials).toEqual(['materialpublic1', 'materialsecret1']);
  });
});

describe('the door\'s list on a shared device', () => {
  it('leaves at sign-out even with check-ins waiting (Keep): they stay as ids and times only, with no name, email, company or ticket code', async () => {
    const h = await syncedDevice();
    await h.engine.stop();
    // An administrator's door: the list, the facts, a check-in the server has and one waiting.
    await markDoorDevice(h.db);
    await h.db.doorRosters.put({ event: 'event0000000001', title: 'The masterclass', starts_at: '', ends_at: '', timezone: 'Australia/Adelaide', venue: '', total: 2, refreshedAt: 1, voided: [{ code: 'VOIDEDCODE0001', attendee: 'attendee0000009', voided_at: '' }] });
    await h.db.doorAttendees.bulkPut([
      { id: 'attendee0000009', event: 'event0000000001', full_name: 'Grace Hopper', email: 'grace@example.com', company: 'Navy', registration_status: 'confirmed', ticket_code: 'TICKETGRACE001', updated: '' },
      { id: 'attendee0000008', event: 'event0000000001', full_name: 'Alan Turing', email: 'alan@example.com', company: 'Bletchley', registration_status: 'confirmed', ticket_code: 'TICKETALAN0001', updated: '' },
    ]);
    await h.db.meta.put({ key: 'checkpoint:door:attendees', value: '40' });
    await h.db.checkIns.put(checkInRow({ id: 'checkinsent0001', attendee: 'attendee0000008', pending: 0 }));
    const waiting = await waitingCheckIn(h.db, { id: 'checkinwaiting1', attendee: 'attendee0000009', scanned_at: '2031-09-01 00:10:00.000Z' });
    expect(await unsentChanges(h.db, USER_ID)).toMatchObject({ checkIns: 1 });

    const left = await leaveDevice(h.db, USER_ID, 'keep');

    expect(left.keptCheckIns).toBe(true);
    expect(await h.db.doorAttendees.count()).toBe(0);
    expect(await h.db.doorRosters.count()).toBe(0);
    expect((await h.db.checkIns.toArray()).map((row) => [row.id, row.attendee, row.event, row.scanned_at, row.pending]))
      .toEqual([[waiting.id, 'attendee0000009', 'event0000000001', waiting.scanned_at, 1]]);
    expect(await h.db.outbox.toArray()).toEqual([expect.objectContaining({
      collection: CHECK_INS_COLLECTION, recordId: waiting.id, status: 'pending',
      patch: expect.objectContaining({ attendee: 'attendee0000009', event: 'event0000000001', scanned_at: waiting.scanned_at, device_name: 'North door' }),
    })]);
    expect(await readMeta(h.db, 'checkpoint:door:attendees')).toBeUndefined();
    expect(await readMeta(h.db, DOOR_DEVICE_KEY)).toBeUndefined();
    // Still counted for whoever signs in next.
    expect(await countPendingCheckIns(h.db)).toBe(1);
    const stored = await everyStoredRow(h.db);
    for (const words of ['Grace', 'Alan', '@example.com', 'Navy', 'Bletchley', 'TICKET', 'VOIDEDCODE', 'MC-ADA-1']) expect(stored).not.toContain(words);

    // An attendee signing in next finds nothing of the door either.
    await claimDevice(h.db, OTHER_ID);
    expect(await everyStoredRow(h.db)).not.toContain('@example.com');
    expect(await countPendingCheckIns(h.db)).toBe(1);
  });
});
