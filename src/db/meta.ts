// Sync bookkeeping values in the `meta` table, read and written by key.
import type { MasterclassDb } from './database';

export const metaKeys = {
  /** The server's change sequence up to which a collection is pulled (a number; see pullCollection). */
  checkpoint: (collection: string) => `checkpoint:${collection}`,
  /**
   * The server's history (an epoch id) the collection's checkpoint was taken in, stored with it and
   * sent back with it; '' when the server named none. A checkpoint without it (stored before the
   * history existed) is dropped once: the collection refills.
   */
  history: (collection: string) => `history:${collection}`,
  /**
   * Set while a collection is pulled from the start to replace the device's copy (a reset, an
   * upgrade, a discarded change): the rows it did not receive are deleted once it completes.
   */
  refill: (collection: string) => `refill:${collection}`,
  /**
   * The highest `sync_seq` a collection's rows took from outside its pulls (a realtime message, the
   * answer to the device's own save) while above its checkpoint: sent with the next pull (`seen`), so
   * a version numbered in another history of the server's database (a backup restored) is caught
   * even when the checkpoint is older; dropped once a pull's checkpoint passes it.
   */
  seen: (collection: string) => `seen:${collection}`,
  lastSyncedAt: 'lastSyncedAt',
  /** Whose rows the user-owned tables hold (kept after a sign-out clears them: the next account's sign-in still knows whose they were). */
  userId: 'userId',
  /** Set by a sign-out to the account that signed out; nothing syncs for it until a sign-in claims the device again (src/sync/deviceOwner.ts). */
  signedOut: 'signedOut',
  /** When the browser was asked to keep this device's data (asked once). */
  persistentStorageAsked: 'persistentStorageAsked',
} as const;

export async function readMeta(db: MasterclassDb, key: string): Promise<string | undefined> {
  return (await db.meta.get(key))?.value;
}

export async function writeMeta(db: MasterclassDb, key: string, value: string): Promise<void> {
  await db.meta.put({ key, value });
}
