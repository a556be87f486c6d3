// Signing out: stops syncing and removes the user's own rows from this device
// unless changes still wait to be sent (those are never thrown away; /auth
// says so), then ends the session (endSession: stored files, session, a full
// page load of /auth). The engine and the database load on demand: the admin
// area signs out too, and runs no sync.
import { endSession } from '@/lib/endSession';
import { UNSENT_CHANGES_KEPT_KEY } from '@/lib/session';

export async function signOut(): Promise<void> {
  let note: string | undefined;
  try {
    const [{ stopSync }, { forgetLocalUserData }, { db }] = await Promise.all([import('./stopSync'), import('./forgetLocalUserData'), import('@/db')]);
    await stopSync();
    if (!(await forgetLocalUserData(db))) note = UNSENT_CHANGES_KEPT_KEY;
  } catch (error) {
    console.error('Could not clear this device\'s data at sign-out', error);
  }
  await endSession('at sign-out', note);
}
