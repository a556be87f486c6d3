// Stores server versions of records, keeping the user's unsent edits visible:
// each record's pending outbox patches are applied again on top, in order, so
// a pull or realtime event never makes a local edit flicker away before it is pushed.
// A version older than the local one is ignored.
import type { MasterclassDb, ServerRecord } from '@/db';
import { localTable } from './localTable';

export async function applyServerRecords(db: MasterclassDb, collection: string, records: readonly ServerRecord[]): Promise<void> {
  const table = localTable(db, collection);
  if (!table || records.length === 0) return;
  await db.transaction('rw', table, db.outbox, async () => {
    for (const record of records) {
      const pending = await db.outbox
        .where('[collection+recordId]').equals([collection, record.id])
        .filter((change) => change.status === 'pending')
        .sortBy('seq');
      // A delete waiting to be pushed: do not bring the row back.
      if (pending.some((change) => change.op === 'delete')) continue;
      const local = await table.get(record.id);
      // An older version than the one held (a pull page read before a realtime
      // event but applied after it) never replaces it; the stamps are fixed-width
      // 'YYYY-MM-DD HH:MM:SS.sssZ', so they compare as strings.
      if (local?.updated && record.updated < local.updated) continue;
      // Pulls re-read the records at the cursor's own stamp: skip what we already hold.
      if (pending.length === 0 && local?.updated === record.updated) continue;
      // Over the local row, so a field the server hides in some answers (email) is not lost.
      let row: ServerRecord = { ...local, ...record };
      for (const change of pending) row = { ...row, ...change.patch, id: record.id };
      await table.put(row);
    }
  });
}
