// Empties the tables that hold one account's view of the server, so they are
// pulled afresh for whoever signs in next, with their checkpoints and refill
// marks:
// - the account's own data (profile, attendee rows, tool records);
// - the shared tables each account sees differently by its role and seats
//   (events and speakers: drafts are administrators' only; materials: an
//   administrator reads every one, an attendee only those of their
//   masterclasses once unlocked). Kept, they would show the next account a
//   draft or another masterclass's handouts, and their checkpoints, past rows
//   the next account may read but the last one could not, would hide those.
// The use case library stays: every signed-in account reads the same rows
// (its rule is "signed in"), it holds nothing personal, and a refill is
// 10,000 rows.
// meta.userId stays too: until another account claims the device, it says
// whose rows these tables held, so that account's sign-in clears them again
// whatever came back meanwhile (see claimLocalData).
import { metaKeys, type MasterclassDb, type SyncedCollection } from '@/db';
import { syncedCollections } from './syncedCollections';

/** Shared collections whose rows depend on who reads them (their list rules read the account's role or seats). */
export const ACCOUNT_VIEW_COLLECTIONS: readonly SyncedCollection[] = ['events', 'speakers', 'materials'];

/** The synced collections whose rows belong to the account that pulled them. */
export const accountCollections = () => syncedCollections.filter((spec) => spec.table && (spec.ownerField || ACCOUNT_VIEW_COLLECTIONS.includes(spec.collection)));

/** The local tables clearUserTables empties (for a caller's enclosing transaction). */
export const accountTables = (db: MasterclassDb) => accountCollections().map((spec) => db.table(spec.table));

export async function clearUserTables(db: MasterclassDb): Promise<void> {
  const collections = accountCollections();
  const tables = accountTables(db);
  await db.transaction('rw', [db.meta, ...tables], async () => {
    for (const table of tables) await table.clear();
    await db.meta.bulkDelete(collections.flatMap((spec) => [metaKeys.checkpoint(spec.collection), metaKeys.refill(spec.collection)]));
  });
}
