import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { PublicDb } from '@/db/publicDatabase';
import { offlineCopiesStored, withOfflineCopy } from './offlineCopy';

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
});
