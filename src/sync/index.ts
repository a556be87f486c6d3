// The sync engine's public face: import from '@/sync'.
export { queueChange, type QueuedChange } from './queueChange';
export { startSync } from './startSync';
export { stopSync } from './stopSync';
export { resumeSync } from './resumeSync';
export { requestSync } from './requestSync';
export { useSyncStatus } from './syncStatus';
export type { SyncStatus } from './syncStatusStore';
export type { SyncOptions } from './createSyncEngine';
export type { AfterStored } from './syncedCollections';
export { leaveDoor, signInWithDoorPass } from './doorPassSession';
export type { DoorPassSession } from './syncContext';
