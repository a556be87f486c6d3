// The engine's state as the UI shows it, in a tiny external store so React
// (useSyncExternalStore) and tests read the same snapshot.

export interface SyncStatus {
  online: boolean;
  /** Outbox changes still to push. */
  pending: number;
  /** Outbox changes the server refused (4xx); kept and shown, not retried. */
  failed: number;
  /** 'signin' after a 401: nothing syncs until resumeSync(). */
  paused: null | 'signin';
  /** ISO time of the last complete push + pull. */
  lastSyncedAt: string | null;
  syncing: boolean;
  /** The device says online but the last pass failed for want of a usable answer (a captive portal, a dead venue link, a server error); retried with back-off. */
  unreachable: boolean;
  /** A local write failed because the device's storage is full (nothing already stored was lost). */
  storageFull: boolean;
}

export interface SyncStatusStore {
  get(): SyncStatus;
  set(change: Partial<SyncStatus>): void;
  subscribe(listener: () => void): () => void;
}

export function createSyncStatusStore(initial: Partial<SyncStatus> = {}): SyncStatusStore {
  let snapshot: SyncStatus = {
    online: typeof navigator === 'undefined' ? true : navigator.onLine,
    pending: 0,
    failed: 0,
    paused: null,
    lastSyncedAt: null,
    syncing: false,
    unreachable: false,
    storageFull: false,
    ...initial,
  };
  const listeners = new Set<() => void>();
  return {
    get: () => snapshot,
    set(change) {
      const next = { ...snapshot, ...change };
      const keys = Object.keys(next) as (keyof SyncStatus)[];
      // A new object only when something changed: React re-renders on identity.
      if (keys.every((key) => next[key] === snapshot[key])) return;
      snapshot = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
