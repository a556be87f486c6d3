// Stores server versions of records, keeping the user's unsent edits visible:
// each record's pending outbox patches are applied again on top, in order, so
// a pull or realtime event never makes a local edit flicker away before it is pushed.
// Versions are compared by the server's change sequence (`sync_seq`, one
// counter for every write, in commit order): a record replaces the held copy
// only when its sequence is greater, or when the device holds no server
// version of it (a row made here, one stored by an older version, or marked
// unknown with 0). Stamps (`updated`) are never compared: two versions can
// share a millisecond. A page is applied in one
// transaction with one read of the held rows and of the collection's waiting
// changes and one write, so a large library (10,000 use cases) lands quickly.
// A page expected to be new to the device (a first pull) is not read first:
// its rows are added, which never replaces a row, and only the ones the
// device turns out to hold are read and compared as above.
import Dexie, { type Table } from 'dexie';
import type { MasterclassDb, OutboxRow, ServerRecord } from '@/db';
import { localTable } from './localTable';

export interface ApplyOptions {
  /** The records are probably not on the device yet: add them without reading the held rows first. */
  expectNew?: boolean;
}

/** Adds `records` as new rows; answers the ids of those the table already held (nothing is written for them). */
async function addNew(table: Table<ServerRecord, string>, records: readonly ServerRecord[]): Promise<Set<string>> {
  const held = new Set<string>();
  if (records.length === 0) return held;
  try {
    await table.bulkAdd(records);
  } catch (error) {
    if (!(error instanceof Dexie.BulkError)) throw error;
    // A row with the id exists: the add failed (nothing written) and the transaction goes on.
    for (const [position, failure] of Object.entries(error.failuresByPos)) {
      const record = records[Number(position)];
      if (!record || failure.name !== 'ConstraintError') throw failure;
      held.add(record.id);
    }
  }
  return held;
}

const versionOf = (record: ServerRecord | undefined): number => {
  const seq = record?.sync_seq;
  return typeof seq === 'number' && seq > 0 ? seq : 0;
};

/** True when `incoming` is a later server version than the held `current` (or none is held). */
export function isLaterVersion(incoming: ServerRecord, current: ServerRecord | undefined): boolean {
  const held = versionOf(current);
  return held === 0 || versionOf(incoming) > held;
}

export interface Applied {
  /** How many of the records the device already held. */
  held: number;
  /** How many rows were written (added or replaced). */
  written: number;
}

/** Stores a page of server records. */
export async function applyServerRecords(
  db: MasterclassDb, collection: string, records: readonly ServerRecord[], { expectNew = false }: ApplyOptions = {},
): Promise<Applied> {
  const table = localTable(db, collection);
  if (!table || records.length === 0) return { held: 0, written: 0 };
  return db.transaction('rw', table, db.outbox, async () => {
    // The collection's waiting changes (the outbox is small: what is not sent yet), by record, in seq order.
    const waiting = await db.outbox.where('[collection+recordId]').between([collection, Dexie.minKey], [collection, Dexie.maxKey])
      .filter((change) => change.status === 'pending')
      .toArray();
    const pendingOf = new Map<string, OutboxRow[]>();
    for (const change of waiting.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))) {
      pendingOf.set(change.recordId, [...(pendingOf.get(change.recordId) ?? []), change]);
    }
    // What is left to compare with the held rows: everything, or, when the rows are expected
    // to be new, those with waiting changes (merged below) and those the device held after all.
    let compared = records;
    let added = 0;
    if (expectNew) {
      const adding = records.filter((record) => !pendingOf.has(record.id));
      const held = await addNew(table, adding);
      added = adding.length - held.size;
      compared = records.filter((record) => pendingOf.has(record.id) || held.has(record.id));
      if (compared.length === 0) return { held: 0, written: added };
    }
    const local = new Map<string, ServerRecord>();
    for (const row of await table.bulkGet(compared.map((record) => record.id))) if (row) local.set(row.id, row);
    const heldBefore = local.size;
    const changed = new Map<string, ServerRecord>();
    for (const record of compared) {
      const pending = pendingOf.get(record.id) ?? [];
      // A delete waiting to be pushed: do not bring the row back.
      if (pending.some((change) => change.op === 'delete')) continue;
      const current = local.get(record.id);
      // The version held already, or an earlier one (a pull page read before a
      // realtime event but applied after it): nothing to write.
      if (current && !isLaterVersion(record, current)) continue;
      // Over the local row, so a field the server hides in some answers (email) is not lost.
      let row: ServerRecord = { ...current, ...record };
      for (const change of pending) row = { ...row, ...change.patch, id: record.id };
      local.set(record.id, row);
      changed.set(record.id, row);
    }
    if (changed.size > 0) await table.bulkPut([...changed.values()]);
    return { held: heldBefore, written: added + changed.size };
  });
}
