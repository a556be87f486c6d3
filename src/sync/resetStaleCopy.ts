// The server forgets tombstones after TOMBSTONE_RETENTION_MS. A device whose
// last complete sync is older than that may have missed deletes for good, so
// its copy is dropped and every collection pulled again from the beginning.
// Rows with changes still waiting in the outbox are kept (the pull puts the
// server's version under those changes).
import { metaKeys, readMeta, type MasterclassDb } from '@/db';
import { localTable } from './localTable';
import { syncedCollections } from './syncedCollections';

/** Matches the server's default retention of tombstones (90 days). */
export const TOMBSTONE_RETENTION_MS = 90 * 24 * 60 * 60_000;

/** True when the copy was dropped. */
export async function resetStaleCopy(db: MasterclassDb, now: number): Promise<boolean> {
  const lastSyncedAt = Date.parse((await readMeta(db, metaKeys.lastSyncedAt)) ?? '');
  if (Number.isNaN(lastSyncedAt) || now - lastSyncedAt <= TOMBSTONE_RETENTION_MS) return false;
  await db.transaction('rw', db.tables, async () => {
    const waiting = new Set((await db.outbox.toArray()).map((change) => `${change.collection}/${change.recordId}`));
    for (const spec of syncedCollections) {
      const table = localTable(db, spec.collection);
      if (table) await table.filter((row) => !waiting.has(`${spec.collection}/${row.id}`)).delete();
      await db.meta.delete(metaKeys.cursor(spec.collection));
    }
  });
  return true;
}
