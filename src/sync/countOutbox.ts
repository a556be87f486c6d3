// How many changes wait to be pushed and how many the server refused: of
// `userId` (changes another account made on the device are not theirs to see
// as waiting), or of everyone when no user is given. Door check-ins count for
// whoever is signed in: any administrator's sign-in sends them (pushCheckIns).
import { isDoorChange, type MasterclassDb, type OutboxRow } from '@/db';

export async function countOutbox(db: MasterclassDb, userId?: string): Promise<{ pending: number; failed: number }> {
  const mine = (change: OutboxRow) => userId === undefined || change.owner === undefined || change.owner === userId || isDoorChange(change);
  const [pending, failed] = await Promise.all([
    db.outbox.where('status').equals('pending').filter(mine).count(),
    db.outbox.where('status').equals('failed').filter(mine).count(),
  ]);
  return { pending, failed };
}
