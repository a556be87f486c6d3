// Empties the tables that hold one user's own data (profile, attendee rows,
// tool records) and their checkpoints, so they are pulled afresh for whoever
// signs in next. Shared tables (event, speakers, materials, use cases) stay.
// meta.userId stays too: until another account claims the device, it says
// whose rows these tables held, so that account's sign-in clears them again
// whatever came back meanwhile (see claimLocalData).
import { metaKeys, type MasterclassDb } from '@/db';
import { syncedCollections } from './syncedCollections';

export async function clearUserTables(db: MasterclassDb): Promise<void> {
  const owned = syncedCollections.filter((spec) => spec.ownerField && spec.table);
  const tables = owned.map((spec) => db.table(spec.table as string));
  await db.transaction('rw', [db.meta, ...tables], async () => {
    for (const table of tables) await table.clear();
    await db.meta.bulkDelete(owned.flatMap((spec) => [metaKeys.checkpoint(spec.collection), metaKeys.refill(spec.collection)]));
  });
}
