// When the earliest pending change that is waiting out its back-off is due
// (ms since epoch); undefined when none waits. Only `userId`'s changes count,
// and the door's check-ins (any administrator sends them).
import { isDoorChange, type MasterclassDb } from '@/db';

export async function nextAttemptAt(db: MasterclassDb, userId: string, now: number): Promise<number | undefined> {
  let earliest: number | undefined;
  await db.outbox.where('status').equals('pending').each((change) => {
    if (change.owner !== undefined && change.owner !== userId && !isDoorChange(change)) return;
    if (change.nextAttemptAt > now && (earliest === undefined || change.nextAttemptAt < earliest)) earliest = change.nextAttemptAt;
  });
  return earliest;
}
