// The local database: import from '@/db'.
export { MasterclassDb } from './database';
export { db } from './db';
export type * from './types';
export type * from './checkInTypes';
export { metaKeys, readMeta, writeMeta } from './meta';
export { countPendingCheckIns, forgetDoorData } from './doorData';
export { isQuotaExceeded, LocalStorageFullError, STORAGE_FULL_MESSAGE } from './storageErrors';
export { askPersistentStorageOnce, readStorageState, type StorageState } from './storageState';
export { databaseProblem, watchConnection, type DatabaseProblem } from './connectionState';
