// The few server calls the engine makes, behind a narrow interface so unit
// tests drive the engine with an in-memory server. Errors carry the HTTP
// `status` (0 or none = the network failed), as PocketBase's ClientResponseError does.
// `signal` aborts a request (the engine's per-request deadline, see timedTransport).
import type { ServerRecord } from '@/db';

export interface PullQuery {
  /** Records with `updated >= since`; '' = from the beginning. */
  since: string;
  /** Keyset position inside one pull: only records strictly after (updated, id). */
  after?: { updated: string; id: string };
  /** Only records whose `field` is the signed-in user (rules alone would give an administrator everyone's). */
  owner?: { field: string; id: string };
  limit: number;
  /**
   * A server route of our own that lists this collection's pages (the same
   * records, order and JSON shape as the records API); none = the records API.
   */
  route?: string;
  /**
   * Told a server time (ms) at or before the moment the server read this
   * page, when the transport knows one (its answer's Date header less the round trip).
   */
  onReadTime?: (serverMs: number) => void;
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
  /** Sorted by `updated, id`. */
  list(collection: string, query: PullQuery, signal?: AbortSignal): Promise<ServerRecord[]>;
  /** null when the record does not exist (or is not visible). */
  getOne(collection: string, id: string, signal?: AbortSignal): Promise<ServerRecord | null>;
  create(collection: string, body: Record<string, unknown>, signal?: AbortSignal): Promise<ServerRecord>;
  /**
   * `base`: the values the patched fields were edited from; the server answers
   * 409 (fields named in `data`, code 'sync_conflict') when it changed one of them meanwhile.
   */
  update(collection: string, id: string, patch: Record<string, unknown>, signal?: AbortSignal, base?: Record<string, unknown>): Promise<ServerRecord>;
  delete(collection: string, id: string, signal?: AbortSignal): Promise<void>;
  subscribe(collection: string, onChange: (change: RealtimeChange) => void): Promise<Unsubscribe>;
  /** Called on every (re)connection of the realtime channel. */
  onReconnect(callback: () => void): Promise<Unsubscribe>;
}
