// A tombstone says a record was deleted on the server: drop the local copy.
// Pending changes to it stay in the outbox; pushing them fails visibly (404)
// rather than silently discarding what the user typed.
import type { MasterclassDb, ServerRecord } from '@/db';
import { localTable } from './localTable';

export async function applyTombstones(db: MasterclassDb, tombstones: readonly ServerRecord[]): Promise<void> {
  for (const tombstone of tombstones) {
    const table = localTable(db, String(tombstone.collection));
    if (table) await table.delete(String(tombstone.record_id));
  }
}
