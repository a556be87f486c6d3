// A door pass's session on a device (the door page, /door/$pass): signing in
// with the pass's PIN, and leaving the door. The pass's token is the app's
// stored session like a user's, so the sync engine and the door's calls carry
// it; src/lib/session.ts never counts it as a user (not an attendee, not an
// administrator). Signing in claims the device as a sign-in does (another
// account's rows leave it; door check-ins still waiting stay, for this pass if
// they are its own, else for an administrator). Leaving is a sign-out that
// keeps the door's waiting check-ins on the device (src/sync/leaveDevice.ts).
import { db } from '@/db';
import { pb } from '@/lib/pocketbase';
import { currentDoorPass } from '@/lib/session';
import { claimDevice } from './deviceOwner';
import { leaveDevice } from './leaveDevice';
import { stopSync } from './stopSync';

export const DOOR_SIGN_IN_ROUTE = '/api/masterclass/door/sign-in';

/** Signs this device in with the pass's PIN; throws the server's refusal (401 wrong, 429 locked or too many tries). */
export async function signInWithDoorPass(pass: string, pin: string): Promise<void> {
  const answer = await pb.send<{ token: string; record: Record<string, unknown> & { id: string; collectionId: string; collectionName: string } }>(
    DOOR_SIGN_IN_ROUTE, { method: 'POST', body: { pass, pin }, requestKey: null },
  );
  pb.authStore.save(answer.token, answer.record);
  await claimDevice(db, answer.record.id);
}

/**
 * "Leave this door": the engine stops, the device is left (the door's list goes;
 * its waiting check-ins stay, as ids and times, for the next pass or
 * administrator signed in here) and the session ends. Resolves whether check-ins still wait.
 */
export async function leaveDoor(): Promise<{ keptCheckIns: boolean }> {
  const pass = currentDoorPass();
  let keptCheckIns = false;
  try {
    await stopSync();
    if (pass) keptCheckIns = (await leaveDevice(db, pass.id, 'keep')).keptCheckIns;
  } finally {
    pb.authStore.clear();
  }
  return { keptCheckIns };
}
