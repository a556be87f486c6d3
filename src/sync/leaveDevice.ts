// The device's part of a sign-out, under the sync lock (so a pass of another
// tab is either over before it or finds the device signed out and writes
// nothing, see deviceOwner.ts), in one transaction:
// - the account's changes not sent yet are kept in the outbox, stamped with
//   the account ('keep': sent when that account signs in here again; no other
//   account sees or sends them) or deleted ('discard', the user's explicit choice);
// - the account's view leaves the device with its checkpoints: its own rows
//   and the events, speakers and materials as its role showed them
//   (clearUserTables);
// - the door's lists go (names, emails, ticket codes); door check-ins still
//   waiting stay as ids and times only, with no owner: any administrator's
//   sign-in sends them ('discard' deletes them too; forgetDoorData);
// - meta.signedOut marks the device as signed out; meta.userId still names
//   the account, so the next account's sign-in clears the tables again.
import { discardDoorChanges, forgetDoorData, metaKeys, writeMeta, type MasterclassDb } from '@/db';
import { accountTables, clearUserTables } from './clearUserTables';
import { ownedBy } from './unsentChanges';
import { withSyncLock } from './withSyncLock';

/**
 * The sign-out dialog's choice for the account's changes: 'keep' or 'discard'
 * (the dialog counted the door's check-ins too, so 'discard' drops those as well).
 */
export type UnsentChoice = 'keep' | 'discard';
/**
 * What leaving does with them: the user's choice, or 'discard-own', which drops
 * only the account's own changes and keeps the door's check-ins for the next
 * administrator (the account was deleted: its changes can go nowhere, but
 * check-ins are the door's, whoever scanned them).
 */
export type LeaveChoice = UnsentChoice | 'discard-own';

export interface LeftDevice {
  /** The account's changes still in the outbox (kept for its next sign-in). */
  keptChanges: number;
  /** Door check-ins still waiting, kept (as ids and times; the door's lists go). */
  keptCheckIns: boolean;
}

export function leaveDevice(db: MasterclassDb, userId: string, unsent: LeaveChoice): Promise<LeftDevice> {
  return withSyncLock(() => db.transaction('rw', [db.outbox, db.meta, ...accountTables(db), db.doorRosters, db.doorAttendees, db.checkIns], async () => {
    const mine = db.outbox.filter(ownedBy(userId));
    if (unsent === 'keep') await mine.modify({ owner: userId });
    else await mine.delete();
    await clearUserTables(db);
    await writeMeta(db, metaKeys.signedOut, userId);
    const keptChanges = unsent === 'keep' ? await db.outbox.filter((change) => change.owner === userId).count() : 0;
    // The dialog counted the door's check-ins among them: discarded too.
    if (unsent === 'discard') await discardDoorChanges(db);
    const keptCheckIns = !(await forgetDoorData(db));
    return { keptChanges, keptCheckIns };
  }));
}
