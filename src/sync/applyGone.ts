// Records the server says are gone (deleted, or no longer readable by the
// user: an event unpublished, a seat lost) leave the device. A row the user
// changed and has not sent yet is never dropped silently: it stays, and its
// changes are marked failed with GONE_MESSAGE, for the user to Discard (or
// Retry, which the server then answers). A waiting delete of a gone record
// has happened already: it is settled and the row goes.
import Dexie from 'dexie';
import type { MasterclassDb } from '@/db';
import { localTable } from './localTable';

export const GONE_MESSAGE = 'This item was deleted or is no longer shared with you.';

/** Deletes the gone rows of `collection`; answers how many rows were deleted. Runs inside the caller's transaction, if any. */
export async function applyGone(db: MasterclassDb, collection: string, ids: readonly string[]): Promise<number> {
  const table = localTable(db, collection);
  if (!table || ids.length === 0) return 0;
  return db.transaction('rw', table, db.outbox, async () => {
    const gone = new Set(ids);
    // The collection's waiting and failed changes (the outbox is small: what is not sent yet).
    const changes = (await db.outbox.where('[collection+recordId]').between([collection, Dexie.minKey], [collection, Dexie.maxKey]).toArray())
      .filter((change) => gone.has(change.recordId))
      .sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
    const changesOf = new Map<string, typeof changes>();
    for (const change of changes) changesOf.set(change.recordId, [...(changesOf.get(change.recordId) ?? []), change]);
    const deleted: string[] = [];
    for (const id of gone) {
      const own = changesOf.get(id) ?? [];
      if (own.length === 0 || own.at(-1)?.op === 'delete') {
        // Nothing of the user's to keep (or the user deleted it too).
        if (own.length > 0) await db.outbox.bulkDelete(own.map((change) => change.seq as number));
        deleted.push(id);
        continue;
      }
      for (const change of own) {
        await db.outbox.update(change.seq as number, { status: 'failed', error: GONE_MESSAGE, nextAttemptAt: 0, conflict: undefined });
      }
    }
    const held = (await table.bulkGet(deleted)).filter((row) => row !== undefined).length;
    await table.bulkDelete(deleted);
    return held;
  });
}
