// The one lock every write of the sync takes in this browser: a pass, a live
// change, a sign-out and an account switch (deviceOwner.ts, leaveDevice.ts).
// One tab syncs (syncLeader.ts), but a sign-out in another tab must wait for
// the pass under way, and a pass must not start half-way through a sign-out.
// Without Web Locks (Node, old browsers) the work simply runs.

export const SYNC_LOCK = 'masterclass-sync';

export async function withSyncLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return work();
  return locks.request(SYNC_LOCK, work);
}
