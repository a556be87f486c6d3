// Signing out. The menu first asks unsentBeforeSignOut: with changes not sent
// yet (waiting, refused, or edited on both sides) it asks the user first (the
// sign-out dialog: Send now, Keep for next sign-in, Discard them); nothing is
// dropped without that explicit choice. Then signOut stops this tab's sync,
// leaves the device under the sync lock (leaveDevice: the account's rows go,
// its kept changes stay stamped with it) and ends the session (endSession:
// stored files, session, a full page load of /auth, which says when changes
// were kept). The engine and the database load on demand: the admin area
// signs out too, and runs no sync.
import { endSession } from '@/lib/endSession';
import { currentUser, UNSENT_CHANGES_KEPT_KEY } from '@/lib/session';
import type { UnsentChoice } from './leaveDevice';
import type { UnsentChanges } from './unsentChanges';

export type { UnsentChoice } from './leaveDevice';
export type { UnsentChanges } from './unsentChanges';

/**
 * Loads what signing out needs ahead of time (the account menu does, once
 * shown): a sign-out must work offline even before the service worker has
 * stored the app's scripts.
 */
export function preloadSignOut(): void {
  void Promise.all([import('./stopSync'), import('./leaveDevice'), import('./unsentChanges'), import('./sendNow'), import('@/db')]).catch(() => undefined);
}

async function signedInUser(): Promise<string | undefined> {
  const stored = currentUser()?.id;
  if (stored) return stored;
  const { db, metaKeys, readMeta } = await import('@/db');
  return readMeta(db, metaKeys.userId);
}

/** The signed-in account's changes not sent yet (none when nobody is signed in). */
export async function unsentBeforeSignOut(): Promise<UnsentChanges> {
  const userId = await signedInUser();
  if (!userId) return { pending: 0, failed: 0, conflicts: 0, checkIns: 0, total: 0 };
  const [{ unsentChanges }, { db }] = await Promise.all([import('./unsentChanges'), import('@/db')]);
  return unsentChanges(db, userId);
}

/**
 * "Send now": refused changes (not the ones edited on both sides, which wait
 * for the user's choice) are tried again with a pass of the tab that syncs;
 * resolves with what is still not sent.
 */
export async function sendBeforeSignOut(): Promise<UnsentChanges> {
  const userId = await signedInUser();
  if (!userId) return { pending: 0, failed: 0, conflicts: 0, checkIns: 0, total: 0 };
  const [{ db }, { ownedBy }, { sendNow }] = await Promise.all([import('@/db'), import('./unsentChanges'), import('./sendNow')]);
  await db.outbox.filter((change) => ownedBy(userId)(change) && change.status === 'failed' && !change.conflict?.length)
    .modify({ status: 'pending', attempts: 0, nextAttemptAt: 0, error: undefined });
  await sendNow(userId);
  return unsentBeforeSignOut();
}

/** `unsent`: what becomes of changes not sent yet; 'keep' unless the user chose to discard them. */
export async function signOut(unsent: UnsentChoice = 'keep'): Promise<void> {
  let note: string | undefined;
  try {
    const userId = await signedInUser();
    const [{ stopSync }, { leaveDevice }, { db }] = await Promise.all([import('./stopSync'), import('./leaveDevice'), import('@/db')]);
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
