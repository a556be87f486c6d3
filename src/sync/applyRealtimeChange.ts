// A record changed on the server while we are connected. Live changes do not
// move the checkpoint: they show a change at once, and the next pull brings
// whatever a missed or unusable message held. A message is also a hint: one
// the device cannot take as it is (a version whose sequence is not later than
// the one held though it differs, as a server that numbers the row after the
// write would announce it) asks for a pass, whose pull brings it.
import type { MasterclassDb } from '@/db';
import { applyGone } from './applyGone';
import { applyServerRecords, isLaterVersion } from './applyServerRecords';
import { localTable } from './localTable';
import { noteSeen } from './noteSeen';
import { requestSync } from './requestSync';
import type { SyncedCollectionSpec } from './syncedCollections';
import type { RealtimeChange } from './transport';

export async function applyRealtimeChange(
  db: MasterclassDb, spec: SyncedCollectionSpec, userId: string, change: RealtimeChange,
): Promise<void> {
  const { action, record } = change;
  // An administrator is told about every user's records; keep only the user's own.
  if (spec.ownerField && record[spec.ownerField] !== userId) return;
  if (action === 'delete') {
    await applyGone(db, spec.collection, [record.id]);
    return;
  }
  const table = localTable(db, spec.collection);
  const current = await table?.get(record.id);
  await db.transaction('rw', table ? [table, db.outbox, db.meta] : [db.outbox, db.meta], async () => {
    await applyServerRecords(db, spec.collection, [record]);
    await noteSeen(db, spec.collection, [record]);
  });
  if (current !== undefined && !isLaterVersion(record, current) && current.updated !== record.updated) void requestSync();
}
