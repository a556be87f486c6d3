// A record changed on the server while we are connected. Realtime events do
// not move the pull cursor (the next pull re-reads from it, skipping what is
// unchanged), so a missed event costs nothing but a later pull.
import type { MasterclassDb } from '@/db';
import { applyServerRecords } from './applyServerRecords';
import { applyTombstones } from './applyTombstones';
import { localTable } from './localTable';
import type { SyncedCollectionSpec } from './syncedCollections';
import type { RealtimeChange } from './transport';

export async function applyRealtimeChange(
  db: MasterclassDb, spec: SyncedCollectionSpec, userId: string, change: RealtimeChange,
): Promise<void> {
  const { action, record } = change;
  if (!spec.table) {
    if (action !== 'delete') await applyTombstones(db, [record]);
    return;
  }
  // An administrator is told about every user's records; keep only the user's own.
  if (spec.ownerField && record[spec.ownerField] !== userId) return;
  if (action === 'delete') await localTable(db, spec.collection)?.delete(record.id);
  else await applyServerRecords(db, spec.collection, [record]);
}
