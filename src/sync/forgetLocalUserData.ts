// For an explicit sign-out: removes the user's own rows from this device, but
// only once nothing waits to be pushed (an offline edit is never thrown away).
// Returns false, keeping everything, when changes still wait; the caller warns.
import { forgetDoorData, type MasterclassDb } from '@/db';
import { clearUserTables } from './clearUserTables';
import { countOutbox } from './countOutbox';

export async function forgetLocalUserData(db: MasterclassDb): Promise<boolean> {
  if ((await countOutbox(db)).pending > 0) return false;
  // The door's attendee lists go too, unless check-ins made at the door still wait to be sent.
  if (!(await forgetDoorData(db))) return false;
  await clearUserTables(db);
  await db.outbox.clear();
  return true;
}
