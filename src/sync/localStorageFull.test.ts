// Device storage full: a local write is refused as a whole, says so, keeps
// everything stored before, and the app keeps working once space is back.
import { describe, expect, it } from 'vitest';
import { LocalStorageFullError, STORAGE_FULL_MESSAGE } from '@/db';
import { appSyncStatus } from './appSyncStatus';
import { queueChange } from './queueChange';
import { syncHarness, USER_ID } from './testing/syncHarness';

const quotaExceeded = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');

describe('a local write when the device is out of space', () => {
  it('is refused with a clear message, loses nothing stored before, and works again once there is space', async () => {
    const { db, server, engine } = syncHarness();
    server.write('users', { id: USER_ID, full_name: 'Ada', company: 'Old Co' });
    await engine.request();
    await queueChange(db, { collection: 'users', recordId: USER_ID, op: 'update', patch: { job_title: 'Analyst' } });
    const before = { profile: await db.profiles.get(USER_ID), outbox: await db.outbox.toArray() };

    // The browser refuses the outbox entry for want of space, as IndexedDB does mid-transaction.
    let full = true;
    db.outbox.hook('creating', () => {
      if (full) throw quotaExceeded();
    });
    const refused = queueChange(db, { collection: 'users', recordId: USER_ID, op: 'update', patch: { company: 'New Co' } });
    await expect(refused).rejects.toBeInstanceOf(LocalStorageFullError);
    await expect(refused).rejects.toThrow(STORAGE_FULL_MESSAGE);
    expect(appSyncStatus.get().storageFull).toBe(true);
    // The transaction was undone whole: the row did not change without its outbox entry.
    expect(await db.profiles.get(USER_ID)).toEqual(before.profile);
    expect(await db.outbox.toArray()).toEqual(before.outbox);

    full = false;
    await queueChange(db, { collection: 'users', recordId: USER_ID, op: 'update', patch: { company: 'New Co' } });
    expect(appSyncStatus.get().storageFull).toBe(false);
    expect((await db.profiles.get(USER_ID))?.company).toBe('New Co');
    expect(await db.outbox.count()).toBe(2);
    await engine.stop();
  });

  it('a pulled record that cannot be stored is reported, pulled again later, and no longer reported once stored', async () => {
    const { db, server, engine, status } = syncHarness();
    server.write('events', { id: 'event0000000001', title: 'Masterclass' });
    let full = true;
    db.events.hook('creating', () => {
      if (full) throw quotaExceeded();
    });
    await engine.request();
    expect(status.get()).toMatchObject({ storageFull: true, lastSyncedAt: null });
    expect(await db.events.count()).toBe(0);

    full = false;
    await engine.request();
    expect(await db.events.count()).toBe(1);
    expect(status.get().lastSyncedAt).not.toBeNull();
    // Everything was stored: the device has room again, and the badge says so.
    expect(status.get().storageFull).toBe(false);
    await engine.stop();
  });
});
