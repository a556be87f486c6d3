// Versions stored from outside a pull (a realtime message, the answer to the
// device's own save) may be past the collection's checkpoint: the device
// notes the highest such number (meta `seen:<collection>`) and sends it with
// its next pull, which judges it with the server's history like the
// checkpoint (docs/sync.md "After a restore"). Runs inside the caller's
// transaction, which must include db.meta.
import { metaKeys, readMeta, type MasterclassDb, type ServerRecord } from '@/db';

export async function noteSeen(db: MasterclassDb, collection: string, records: readonly ServerRecord[]): Promise<void> {
  const highest = Math.max(0, ...records.map((record) => (typeof record.sync_seq === 'number' ? record.sync_seq : 0)));
  if (highest === 0) return;
  const checkpoint = Number(await readMeta(db, metaKeys.checkpoint(collection)) ?? 0);
  const seen = Number(await readMeta(db, metaKeys.seen(collection)) ?? 0);
  if (highest > checkpoint && highest > seen) await db.meta.put({ key: metaKeys.seen(collection), value: String(highest) });
}
