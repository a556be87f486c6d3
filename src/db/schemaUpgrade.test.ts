// A device that stored data with an earlier version of the app keeps it when
// the current version opens the database, the waiting changes included; and a
// tab of the current version still reads a database a newer version upgraded.
import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { MasterclassDb } from './database';

/** The schema the first released version created (version 1), frozen here as it shipped. */
const RELEASED_V1 = {
  events: 'id, updated',
  speakers: 'id, updated, sort',
  materials: 'id, updated, event, sort',
  aiUseCases: 'id, updated, industry',
  profiles: 'id, updated',
  attendees: 'id, updated, user',
  readinessAssessments: 'id, updated, owner',
  businessCases: 'id, updated, owner',
  savedUseCases: 'id, updated, owner, use_case',
  outbox: '++seq, [collection+recordId], status',
  meta: 'key',
};

const USER = 'user00000000001';

async function deviceWithV1Data(indexedDB: IDBFactory): Promise<void> {
  const v1 = new Dexie('masterclass', { indexedDB, IDBKeyRange });
  v1.version(1).stores(RELEASED_V1);
  await v1.open();
  await v1.table('events').put({ id: 'event0000000001', updated: '2025-06-01 00:00:00.000Z', title: 'Masterclass' });
  await v1.table('profiles').put({ id: USER, updated: '2025-06-01 00:00:00.000Z', full_name: 'Ada', company: 'Typed offline' });
  await v1.table('businessCases').put({ id: 'case00000000001', updated: '', owner: USER, title: 'Pilot' });
  await v1.table('outbox').add({ collection: 'users', recordId: USER, op: 'update', patch: { company: 'Typed offline' }, createdAt: '2025-06-01T00:00:00.000Z', attempts: 0, nextAttemptAt: 0, status: 'pending', owner: USER });
  await v1.table('aiUseCases').put({ id: 'usecase00000001', updated: '2025-06-01 00:00:00.000Z', title: 'Demand forecasting', industry: 'Retail' });
  await v1.table('meta').put({ key: 'userId', value: USER });
  v1.close();
}

describe('opening a database an earlier version stored', () => {
  it('keeps every row and waiting change, and the indexes answer', async () => {
    const indexedDB = new IDBFactory();
    await deviceWithV1Data(indexedDB);

    const db = new MasterclassDb('masterclass', { indexedDB, IDBKeyRange });
    await db.open();

    expect(db.verno).toBeGreaterThanOrEqual(1);
    expect((await db.events.get('event0000000001'))?.title).toBe('Masterclass');
    expect((await db.profiles.get(USER))?.company).toBe('Typed offline');
    expect((await db.businessCases.where('owner').equals(USER).toArray()).map((row) => row.title)).toEqual(['Pilot']);
    expect(await db.outbox.where('status').equals('pending').count()).toBe(1);
    expect((await db.outbox.where('[collection+recordId]').equals(['users', USER]).first())?.patch).toEqual({ company: 'Typed offline' });
    expect((await db.meta.get('userId'))?.value).toBe(USER);
    expect((await db.aiUseCases.get('usecase00000001'))?.title).toBe('Demand forecasting');
    db.close();
  });

  it('drops the library indexes nothing reads, keeping its rows', async () => {
    const indexedDB = new IDBFactory();
    await deviceWithV1Data(indexedDB);
    const db = new MasterclassDb('masterclass', { indexedDB, IDBKeyRange });
    await db.open();
    const stored = await new Promise<string[]>((resolve) => {
      const store = db.backendDB().transaction('aiUseCases').objectStore('aiUseCases');
      resolve([...store.indexNames]);
    });
    expect(stored).toEqual([]);
    expect(await db.aiUseCases.count()).toBe(1);
    db.close();
  });
});

/** The schema of the last version that pulled by clock cursors (version 4), frozen as it shipped. */
function clockCursorVersion(indexedDB: IDBFactory): Dexie {
  const db = new Dexie('masterclass', { indexedDB, IDBKeyRange });
  db.version(1).stores(RELEASED_V1);
  db.version(2).stores({ aiUseCases: 'id' });
  db.version(3).stores({ keptIndexes: 'key' });
  db.version(4).stores({ doorRosters: 'event', doorAttendees: 'id, event', checkIns: 'id, event, attendee, pending' });
  return db;
}

describe('opening a database the clock-cursor version stored', () => {
  it('keeps the rows and every waiting change, and drops the old cursors', async () => {
    const indexedDB = new IDBFactory();
    const old = clockCursorVersion(indexedDB);
    await old.open();
    await old.table('profiles').put({ id: USER, updated: '2025-06-01 00:00:00.000Z', full_name: 'Ada', company: 'Typed offline' });
    await old.table('outbox').bulkAdd([
      { collection: 'users', recordId: USER, op: 'update', patch: { company: 'Typed offline' }, createdAt: '2025-06-01T00:00:00.000Z', attempts: 2, nextAttemptAt: 0, status: 'pending', owner: USER },
      { collection: 'business_cases', recordId: 'case00000000001', op: 'create', patch: { id: 'case00000000001', title: 'Pilot' }, createdAt: '2025-06-01T00:00:01.000Z', attempts: 0, nextAttemptAt: 0, status: 'pending', owner: USER },
      { collection: 'saved_use_cases', recordId: 'saved0000000001', op: 'update', patch: { notes: 'x' }, createdAt: '2025-06-01T00:00:02.000Z', attempts: 8, nextAttemptAt: 0, status: 'failed', error: 'Refused', owner: USER },
    ]);
    await old.table('meta').bulkPut([
      { key: 'userId', value: USER },
      { key: 'lastSyncedAt', value: '2025-06-01T00:00:00.000Z' },
      { key: 'cursor:events', value: JSON.stringify({ updated: '2025-06-01 00:00:00.000Z', id: 'event0000000001' }) },
      { key: 'cursor:ai_use_cases', value: '2025-06-01 00:00:00.000Z' },
      { key: 'readAt:events', value: '1748736000000' },
    ]);
    const waiting = await old.table('outbox').toArray();
    old.close();

    const db = new MasterclassDb('masterclass', { indexedDB, IDBKeyRange });
    await db.open();

    expect(await db.outbox.toArray()).toEqual(waiting);
    expect((await db.profiles.get(USER))?.company).toBe('Typed offline');
    expect((await db.meta.toArray()).map((row) => row.key).sort()).toEqual(['lastSyncedAt', 'userId']);
    db.close();
  });
});

describe('a database a newer version upgraded', () => {
  it('still opens in a tab of this version, with its rows', async () => {
    const indexedDB = new IDBFactory();
    await deviceWithV1Data(indexedDB);
    const newer = new Dexie('masterclass', { indexedDB, IDBKeyRange });
    newer.version(1).stores(RELEASED_V1);
    newer.version(50).stores({ futureNotes: 'id, attendee' });
    await newer.open();
    await newer.table('futureNotes').put({ id: 'check0000000001', attendee: 'a' });
    newer.close();

    const db = new MasterclassDb('masterclass', { indexedDB, IDBKeyRange });
    await db.open();
    expect((await db.profiles.get(USER))?.full_name).toBe('Ada');
    expect(await db.outbox.count()).toBe(1);
    db.close();
  });
});
