// Signing out. The menu first asks unsentBeforeSignOut: with changes not sent
// yet (waiting, refused, or edited on both sides) it asks the user first (the
// sign-out dialog: Send now, Keep for next sign-in, Discard them); nothing is
// dropped without that explicit choice. Then signOut stops this tab's sync,
// leaves the device under the sync lock (leaveDevice: the account's rows go,
// its kept changes stay stamped with it) and ends the session (endSession:
// stored files, session, a full page load of /auth, which says when changes
// were kept). Everything it needs is loaded with the account menu (both the
// portal and the admin area run the sync already): a sign-out must work
// offline, and on a network that drops requests, without fetching a script.
import { db, metaKeys, readMeta } from '@/db';
import { endSession } from '@/lib/endSession';
import { currentUser, UNSENT_CHANGES_KEPT_KEY } from '@/lib/session';
import { leaveDevice, type UnsentChoice } from './leaveDevice';
import { sendNow } from './sendNow';
import { stopSync } from './stopSync';
import { ownedBy, unsentChanges, type UnsentChanges } from './unsentChanges';

export type { UnsentChoice } from './leaveDevice';
export type { UnsentChanges } from './unsentChanges';

const NOTHING: UnsentChanges = { pending: 0, failed: 0, conflicts: 0, checkIns: 0, total: 0 };

async function signedInUser(): Promise<string | undefined> {
  return currentUser()?.id ?? readMeta(db, metaKeys.userId);
}

/** The signed-in account's changes not sent yet (none when nobody is signed in). */
export async function unsentBeforeSignOut(): Promise<UnsentChanges> {
  const userId = await signedInUser();
  return userId ? unsentChanges(db, userId) : NOTHING;
}

/**
 * "Send now": refused changes (not the ones edited on both sides, which wait
 * for the user's choice) are tried again with a pass of the tab that syncs;
 * resolves with what is still not sent.
 */
export async function sendBeforeSignOut(): Promise<UnsentChanges> {
  const userId = await signedInUser();
  if (!userId) return NOTHING;
  await db.outbox.filter((change) => ownedBy(userId)(change) && change.status === 'failed' && !change.conflict?.length)
    .modify({ status: 'pending', attempts: 0, nextAttemptAt: 0, error: undefined });
  await sendNow(userId);
  return unsentChanges(db, userId);
}

/** `unsent`: what becomes of changes not sent yet; 'keep' unless the user chose to discard them. */
export async function signOut(unsent: UnsentChoice = 'keep'): Promise<void> {
  let note: string | undefined;
  try {
    const userId = await signedInUser();
    await stopSync();
    if (userId) {
      const left = await leaveDevice(db, userId, unsent);
      if (left.keptChanges > 0 || left.keptCheckIns) note = UNSENT_CHANGES_KEPT_KEY;
    }
  } catch (error) {
    console.error('Could not clear this device\'s data at sign-out', error);
  }
  await endSession('at sign-out', note);
}
