// The door's rows as a whole (src/db/checkInTypes.ts): how many check-ins wait
// for the server, and removing the door's lists from the device. The door
// (src/features/admin/check-in/) and the sync's sign-out and account switch
// both use them.
import type { MasterclassDb } from './database';

/** Every check-in waiting for the server on this device (any event, any administrator). */
export const countPendingCheckIns = (db: MasterclassDb) => db.checkIns.where('pending').equals(1).count();

/**
 * Removes the door's lists from the device (at sign-out), keeping check-ins
 * that still wait for the server; false when some wait (they are kept, with
 * the lists they belong to).
 */
export async function forgetDoorData(db: MasterclassDb): Promise<boolean> {
  if ((await countPendingCheckIns(db)) > 0) return false;
  await db.transaction('rw', db.doorRosters, db.doorAttendees, db.checkIns, async () => {
    await db.doorRosters.clear();
    await db.doorAttendees.clear();
    await db.checkIns.clear();
  });
  return true;
}
