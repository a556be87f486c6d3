// What every step of a sync pass needs.
import type { MasterclassDb } from '@/db';
import type { SyncClock } from './syncClock';
import type { AfterStored, SyncedCollectionSpec } from './syncedCollections';
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
  /** What this engine pulls (syncedCollections by default; the admin area's engine pulls only the door's, see pullDoor). */
  collections?: readonly SyncedCollectionSpec[];
  /** The signed-in user is an administrator: the door's check-ins waiting on the device are theirs to send (pushCheckIns). */
  administrator?: boolean;
  /**
   * The session is a door pass (src/sync/doorPassSession.ts), not a user: the door of its one
   * masterclass pulls that masterclass's lists, and sends the check-ins made with this pass.
   */
  doorPass?: DoorPassSession;
}

/** A door pass's session: the pass and its masterclass. */
export interface DoorPassSession {
  id: string;
  event: string;
}
