import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { MasterclassDb } from '@/db';
import { activeEngine } from './activeEngine';
import type { SyncEngine } from './createSyncEngine';
import { applyRealtimeChange } from './applyRealtimeChange';
import { applyServerRecords } from './applyServerRecords';
import { queueChange } from './queueChange';
import { syncedCollections } from './syncedCollections';
import { stampAt } from './testing/fakeSyncServer';
import { USER_ID } from './testing/syncHarness';

const T1 = stampAt(Date.UTC(2025, 5, 1, 10));
const T2 = stampAt(Date.UTC(2025, 5, 1, 10, 0, 1));
const usersSpec = syncedCollections.find((spec) => spec.collection === 'users')!;
const freshDb = () => new MasterclassDb('apply-test', { indexedDB: new IDBFactory(), IDBKeyRange });

describe('applying server records', () => {
  it('never lets an earlier version overwrite a later one (a pull page read before a realtime event, applied after it)', async () => {
    const db = freshDb();
    await applyServerRecords(db, 'users', [{ id: USER_ID, updated: T1, sync_seq: 1, job_title: 'Analyst', company: 'Co' }]);
    await applyRealtimeChange(db, usersSpec, USER_ID, { action: 'update', record: { id: USER_ID, updated: T2, sync_seq: 2, job_title: 'Chief Analyst', company: 'Co' } });

    await applyServerRecords(db, 'users', [{ id: USER_ID, updated: T1, sync_seq: 1, job_title: 'Analyst', company: 'Co' }]);

    expect(await db.profiles.get(USER_ID)).toMatchObject({ updated: T2, sync_seq: 2, job_title: 'Chief Analyst' });
  });

  it('keeps the later version under pending edits too', async () => {
    const db = freshDb();
    await applyServerRecords(db, 'users', [{ id: USER_ID, updated: T2, sync_seq: 2, job_title: 'Chief Analyst', company: 'Co' }]);
    await queueChange(db, { collection: 'users', recordId: USER_ID, op: 'update', patch: { company: 'New Co' } });

    await applyServerRecords(db, 'users', [{ id: USER_ID, updated: T1, sync_seq: 1, job_title: 'Analyst', company: 'Co' }]);

    expect(await db.profiles.get(USER_ID)).toMatchObject({ updated: T2, sync_seq: 2, job_title: 'Chief Analyst', company: 'New Co' });
  });

  it('takes a later version over pending edits, the edits staying on top', async () => {
    const db = freshDb();
    await applyServerRecords(db, 'users', [{ id: USER_ID, updated: T1, sync_seq: 1, job_title: 'Analyst', company: 'Co' }]);
    await queueChange(db, { collection: 'users', recordId: USER_ID, op: 'update', patch: { company: 'New Co' } });

    await applyServerRecords(db, 'users', [{ id: USER_ID, updated: T2, sync_seq: 2, job_title: 'Chief Analyst', company: 'Co' }]);

    expect(await db.profiles.get(USER_ID)).toMatchObject({ updated: T2, sync_seq: 2, job_title: 'Chief Analyst', company: 'New Co' });
  });
});

describe('versions compared by the server\'s change sequence', () => {
  const profile = (seq: number, updated: string, fields: Record<string, unknown> = {}) => ({ id: USER_ID, updated, sync_seq: seq, job_title: 'Analyst', ...fields });

  it('takes a later version stamped in the same millisecond as the held one', async () => {
    const db = freshDb();
    await applyServerRecords(db, 'users', [profile(7, T1)]);

    await applyServerRecords(db, 'users', [profile(8, T1, { job_title: 'Director' })]);

    expect(await db.profiles.get(USER_ID)).toMatchObject({ sync_seq: 8, job_title: 'Director' });
  });

  it('never lets an earlier version replace a later one, whatever their stamps say', async () => {
    const db = freshDb();
    await applyServerRecords(db, 'users', [profile(8, T1, { job_title: 'Director' })]);

    await applyServerRecords(db, 'users', [profile(7, T2)]);
    await applyServerRecords(db, 'users', [profile(8, T2, { job_title: 'Same version again' })]);

    expect(await db.profiles.get(USER_ID)).toMatchObject({ sync_seq: 8, job_title: 'Director' });
  });

  it('takes a later version stamped the same over pending edits, the edits staying on top, also in a page expected new', async () => {
    const db = freshDb();
    await applyServerRecords(db, 'users', [profile(7, T1, { company: 'Co' })]);
    await queueChange(db, { collection: 'users', recordId: USER_ID, op: 'update', patch: { company: 'New Co' } });

    await applyServerRecords(db, 'users', [profile(8, T1, { job_title: 'Director', company: 'Co' })], { expectNew: true });

    expect(await db.profiles.get(USER_ID)).toMatchObject({ sync_seq: 8, job_title: 'Director', company: 'New Co' });
  });
});

describe('applying a page expected to be new to the device', () => {
  const profile = (updated: string, fields: Record<string, unknown> = {}) => ({ id: USER_ID, updated, sync_seq: updated === T2 ? 2 : 1, job_title: 'Analyst', company: 'Co', ...fields });

  it('adds the rows without reading first, and says none was held and both written', async () => {
    const db = freshDb();
    const rows = [profile(T1), { id: 'user00000000002', updated: T1, sync_seq: 1, job_title: 'Chef' }];
    expect(await applyServerRecords(db, 'users', rows, { expectNew: true })).toEqual({ held: 0, written: 2 });
    expect(await db.profiles.toArray()).toEqual(rows);
  });

  it('still never lets an earlier version overwrite a held later one, nor rewrites an unchanged one', async () => {
    const db = freshDb();
    await applyServerRecords(db, 'users', [profile(T2, { job_title: 'Chief Analyst' })]);
    let rewrites = 0;
    db.profiles.hook('updating', () => void (rewrites += 1));

    expect(await applyServerRecords(db, 'users', [profile(T1), { id: 'user00000000002', updated: T1 }], { expectNew: true }))
      .toEqual({ held: 1, written: 1 });
    expect(await applyServerRecords(db, 'users', [profile(T2, { job_title: 'Chief Analyst' })], { expectNew: true }))
      .toEqual({ held: 1, written: 0 });

    expect(await db.profiles.get(USER_ID)).toMatchObject({ updated: T2, job_title: 'Chief Analyst' });
    expect(await db.profiles.count()).toBe(2);
    expect(rewrites).toBe(0);
  });

  it('takes a later version over a held one, keeping fields the page leaves out', async () => {
    const db = freshDb();
    await applyServerRecords(db, 'users', [profile(T1, { email: 'me@example.com' })]);

    await applyServerRecords(db, 'users', [profile(T2, { job_title: 'Chief Analyst' })], { expectNew: true });

    expect(await db.profiles.get(USER_ID)).toMatchObject({ updated: T2, job_title: 'Chief Analyst', email: 'me@example.com' });
  });

  it('keeps waiting edits on top, and does not bring back a row whose delete waits', async () => {
    const db = freshDb();
    await queueChange(db, { collection: 'business_cases', recordId: 'case00000000001', op: 'update', patch: { title: 'Mine, edited' } });
    await queueChange(db, { collection: 'business_cases', recordId: 'case00000000002', op: 'delete' });

    await applyServerRecords(db, 'business_cases', [
      { id: 'case00000000001', updated: T1, owner: USER_ID, title: 'Mine' },
      { id: 'case00000000002', updated: T1, owner: USER_ID, title: 'Deleted here' },
    ], { expectNew: true });

    expect(await db.businessCases.toArray()).toEqual([expect.objectContaining({ id: 'case00000000001', title: 'Mine, edited' })]);
  });
});

describe('a live message', () => {
  it('that differs from the held row without a later number is not stored, and asks for a pass to pull it', async () => {
    const db = freshDb();
    const request = vi.fn(async () => {});
    activeEngine.set({ request } as unknown as SyncEngine);
    try {
      await applyServerRecords(db, 'users', [{ id: USER_ID, updated: T1, sync_seq: 7, job_title: 'Analyst' }]);
      // Announced with the number the row had before this write (a server that numbers it after the broadcast).
      await applyRealtimeChange(db, usersSpec, USER_ID, { action: 'update', record: { id: USER_ID, updated: T2, sync_seq: 7, job_title: 'Director' } });
      expect(await db.profiles.get(USER_ID)).toMatchObject({ job_title: 'Analyst' });
      expect(request).toHaveBeenCalledOnce();

      // The same version again (the echo of what the device holds): nothing to ask.
      await applyRealtimeChange(db, usersSpec, USER_ID, { action: 'update', record: { id: USER_ID, updated: T1, sync_seq: 7, job_title: 'Analyst' } });
      expect(request).toHaveBeenCalledOnce();
    } finally {
      activeEngine.set(null);
    }
  });
});
