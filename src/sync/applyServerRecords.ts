// Stores server versions of records, keeping the user's unsent edits visible:
// each record's pending outbox patches are applied again on top, in order, so
// a pull or realtime event never makes a local edit flicker away before it is pushed.
// A version older than the local one is ignored. A page is applied in one
// transaction with one read of the held rows and of the collection's waiting
// changes and one write, so a large library (10,000 use cases) lands quickly.
import Dexie from 'dexie';
import type { MasterclassDb, OutboxRow, ServerRecord } from '@/db';
import { localTable } from './localTable';

export async function applyServerRecords(db: MasterclassDb, collection: string, records: readonly ServerRecord[]): Promise<void> {
  const table = localTable(db, collection);
  if (!table || records.length === 0) return;
  const started = performance.now();
  await db.transaction('rw', table, db.outbox, async () => {
    const held = await table.bulkGet(records.map((record) => record.id));
    const local = new Map<string, ServerRecord>();
    held.forEach((row) => row && local.set(row.id, row));
    // The collection's waiting changes (the outbox is small: what is not sent yet), by record, in seq order.
    const waiting = await db.outbox.where('[collection+recordId]').between([collection, Dexie.minKey], [collection, Dexie.maxKey])
      .filter((change) => change.status === 'pending')
      .toArray();
    const pendingOf = new Map<string, OutboxRow[]>();
    for (const change of waiting.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))) {
      pendingOf.set(change.recordId, [...(pendingOf.get(change.recordId) ?? []), change]);
    }
    const changed = new Map<string, ServerRecord>();
    for (const record of records) {
      const pending = pendingOf.get(record.id) ?? [];
      // A delete waiting to be pushed: do not bring the row back.
      if (pending.some((change) => change.op === 'delete')) continue;
      const current = local.get(record.id);
      // An older version than the one held (a pull page read before a realtime
      // event but applied after it) never replaces it; the stamps are fixed-width
      // 'YYYY-MM-DD HH:MM:SS.sssZ', so they compare as strings.
      if (current?.updated && record.updated < current.updated) continue;
      // Pulls re-read the records at the cursor's own stamp: skip what we already hold.
      if (pending.length === 0 && current?.updated === record.updated) continue;
      // Over the local row, so a field the server hides in some answers (email) is not lost.
      let row: ServerRecord = { ...current, ...record };
      for (const change of pending) row = { ...row, ...change.patch, id: record.id };
      local.set(record.id, row);
      changed.set(record.id, row);
    }
    if (changed.size > 0) await table.bulkPut([...changed.values()]);
  });
  // On the performance timeline for the library benchmark: how long storing one page took.
  performance.measure('sync:apply', { start: started, end: performance.now(), detail: { collection, records: records.length } });
}
