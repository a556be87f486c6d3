// What the engine syncs for a signed-in user, in pull order, and where each
// collection lives locally. Deletes arrive with each collection's changes
// (`gone`), so the tombstones collection is not pulled on its own.
import type { MasterclassDb, SyncedCollection } from '@/db';
import { Collections } from '@/lib/collections';

export interface SyncedCollectionSpec {
  collection: SyncedCollection;
  /** Local table. */
  table: TableName;
  /** Field that must be the signed-in user's id (the pull asks for `owner=1`); none = everything the rules show. */
  ownerField?: 'id' | 'user' | 'owner';
  /** Records per pull request when more than the engine's page size: a large library in fewer round trips. */
  pageSize?: number;
}

/**
 * What the app does once a pull stored new or changed records of a collection
 * (told, not awaited): handed to the engine by whoever starts it (SyncOptions).
 */
export type AfterStored = Partial<Record<SyncedCollection, (db: MasterclassDb) => void>>;

export type TableName =
  | 'events' | 'speakers' | 'materials' | 'aiUseCases' | 'profiles' | 'attendees'
  | 'readinessAssessments' | 'businessCases' | 'savedUseCases';

export const syncedCollections: readonly SyncedCollectionSpec[] = [
  { collection: Collections.events, table: 'events' },
  { collection: Collections.speakers, table: 'speakers' },
  { collection: Collections.materials, table: 'materials' },
  // Up to 10,000 use cases: 500 a page (about 700 KB) is 20 requests, each well inside the request deadline on a slow link.
  { collection: Collections.aiUseCases, table: 'aiUseCases', pageSize: 500 },
  { collection: Collections.users, table: 'profiles', ownerField: 'id' },
  { collection: Collections.attendees, table: 'attendees', ownerField: 'user' },
  { collection: Collections.readinessAssessments, table: 'readinessAssessments', ownerField: 'owner' },
  { collection: Collections.businessCases, table: 'businessCases', ownerField: 'owner' },
  { collection: Collections.savedUseCases, table: 'savedUseCases', ownerField: 'owner' },
];

