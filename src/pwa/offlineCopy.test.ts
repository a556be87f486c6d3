import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { PublicDb } from '@/db/publicDatabase';
import { newestCopy, offlineCopiesStored, withOfflineCopy } from './offlineCopy';

function freshDb() {
  const db = new PublicDb(`public-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  return { db, open: () => Promise.resolve(db) };
}

const offline = () => Promise.reject(new TypeError('Failed to fetch'));

describe('withOfflineCopy', () => {
  it('stores every online answer and answers the last one when the network is gone', async () => {
    const { db, open } = freshDb();
    expect(await withOfflineCopy('speakers', () => Promise.resolve(['Ada']), { db: open })).toEqual(['Ada']);
    expect(await withOfflineCopy('speakers', () => Promise.resolve(['Ada', 'Grace']), { db: open })).toEqual(['Ada', 'Grace']);
    await offlineCopiesStored();
    expect(await withOfflineCopy('speakers', offline, { db: open })).toEqual(['Ada', 'Grace']);
    expect((await db.copies.get('speakers'))?.savedAt).toBeGreaterThan(0);
  });

  it("fails with the read's own error when nothing was stored", async () => {
    const { open } = freshDb();
    await expect(withOfflineCopy('event', offline, { db: open })).rejects.toThrow('Failed to fetch');
  });

  it('keeps copies apart by key', async () => {
    const { open } = freshDb();
    await withOfflineCopy('event', () => Promise.resolve({ title: 'Masterclass' }), { db: open });
    await offlineCopiesStored();
    await expect(withOfflineCopy('speakers', offline, { db: open })).rejects.toThrow();
    expect(await withOfflineCopy('event', offline, { db: open })).toEqual({ title: 'Masterclass' });
  });

  it('still answers when the database cannot be opened', async () => {
    const broken = () => Promise.reject(new Error('QuotaExceededError'));
    expect(await withOfflineCopy('event', () => Promise.resolve(1), { db: broken })).toBe(1);
    await expect(withOfflineCopy('event', offline, { db: broken })).rejects.toThrow('Failed to fetch');
  });

  it("answers another read's stored copy, adopted, when this read has none", async () => {
    const { open } = freshDb();
    await withOfflineCopy('event', () => Promise.resolve({ id: 'e1', title: 'Masterclass', seats: 3 }), { db: open });
    await offlineCopiesStored();
    const adoptTitle = (value: unknown) => ({ title: (value as { title: string }).title });
    expect(await withOfflineCopy('eventSummary', offline, { db: open, alsoFrom: [{ key: 'event', adopt: adoptTitle }] })).toEqual({ title: 'Masterclass' });
  });

  it('answers the newest of the copies that fit, and none that does not', async () => {
    const { db, open } = freshDb();
    await db.copies.bulkPut([
      { key: 'eventSummary', value: { id: 'old' }, savedAt: 1_000 },
      { key: 'event', value: { id: 'new' }, savedAt: 2_000 },
    ]);
    const any = (value: unknown) => value as { id: string };
    expect(await withOfflineCopy('eventSummary', offline, { db: open, alsoFrom: [{ key: 'event', adopt: any }] })).toEqual({ id: 'new' });
    const notThatOne = () => null;
    expect(await withOfflineCopy('eventSummary', offline, { db: open, alsoFrom: [{ key: 'event', adopt: notThatOne }] })).toEqual({ id: 'old' });
    await expect(withOfflineCopy('speakers', offline, { db: open, alsoFrom: [{ key: 'event', adopt: notThatOne }] })).rejects.toThrow('Failed to fetch');
  });
});

describe('newestCopy', () => {
  it('picks the latest stored candidate that fits', () => {
    expect(newestCopy([undefined, { value: 'a', savedAt: 5 }, { value: 'b', savedAt: 9 }, { value: null, savedAt: 20 }])).toBe('b');
    expect(newestCopy([{ value: null, savedAt: 1 }, undefined])).toBeUndefined();
    expect(newestCopy([])).toBeUndefined();
  });
});
