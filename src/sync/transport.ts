// The few server calls the engine makes, behind a narrow interface so unit
// tests drive the engine with an in-memory server. Errors carry the HTTP
// `status` (0 or none = the network failed), as PocketBase's ClientResponseError does.
// `signal` aborts a request (the engine's per-request deadline, see timedTransport).
import type { ServerRecord } from '@/db';

/** One page of a collection's changes (GET /api/sync/changes, see docs/architecture.md "Sync"). */
export interface ChangesQuery {
  /** The checkpoint: changes with a server sequence above it; 0 = everything. */
  after: number;
  /** At most this many records. */
  limit: number;
  /** Only the signed-in user's own rows (owner-scoped collections; rules alone would give an administrator everyone's). */
  owner?: boolean;
  /**
   * This page continues a pull that started at 0 (the device drops whatever such a pull
   * does not bring): pruned tombstones cannot matter to it, so the server never answers it
   * with a reset, whatever its checkpoint.
   */
  full?: boolean;
  /**
   * The server's history (an epoch id, see pocketbase/synchistory.go) the checkpoint was taken
   * in: a checkpoint from another history (a backup restored) is answered with a reset.
   * Left out, the server checks only the counter and the horizon.
   */
  history?: string;
  /** The highest number the device holds from outside its pulls, when above the checkpoint (noteSeen). */
  seen?: number;
}

export interface ChangesPage {
  /** Records changed after the checkpoint, in sequence order, each with its `sync_seq`. */
  records: ServerRecord[];
  /** Ids deleted on the server, or no longer readable by the user, after the checkpoint. */
  gone: string[];
  /** The checkpoint once this page is applied. */
  last: number;
  /** Another page follows. */
  more: boolean;
  /** The server's history now (an epoch id): stored with the checkpoint and sent back with it (none: ''). */
  history?: string;
}

/**
 * The server no longer knows every delete since the checkpoint (its tombstones were
 * pruned), or the checkpoint belongs to another history of its database (a backup
 * restored): pull from 0 and drop what that pull does not bring.
 */
export interface ChangesReset {
  reset: true;
  /** The server's history now. */
  history?: string;
}

export interface RealtimeChange {
  action: 'create' | 'update' | 'delete';
  record: ServerRecord;
}

export type Unsubscribe = () => Promise<void>;

export interface SyncTransport {
  /**
   * Throws a 401 when the session is gone. PocketBase treats an expired or
   * revoked token as a guest, so rule-protected requests answer 404/400 or an
   * empty list, never 401: without this check an expired session would look
   * like the server refusing the user's changes.
   */
  verifySession(signal?: AbortSignal): Promise<void>;
  /** One page of a collection's changes after a checkpoint, or a reset. */
  changes(collection: string, query: ChangesQuery, signal?: AbortSignal): Promise<ChangesPage | ChangesReset>;
  /** POSTs to one of our own routes and answers its JSON (the door's batch push, see pushCheckIns). */
  send?<T>(route: string, body: Record<string, unknown>, signal?: AbortSignal): Promise<T>;
  /** null when the record does not exist (or is not visible). */
  getOne(collection: string, id: string, signal?: AbortSignal): Promise<ServerRecord | null>;
  create(collection: string, body: Record<string, unknown>, signal?: AbortSignal): Promise<ServerRecord>;
  /**
   * `base`: the values the patched fields were edited from; `versions`: per
   * field, the server version it was edited from. The server answers 409
   * (fields named in `data`, code 'sync_conflict') when one of them changed
   * meanwhile (after its version, even back to its base value).
   */
  update(
    collection: string, id: string, patch: Record<string, unknown>, signal?: AbortSignal, base?: Record<string, unknown>, versions?: Record<string, number>,
  ): Promise<ServerRecord>;
  delete(collection: string, id: string, signal?: AbortSignal): Promise<void>;
  subscribe(collection: string, onChange: (change: RealtimeChange) => void): Promise<Unsubscribe>;
  /** Called on every (re)connection of the realtime channel. */
  onReconnect(callback: () => void): Promise<Unsubscribe>;
}
