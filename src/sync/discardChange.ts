// The user's "Discard" on a failed change: the change is dropped and the
// record goes back to the server's version. The local row still shows the
// discarded edit, so it is removed (unless other changes of it still wait)
// and its collection is pulled again from the beginning to bring it back
// (without a checkpoint, a refill: see pullCollection).
import { isDoorChange, metaKeys, type MasterclassDb } from '@/db';
import { localTable } from './localTable';
import { requestSync } from './requestSync';

export async function discardChange(db: MasterclassDb, seq: number): Promise<void> {
  await db.transaction('rw', db.tables, async () => {
    const change = await db.outbox.get(seq);
    if (!change) return;
    await db.outbox.delete(seq);
    const others = await db.outbox.where('[collection+recordId]').equals([change.collection, change.recordId]).count();
    if (others > 0) return;
    if (isDoorChange(change)) {
      // A door check-in the server never took (refused) leaves the door; one it holds stays as the server has it.
      const row = await db.checkIns.get(change.recordId);
      if (row && !row.updated) await db.checkIns.delete(change.recordId);
      else if (row) await db.checkIns.update(change.recordId, { pending: 0 });
      return;
    }
    await localTable(db, change.collection)?.delete(change.recordId);
    await db.meta.delete(metaKeys.checkpoint(change.collection));
  });
  void requestSync();
}
