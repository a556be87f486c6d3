// One sync pass at a time across the tabs of this browser: every tab runs an
// engine over the same IndexedDB outbox, and two tabs pushing the same change
// at once would be harmless but wasteful. Without Web Locks (Node, old
// browsers) the pass simply runs.

export async function withSyncLock<T>(pass: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return pass();
  return locks.request('masterclass-sync', pass);
}
