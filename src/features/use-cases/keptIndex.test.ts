import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { MasterclassDb, type AiUseCaseRow } from '@/db';
import type { WorkerFactory } from './indexWorker';
import { BUILD_AWAY_FROM, changesSince, KEPT_INDEX_KEY, readKeptIndex } from './keptIndex';
import { refreshKept } from './refreshKept';
import { UseCaseIndex } from './searchIndex';
import { libraryRow } from './testRows';

const freshDb = () => new MasterclassDb('kept-index-test', { indexedDB: new IDBFactory(), IDBKeyRange });
const LATER = '2025-06-02 00:00:00.000Z';

// As many as a library whose index is kept.
const rows: AiUseCaseRow[] = Array.from({ length: BUILD_AWAY_FROM + 10 }, (_, index) => libraryRow(`case${String(index).padStart(11, '0')}`, {
  title: ['Demand Forecasting', 'Card Fraud Detection', 'Customer Service Chatbot', 'Shelf Gap Detection'][index % 4]! + ` ${index}`,
  tags: [['forecasting'], ['fraud', 'payments']][index % 2],
}));

/** A worker factory that must not be asked: the kept index is enough. */
const noWorker = (): { factory: WorkerFactory; asked: () => number } => {
  let asked = 0;
  return {
    factory: () => {
      asked += 1;
      throw new Error('No worker here');
    },
    asked: () => asked,
  };
};

describe('the use case index kept on the device', () => {
  it('counts the rows changed, added and gone since the kept versions', () => {
    const versions = new Map([['a', 'v1'], ['b', 'v1'], ['c', 'v1']]);
    expect(changesSince(versions, [{ id: 'a', updated: 'v1' }, { id: 'b', updated: 'v1' }, { id: 'c', updated: 'v1' }])).toBe(0);
    // b changed, c gone, d new.
    expect(changesSince(versions, [{ id: 'a', updated: 'v1' }, { id: 'b', updated: 'v2' }, { id: 'd', updated: 'v1' }])).toBe(3);
    // Two saves in one millisecond share a stamp, not a change number.
    const numbered = new Map([['a', '#4']]);
    expect(changesSince(numbered, [{ id: 'a', updated: 'v1', sync_seq: 4 }])).toBe(0);
    expect(changesSince(numbered, [{ id: 'a', updated: 'v1', sync_seq: 5 }])).toBe(1);
  });

  it('is built and kept when there is none, left alone while nothing changed, and brought in step when a row changed', async () => {
    const db = freshDb();
    await db.aiUseCases.bulkAdd(rows);
    expect(await refreshKept(db)).toMatchObject({ outcome: 'built' });
    const kept = await db.keptIndexes.get(KEPT_INDEX_KEY);
    expect(kept?.versions.size).toBe(rows.length);
    expect(kept?.buildMs).toBeGreaterThanOrEqual(0);

    expect(await refreshKept(db)).toMatchObject({ outcome: 'kept' });

    await db.aiUseCases.put({ ...rows[0]!, title: 'Rostering Assistant', updated: LATER });
    await db.aiUseCases.delete(rows[1]!.id);
    expect(await refreshKept(db)).toMatchObject({ outcome: 'updated' });
    const index = new UseCaseIndex(noWorker().factory, db);
    await index.buildAway(await db.aiUseCases.toArray());
    expect(index.search('rostering')?.ids).toEqual([rows[0]!.id]);
    expect(index.search('fraud')?.ids).not.toContain(rows[1]!.id);
    expect(index.size).toBe(rows.length - 1);
  });

  it('opens the library from the kept index without building, bringing it in step with the rows it finds', async () => {
    const db = freshDb();
    await db.aiUseCases.bulkAdd(rows);
    await refreshKept(db);
    // Changed after the index was kept (a realtime update): replaced on opening.
    const changed = [{ ...rows[2]!, title: 'Citizen Enquiry Assistant', updated: LATER }, ...rows.slice(3)];
    const worker = noWorker();
    const index = new UseCaseIndex(worker.factory, db);

    await index.buildAway(changed);

    expect(worker.asked()).toBe(0);
    expect(index.size).toBe(changed.length);
    expect(index.search('citizen')?.ids).toEqual([rows[2]!.id]);
    expect(index.search('shelf')?.ids).toHaveLength(changed.filter((row) => row.title.startsWith('Shelf')).length);
    const load = performance.getEntriesByName('use-cases:index-load').at(-1) as PerformanceMeasure | undefined;
    expect(load?.detail).toMatchObject({ documents: changed.length, added: 0, changed: 3 });
  });

  it('is not kept for a library small enough to index on the page at once', async () => {
    const db = freshDb();
    await db.aiUseCases.bulkAdd(rows.slice(11));
    expect(await refreshKept(db)).toMatchObject({ outcome: 'small' });
    expect(await db.keptIndexes.count()).toBe(0);
  });

  it('is not read when it was built another way, or when most rows changed since', async () => {
    const db = freshDb();
    await db.aiUseCases.bulkAdd(rows);
    await refreshKept(db);
    expect(await readKeptIndex(db, rows)).toBeDefined();

    const mostChanged = rows.map((row, index) => (index % 2 ? row : { ...row, updated: LATER }));
    expect(await readKeptIndex(db, mostChanged)).toBeUndefined();
    expect(await refreshKept(db)).toMatchObject({ outcome: 'kept' });
    await db.aiUseCases.bulkPut(mostChanged);
    expect(await refreshKept(db)).toMatchObject({ outcome: 'built' });

    await db.keptIndexes.update(KEPT_INDEX_KEY, { format: 'use-cases/0 older fields' });
    expect(await readKeptIndex(db, mostChanged)).toBeUndefined();
  });
});
