// Sync bookkeeping values in the `meta` table, read and written by key.
import type { MasterclassDb } from './database';

export const metaKeys = {
  cursor: (collection: string) => `cursor:${collection}`,
  lastSyncedAt: 'lastSyncedAt',
  /** Whose rows the user-owned tables hold. */
  userId: 'userId',
  /** When the browser was asked to keep this device's data (asked once). */
  persistentStorageAsked: 'persistentStorageAsked',
} as const;

export async function readMeta(db: MasterclassDb, key: string): Promise<string | undefined> {
  return (await db.meta.get(key))?.value;
}

export async function writeMeta(db: MasterclassDb, key: string, value: string): Promise<void> {
  await db.meta.put({ key, value });
}
