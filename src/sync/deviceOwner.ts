// Whose data this device's user-owned tables hold, and whether a sync may
// write them for an account. Every write of a pass, every live change and
// every sign-out or account switch runs under the one sync lock
// (withSyncLock), and each write first asks syncsFor: so a pass of another
// tab that was mid-way when the user signed out finds the device signed out
// and writes nothing, and an account's rows never come back after the next
// account claimed the device.
//
// - meta.userId: the account whose rows the tables hold (claimLocalData).
// - meta.signedOut: set by a sign-out (leaveDevice) to the account that left;
//   nothing syncs until a sign-in claims the device (claimDevice).
import { metaKeys, readMeta, type MasterclassDb } from '@/db';
import { claimLocalData } from './claimLocalData';
import { withSyncLock } from './withSyncLock';

/** Who the stored session belongs to now (the app: pb.authStore.record?.id, read from storage every time). */
export type SessionUser = () => string | undefined;

/** True when a sync may write `userId`'s rows: the device is theirs, nobody signed out since, and (when known) the stored session is theirs. */
export async function syncsFor(db: MasterclassDb, userId: string, sessionUser?: SessionUser): Promise<boolean> {
  if (sessionUser && sessionUser() !== userId) return false;
  const [owner, signedOut] = await Promise.all([readMeta(db, metaKeys.userId), readMeta(db, metaKeys.signedOut)]);
  return owner === userId && signedOut === undefined;
}

/** A sign-in: the device becomes `userId`'s (another account's rows leave it), under the sync lock. */
export function claimDevice(db: MasterclassDb, userId: string): Promise<void> {
  return withSyncLock(() => claimLocalData(db, userId));
}

/**
 * An engine starting (a portal tab opening, another tab taking over the
 * sync): claims the device for `userId` unless someone signed out since the
 * last sign-in (only a sign-in claims it then: a tab still showing the
 * signed-out account must not take the device back), or the stored session
 * belongs to someone else.
 */
export function claimOnStart(db: MasterclassDb, userId: string, sessionUser?: SessionUser): Promise<void> {
  return withSyncLock(async () => {
    if (sessionUser && sessionUser() !== userId) return;
    if ((await readMeta(db, metaKeys.signedOut)) !== undefined) return;
    await claimLocalData(db, userId);
  });
}
