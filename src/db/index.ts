// The local database: import from '@/db'.
export { MasterclassDb } from './database';
export { db } from './db';
export type * from './types';
export type * from './checkInTypes';
export { metaKeys, readMeta, writeMeta } from './meta';
export {
  adoptWaitingCheckIns, applyServerCheckIns, CHECK_INS_COLLECTION, checkInPatch, countPendingCheckIns, discardDoorChanges, doorChanges, DOOR_DEVICE_KEY, forgetDoorData, isDoorChange, markDoorDevice,
  type ServerCheckIn,
} from './doorData';
export { isQuotaExceeded, LocalStorageFullError, STORAGE_FULL_MESSAGE } from './storageErrors';
export { askPersistentStorageOnce, readStorageState, type StorageState } from './storageState';
export { databaseProblem, watchConnection, type DatabaseProblem } from './connectionState';
