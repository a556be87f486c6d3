// Makes the user-owned tables belong to `userId` before syncing: when another
// account signs in on this device, the previous user's rows are cleared, and
// their unsent changes are stamped as theirs (kept waiting, never pushed under
// the wrong account; they go once that user signs in again). A sign-out's
// mark (meta.signedOut) goes: the device syncs for `userId` again. Run it
// under the sync lock (claimDevice, deviceOwner.ts) so no pass of another tab
// writes in between.
import { forgetDoorData, isDoorChange, metaKeys, readMeta, writeMeta, type MasterclassDb } from '@/db';
import { clearUserTables } from './clearUserTables';

export async function claimLocalData(db: MasterclassDb, userId: string): Promise<void> {
  const previous = await readMeta(db, metaKeys.userId);
  await db.meta.delete(metaKeys.signedOut);
  if (previous === userId) return;
  // No owner recorded: rows of unknown origin (an older version forgot it at sign-out) go too.
  await clearUserTables(db);
  if (previous !== undefined) {
    // The door's attendee lists are not the next account's to keep (unless door check-ins still wait to be sent).
    await forgetDoorData(db);
    // Door check-ins are any administrator's to send: they keep no owner.
    await db.outbox.filter((change) => change.owner === undefined && !isDoorChange(change)).modify({ owner: previous });
  }
  await writeMeta(db, metaKeys.userId, userId);
}
