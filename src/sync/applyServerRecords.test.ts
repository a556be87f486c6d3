import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { MasterclassDb } from '@/db';
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
  it('never lets an older version overwrite a newer one (a pull page read before a realtime event, applied after it)', async () => {
    const db = freshDb();
    await applyServerRecords(db, 'users', [{ id: USER_ID, updated: T1, job_title: 'Analyst', company: 'Co' }]);
    await applyRealtimeChange(db, usersSpec, USER_ID, { action: 'update', record: { id: USER_ID, updated: T2, job_title: 'Chief Analyst', company: 'Co' } });

    await applyServerRecords(db, 'users', [{ id: USER_ID, updated: T1, job_title: 'Analyst', company: 'Co' }]);

    expect(await db.profiles.get(USER_ID)).toMatchObject({ updated: T2, job_title: 'Chief Analyst' });
  });

  it('keeps the newer version under pending edits too', async () => {
    const db = freshDb();
    await applyServerRecords(db, 'users', [{ id: USER_ID, updated: T2, job_title: 'Chief Analyst', company: 'Co' }]);
    await queueChange(db, { collection: 'users', recordId: USER_ID, op: 'update', patch: { company: 'New Co' } });

    await applyServerRecords(db, 'users', [{ id: USER_ID, updated: T1, job_title: 'Analyst', company: 'Co' }]);

    expect(await db.profiles.get(USER_ID)).toMatchObject({ updated: T2, job_title: 'Chief Analyst', company: 'New Co' });
  });

  it('takes a newer version over pending edits, the edits staying on top', async () => {
    const db = freshDb();
    await applyServerRecords(db, 'users', [{ id: USER_ID, updated: T1, job_title: 'Analyst', company: 'Co' }]);
    await queueChange(db, { collection: 'users', recordId: USER_ID, op: 'update', patch: { company: 'New Co' } });

    await applyServerRecords(db, 'users', [{ id: USER_ID, updated: T2, job_title: 'Chief Analyst', company: 'Co' }]);

    expect(await db.profiles.get(USER_ID)).toMatchObject({ updated: T2, job_title: 'Chief Analyst', company: 'New Co' });
  });
});
