// Sign-out on a shared device: what stays, what goes, and that nothing of the
// account comes back or reaches another account (src/sync/leaveDevice.ts,
// deviceOwner.ts). Web Locks are absent here, so these cover the data side;
// the lock itself (a sign-out waiting for another tab's pass) is covered in
// the browser (tests/e2e/sync-leader.spec.ts).
import { describe, expect, it } from 'vitest';
import { CHECK_INS_COLLECTION, metaKeys, readMeta, type OutboxRow } from '@/db';
import { createSyncEngine } from './createSyncEngine';
import { claimDevice } from './deviceOwner';
import { leaveDevice } from './leaveDevice';
import { createSyncStatusStore } from './syncStatusStore';
import { syncHarness, USER_ID } from './testing/syncHarness';
import { unsentChanges } from './unsentChanges';

const OTHER_ID = 'otheruser000001';

const change = (fields: Partial<OutboxRow>): OutboxRow => ({
  collection: 'users', recordId: USER_ID, op: 'update', patch: { company: 'Offline Co' }, createdAt: '2025-06-01T00:00:00.000Z',
  attempts: 0, nextAttemptAt: 0, status: 'pending', owner: USER_ID, ...fields,
});

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
