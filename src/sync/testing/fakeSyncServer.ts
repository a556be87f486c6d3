// Test double for the engine's server: an in-memory PocketBase with the few
// behaviours sync depends on (sorted keyset lists, duplicate-id refusal,
// realtime, reconnects) and switches to make it fail like the real network.
import type { ServerRecord } from '@/db';
import type { PullQuery, RealtimeChange, SyncTransport } from '../transport';

export class FakeHttpError extends Error {
  constructor(readonly status: number, message = `HTTP ${status}`, readonly response: { message: string; data: Record<string, unknown> } = { message, data: {} }) {
    super(message);
  }
}

/** What a guest may list (the rest answer an empty list without a session). */
const publicCollections = new Set(['events', 'speakers']);

type Listener = (change: RealtimeChange) => void;

export function stampAt(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ');
}

export class FakeSyncServer {
  private readonly collections = new Map<string, Map<string, ServerRecord>>();
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly reconnectListeners = new Set<() => void>();
  /** The `updated` stamp every write gets: set it to make ties. */
  nowMs = Date.UTC(2025, 5, 1);
  /** Answer every request with this error while set (0 = network down, 401 = session expired). */
  failWith: FakeHttpError | null = null;
  /**
   * false: the token expired. Like PocketBase, the server then treats the
   * client as a guest (empty lists, 404 updates, 400 creates) and only the
   * session check answers 401.
   */
  sessionValid = true;
  /** Store the next create, then lose the answer (the replayed-create case). */
  loseNextCreateAnswer = false;
  /** Refuse writes to these collections with a 400, as a validation rule would. */
  readonly refuse = new Set<string>();
  /** Refuse writes to a collection with this error (a hook's own answer: a limit, a shape check). */
  readonly refuseWith = new Map<string, FakeHttpError>();
  /** Refuse lists of these collections with a 403. */
  readonly forbidden = new Set<string>();
  /** Every list call's answer (record ids), in order. */
  readonly listed: { collection: string; ids: string[] }[] = [];
  readonly calls: string[] = [];
  /** The base sent with each update that reached a record, in order. */
  readonly baseSeen: (Record<string, unknown> | undefined)[] = [];

  table(collection: string): Map<string, ServerRecord> {
    let table = this.collections.get(collection);
    if (!table) this.collections.set(collection, (table = new Map()));
    return table;
  }

  /** A change made elsewhere (another device, an administrator), announced over realtime. */
  write(collection: string, fields: Partial<ServerRecord> & { id: string }): ServerRecord {
    const previous = this.table(collection).get(fields.id);
    const record = { ...previous, ...fields, updated: stampAt(this.nowMs) } as ServerRecord;
    this.table(collection).set(record.id, record);
    this.emit(collection, previous ? 'update' : 'create', record);
    return record;
  }

  remove(collection: string, id: string, owner = ''): void {
    const record = this.table(collection).get(id);
    this.table(collection).delete(id);
    if (record) this.emit(collection, 'delete', record);
    this.write('tombstones', { id: `t${id}`.slice(0, 15), collection, record_id: id, owner });
  }

  reconnect(): void {
    for (const listener of this.reconnectListeners) listener();
  }

  /** How many live listeners a collection has. */
  subscriberCount(collection: string): number {
    return this.listeners.get(collection)?.size ?? 0;
  }

  private emit(collection: string, action: RealtimeChange['action'], record: ServerRecord): void {
    for (const listener of this.listeners.get(collection) ?? []) listener({ action, record: { ...record } });
  }

  /** Realtime subscriptions never answer (a proxy buffering the event stream). */
  hangRealtime = false;
  /** Runs before every request is answered (to change the server mid-pass). */
  onCall: ((call: string) => void) | null = null;

  /** Requests for which this answers true never get an answer (a dead link): only their AbortSignal ends them. */
  hang: ((call: string) => boolean) | null = null;
  /** Calls ended by their AbortSignal, in order. */
  readonly aborted: string[] = [];

  private async gate(call: string, signal?: AbortSignal): Promise<void> {
    this.calls.push(call);
    this.onCall?.(call);
    if (this.hang?.(call)) {
      await new Promise((_, reject) => signal?.addEventListener('abort', () => {
        this.aborted.push(call);
        reject(new FakeHttpError(0, 'The request was aborted'));
      }));
    }
    if (this.failWith) throw this.failWith;
  }

  readonly transport: SyncTransport = {
    verifySession: async (signal) => {
      await this.gate('verifySession', signal);
      if (!this.sessionValid) throw new FakeHttpError(401);
    },
    list: async (collection, query: PullQuery, signal) => {
      await this.gate(`list ${collection}`, signal);
      if (this.forbidden.has(collection)) throw new FakeHttpError(403);
      if (!this.sessionValid && !publicCollections.has(collection)) return [];
      const { since, after, owner, limit } = query;
      const page = [...this.table(collection).values()]
        .filter((r) => (after ? r.updated > after.updated || (r.updated === after.updated && r.id > after.id) : r.updated >= since))
        .filter((r) => !owner || r[owner.field] === owner.id)
        .sort((a, b) => a.updated.localeCompare(b.updated) || a.id.localeCompare(b.id))
        .slice(0, limit)
        .map((r) => ({ ...r }));
      this.listed.push({ collection, ids: page.map((r) => r.id) });
      query.onReadTime?.(this.nowMs);
      return page;
    },
    getOne: async (collection, id, signal) => {
      await this.gate(`getOne ${collection} ${id}`, signal);
      const record = this.table(collection).get(id);
      return record && (this.sessionValid || publicCollections.has(collection)) ? { ...record } : null;
    },
    create: async (collection, body, signal) => {
      await this.gate(`create ${collection} ${String(body.id)}`, signal);
      const refusal = this.refuseWith.get(collection);
      if (refusal) throw refusal;
      if (this.refuse.has(collection) || !this.sessionValid) throw new FakeHttpError(400, 'Failed to create record.');
      if (this.table(collection).has(String(body.id))) throw new FakeHttpError(400, 'Failed to create record.');
      const record = this.write(collection, { ...body, id: String(body.id) });
      if (this.loseNextCreateAnswer) {
        this.loseNextCreateAnswer = false;
        throw new FakeHttpError(0, 'Network error');
      }
      return { ...record };
    },
    update: async (collection, id, patch, signal, base) => {
      await this.gate(`update ${collection} ${id} ${JSON.stringify(patch)}`, signal);
      const refusal = this.refuseWith.get(collection);
      if (refusal) throw refusal;
      if (this.refuse.has(collection)) throw new FakeHttpError(400, 'Failed to update record.');
      if (!this.table(collection).has(id) || !this.sessionValid) throw new FakeHttpError(404);
      this.baseSeen.push(base);
      // As pb_hooks/lib/sync/conflicts.js: a field changed here since the base and set to something else there.
      const current = this.table(collection).get(id) ?? { id, updated: '' };
      const same = (a: unknown, b: unknown) => JSON.stringify(a ?? '') === JSON.stringify(b ?? '');
      const conflicts = Object.keys(base ?? {}).filter((field) => field in patch
        && !same(current[field], base?.[field]) && !same(current[field], patch[field]));
      if (conflicts.length > 0) {
        const data = Object.fromEntries(conflicts.map((field) => [field, { code: 'sync_conflict', message: 'Changed on the server since you edited it.' }]));
        const message = `Changed on the server since you edited it: ${conflicts.join(', ')}.`;
        throw new FakeHttpError(409, message, { message, data });
      }
      return { ...this.write(collection, { ...patch, id }) };
    },
    delete: async (collection, id, signal) => {
      await this.gate(`delete ${collection} ${id}`, signal);
      // A guest (expired session) is answered 404, as PocketBase does when the rule hides the record.
      if (!this.table(collection).has(id) || !this.sessionValid) throw new FakeHttpError(404);
      this.remove(collection, id);
    },
    subscribe: async (collection, onChange) => {
      if (this.hangRealtime) await new Promise(() => {});
      const listeners = this.listeners.get(collection) ?? new Set<Listener>();
      this.listeners.set(collection, listeners.add(onChange));
      return async () => void listeners.delete(onChange);
    },
    onReconnect: async (callback) => {
      this.reconnectListeners.add(callback);
      return async () => void this.reconnectListeners.delete(callback);
    },
  };
}
