// The local database: import from '@/db'.
export { MasterclassDb } from './database';
export { db } from './db';
export type * from './types';
export { metaKeys, readMeta, writeMeta } from './meta';
