// How safe the device's copy is: whether the browser keeps it for good
// (persistent storage) or may clear it when space runs low, and how much of
// the quota it uses. Persistence is asked for once, when the user first saves
// something: browsers grant it more readily after a user action.
import type { MasterclassDb } from './database';
import { metaKeys, readMeta, writeMeta } from './meta';

export interface StorageState {
  /** null: the browser cannot tell (no Storage API). */
  persisted: boolean | null;
  usageBytes: number | null;
  quotaBytes: number | null;
}

type StorageApi = Pick<StorageManager, 'persist' | 'persisted' | 'estimate'>;

const browserStorage = (): StorageApi | undefined => (typeof navigator === 'undefined' ? undefined : navigator.storage);

export async function readStorageState(storage: StorageApi | undefined = browserStorage()): Promise<StorageState> {
  if (!storage) return { persisted: null, usageBytes: null, quotaBytes: null };
  const [persisted, estimate] = await Promise.all([
    storage.persisted ? storage.persisted().catch(() => null) : null,
    storage.estimate ? storage.estimate().catch(() => null) : null,
  ]);
  return { persisted, usageBytes: estimate?.usage ?? null, quotaBytes: estimate?.quota ?? null };
}

/** Asks the browser to keep this device's data for good, the first time only; resolves to whether it does. */
export async function askPersistentStorageOnce(db: MasterclassDb, storage: StorageApi | undefined = browserStorage()): Promise<boolean | null> {
  if (!storage?.persist) return null;
  if (await readMeta(db, metaKeys.persistentStorageAsked)) return storage.persisted ? storage.persisted() : null;
  await writeMeta(db, metaKeys.persistentStorageAsked, new Date().toISOString());
  return storage.persist();
}
