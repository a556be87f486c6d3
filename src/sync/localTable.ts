// Where a synced collection lives on the device.
import type { Table } from 'dexie';
import type { MasterclassDb, ServerRecord } from '@/db';
import { syncedCollections } from './syncedCollections';

/** The local table of a synced collection; undefined for anything not synced. */
export function localTable(db: MasterclassDb, collection: string): Table<ServerRecord, string> | undefined {
  const table = syncedCollections.find((spec) => spec.collection === collection)?.table;
  return table ? (db[table] as unknown as Table<ServerRecord, string>) : undefined;
}
