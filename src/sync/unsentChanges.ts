// The changes of one account that have not reached the server, as sign-out
// tells them: waiting to be sent, refused by the server, and edited on both
// sides (waiting for Keep mine / Use the server's). Changes with no owner
// were made before anyone signed in on this device and count as the account's.
// Door check-ins are not the account's (any administrator's sign-in sends
// them, and a sign-out keeps them, without the door's list, forgetDoorData), but
// they are counted apart (`checkIns`), so a sign-out says they wait.
import { countPendingCheckIns, isDoorChange, type MasterclassDb, type OutboxRow } from '@/db';

export interface UnsentChanges {
  pending: number;
  /** Refused by the server (marked failed), not counting conflicts. */
  failed: number;
  /** Edited on the server too: the user keeps theirs or takes the server's. */
  conflicts: number;
  /** Door check-ins on this device not sent yet (waiting, or refused and not retried or discarded), whoever made them. */
  checkIns: number;
  /** All of the above. */
  total: number;
}

export const ownedBy = (userId: string) => (change: OutboxRow) => !isDoorChange(change) && (change.owner === undefined || change.owner === userId);

export async function unsentChanges(db: MasterclassDb, userId: string): Promise<UnsentChanges> {
  const changes = await db.outbox.filter(ownedBy(userId)).toArray();
  const conflicts = changes.filter((change) => change.status === 'failed' && (change.conflict?.length ?? 0) > 0).length;
  const failed = changes.filter((change) => change.status === 'failed').length - conflicts;
  const pending = changes.filter((change) => change.status === 'pending').length;
  const checkIns = await countPendingCheckIns(db);
  return { pending, failed, conflicts, checkIns, total: changes.length + checkIns };
}
