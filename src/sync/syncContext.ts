// What every step of a sync pass needs.
import type { MasterclassDb } from '@/db';
import type { SyncClock } from './syncClock';
import type { AfterStored } from './syncedCollections';
import type { SyncTransport } from './transport';

export interface SyncContext {
  db: MasterclassDb;
  transport: SyncTransport;
  /** The signed-in user: owner of the profile, attendee rows and tool records. */
  userId: string;
  clock: SyncClock;
  /** Records per pull request. */
  pageSize: number;
  /** Told after a pull stored new or changed records, by collection. */
  afterStored?: AfterStored;
  /**
   * Aborted when the engine stops (sign-out, the cross-tab lock given up):
   * loops check it between requests and end the pass (the transport also
   * refuses every later request at once).
   */
  stopped?: AbortSignal;
}
