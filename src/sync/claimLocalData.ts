// Makes the device's account tables belong to `userId` before syncing: when
// another account signs in on this device, the previous account's view leaves
// it (its own rows, the events, speakers and materials its role showed, their
// checkpoints: clearUserTables; the door's lists: forgetDoorData), and its
// unsent changes are stamped as its own (kept waiting, never pushed under the
// wrong account; they go once that account signs in again). A sign-out's mark
// (meta.signedOut) goes: the device syncs for `userId` again. All of it in one
// transaction; run it under the sync lock (claimDevice, deviceOwner.ts) so no
// pass of another tab writes in between.
import { forgetDoorData, isDoorChange, metaKeys, readMeta, writeMeta, type MasterclassDb } from '@/db';
import { accountTables, clearUserTables } from './clearUserTables';

export async function claimLocalData(db: MasterclassDb, userId: string): Promise<void> {
  await db.transaction('rw', [db.outbox, db.meta, ...accountTables(db), db.doorRosters, db.doorAttendees, db.checkIns], async () => {
    const previous = await readMeta(db, metaKeys.userId);
    await db.meta.delete(metaKeys.signedOut);
    if (previous === userId) return;
    // No owner recorded: rows of unknown origin (an older version forgot it at sign-out) go too.
    await clearUserTables(db);
    if (previous !== undefined) {
      // The door's attendee lists are not the next account's to keep (check-ins still waiting stay, as ids and times).
      await forgetDoorData(db);
      // Door check-ins are any administrator's to send: they keep no owner.
      await db.outbox.filter((change) => change.owner === undefined && !isDoorChange(change)).modify({ owner: previous });
    }
    await writeMeta(db, metaKeys.userId, userId);
  });
}
