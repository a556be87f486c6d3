// A tombstone says a record was deleted on the server: drop the local copy,
// unless the copy is newer than the tombstone (the record was re-created with
// the same id after the delete, and this device already pulled the new one).
// A copy stamped in the same millisecond as the tombstone is deleted: an edit
// and the delete right after it can share a stamp. Pending changes to a
// deleted record stay in the outbox; pushing them fails visibly (404) rather
// than silently discarding what the user typed.
import type { MasterclassDb, ServerRecord } from '@/db';
import { localTable } from './localTable';

export async function applyTombstones(db: MasterclassDb, tombstones: readonly ServerRecord[]): Promise<void> {
  for (const tombstone of tombstones) {
    const table = localTable(db, String(tombstone.collection));
    if (!table) continue;
    const recordId = String(tombstone.record_id);
    await db.transaction('rw', table, async () => {
      const local = await table.get(recordId);
      // Fixed-width 'YYYY-MM-DD HH:MM:SS.sssZ' stamps compare as strings.
      if (local && (!tombstone.updated || local.updated <= tombstone.updated)) await table.delete(recordId);
    });
  }
}
