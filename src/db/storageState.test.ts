// Persistent storage is asked for once (the first save), and the storage
// state reads what the browser's Storage API says.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { MasterclassDb } from './database';
import { askPersistentStorageOnce, readStorageState } from './storageState';

/** A browser whose storage manager grants persistence and counts the requests. */
function browserStorage(grants: boolean) {
  let persisted = false;
  const storage = {
    persistRequests: 0,
    persist: async () => {
      storage.persistRequests += 1;
      persisted = grants;
      return grants;
    },
    persisted: async () => persisted,
    estimate: async () => ({ usage: 2_500_000, quota: 300_000_000 }),
  };
  return storage;
}

const freshDb = () => new MasterclassDb('storage-state-test', { indexedDB: new IDBFactory(), IDBKeyRange });

describe('persistent storage', () => {
  it('is asked for once per device, whatever the browser answered', async () => {
    const db = freshDb();
    const refusing = browserStorage(false);
    expect(await askPersistentStorageOnce(db, refusing)).toBe(false);
    expect(await askPersistentStorageOnce(db, refusing)).toBe(false);
    expect(refusing.persistRequests).toBe(1);

    const granting = browserStorage(true);
    const other = freshDb();
    expect(await askPersistentStorageOnce(other, granting)).toBe(true);
    expect(await askPersistentStorageOnce(other, granting)).toBe(true);
    expect(granting.persistRequests).toBe(1);
  });

  it('reports persistence, usage and quota, or unknown without a Storage API', async () => {
    const storage = browserStorage(true);
    await storage.persist();
    expect(await readStorageState(storage)).toEqual({ persisted: true, usageBytes: 2_500_000, quotaBytes: 300_000_000 });
    expect(await readStorageState(undefined)).toEqual({ persisted: null, usageBytes: null, quotaBytes: null });
    expect(await askPersistentStorageOnce(freshDb(), undefined)).toBeNull();
  });
});
