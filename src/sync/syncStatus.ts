// The sync state for the UI: online, changes waiting, failures, paused, last synced.
import { useSyncExternalStore } from 'react';
import { appSyncStatus } from './appSyncStatus';
import type { SyncStatus } from './syncStatusStore';

export function useSyncStatus(): SyncStatus {
  return useSyncExternalStore(appSyncStatus.subscribe, appSyncStatus.get, appSyncStatus.get);
}
