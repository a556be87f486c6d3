// The user's answer to a change refused as edited on both sides (see OutboxRow.conflict).
// - keepMine: the change goes again without its base and versions, so the server takes the
//   user's values; the row shows them again at once.
// - takeServers: the change is dropped and the record goes back to the server's
//   version (with any other waiting changes on top): the row is marked as
//   holding no server version and its collection pulled again from the start
//   (without a checkpoint, a refill: see pullCollection).
import { metaKeys, type MasterclassDb, type ServerRecord } from '@/db';
import { localTable } from './localTable';
import { requestSync } from './requestSync';

export async function keepMine(db: MasterclassDb, seq: number): Promise<void> {
  const change = await db.outbox.get(seq);
  const table = change && localTable(db, change.collection);
  if (!change || !table) return;
  await db.transaction('rw', table, db.outbox, async () => {
    await db.outbox.update(seq, { status: 'pending', attempts: 0, nextAttemptAt: 0, error: undefined, base: undefined, versions: undefined, conflict: undefined });
    const row = await table.get(change.recordId);
    if (row) await table.put({ ...row, ...change.patch, id: row.id } as ServerRecord);
  });
  void requestSync();
}

export async function takeServers(db: MasterclassDb, seq: number): Promise<void> {
  const change = await db.outbox.get(seq);
  const table = change && localTable(db, change.collection);
  if (!change || !table) return;
  await db.transaction('rw', table, db.outbox, db.meta, async () => {
    await db.outbox.delete(seq);
    // 0 = no server version held: the next pull's version replaces it (see applyServerRecords).
    await table.update(change.recordId, { sync_seq: 0 });
    await db.meta.delete(metaKeys.checkpoint(change.collection));
  });
  void requestSync();
}
