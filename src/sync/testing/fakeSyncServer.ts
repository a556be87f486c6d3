// Test double for the engine's server: an in-memory PocketBase with the few
// behaviours sync depends on (the change sequence and its pull route,
// duplicate-id refusal, realtime, reconnects) and switches to make it fail
// like the real network. As the server (docs/architecture.md "Sync"): every
// write takes the next number of one counter when it commits (`sync_seq`); a
// delete leaves a tombstone with its own number; a row the user can no longer
// read (`hide`) is numbered again and answered as `gone`; pruned tombstones
// move the horizon, and a pull from before it is answered `reset`; every
// answer names the server's history (an epoch id), a restart starts a new
// epoch and a restored snapshot (`backup`, `restore`) starts one after the
// snapshot's counter, so a checkpoint from past that point is answered `reset`.
import type { ServerRecord } from '@/db';
import { syncedCollections } from '../syncedCollections';
import type { ChangesPage, ChangesReset, RealtimeChange, SyncTransport } from '../transport';

export class FakeHttpError extends Error {
  constructor(readonly status: number, message = `HTTP ${status}`, readonly response: { message: string; data: Record<string, unknown> } = { message, data: {} }) {
    super(message);
  }
}

/** What a guest may read (the rest answer nothing without a session). */
const publicCollections = new Set(['events', 'speakers']);

type Listener = (change: RealtimeChange) => void;

export function stampAt(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ');
}

/** A collection's rows: every row put in (by a write or straight in, as a job's SQL would) takes the next number, as the triggers give it. */
class NumberedTable extends Map<string, ServerRecord> {
  constructor(private readonly next: () => number) {
    super();
  }

  override set(id: string, record: ServerRecord): this {
    return super.set(id, { ...record, sync_seq: this.next() });
  }
}

interface Tombstone {
  recordId: string;
  owner: string;
  seq: number;
}

/** One epoch of the server's history (pocketbase/synchistory.go): it began after the counter's value `startedAfter`. */
interface Epoch {
  id: string;
  startedAfter: number;
}

/** The server's data at one moment (`backup`), to bring back with `restore`. */
export interface FakeServerSnapshot {
  readonly collections: [string, [string, ServerRecord][]][];
  readonly seq: number;
  readonly tombstones: [string, Tombstone[]][];
  readonly hidden: [string, [string, number][]][];
  readonly horizon: number;
  readonly epochs: Epoch[];
}

export class FakeSyncServer {
  private readonly collections = new Map<string, Map<string, ServerRecord>>();
  /** The change counter: the last number given. */
  private seq = 0;
  /** Deletes, by collection. */
  private readonly tombstones = new Map<string, Tombstone[]>();
  /** Rows the user can no longer read, by collection: id → the number they got when hidden. */
  private readonly hidden = new Map<string, Map<string, number>>();
  /** The highest pruned tombstone number: a pull from before it is told to reset. */
  private horizon = 0;
  /** The history of this server's database, oldest first: the last is the current one. */
  private epochs: Epoch[] = [{ id: 'history000001', startedAfter: 0 }];
  private epochsStarted = 1;
  /** The signed-in user (owner-scoped pulls answer only their rows). */
  userId = 'user00000000001';
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
  /** Apply the next update, then lose the answer (a change the server took while the device heard nothing). */
  loseNextUpdateAnswer = false;
  /** Refuse writes to these collections with a 400, as a validation rule would. */
  readonly refuse = new Set<string>();
  /** Refuse writes to a collection with this error (a hook's own answer: a limit, a shape check). */
  readonly refuseWith = new Map<string, FakeHttpError>();
  /** Refuse pulls of these collections with a 403. */
  readonly forbidden = new Set<string>();
  /** Every pull request's answer (record ids, gone ids, reset), in order. */
  readonly listed: { collection: string; after: number; ids: string[]; gone: string[]; reset?: true; full?: true; history?: string }[] = [];
  readonly calls: string[] = [];
  /** The base sent with each update that reached a record, in order. */
  readonly baseSeen: (Record<string, unknown> | undefined)[] = [];
  /** The versions sent with each update that reached a record, in order. */
  readonly versionsSeen: (Record<string, number> | undefined)[] = [];
  /** As sync_field_versions: by collection/id, the version at which each field last changed. */
  private readonly fieldVersions = new Map<string, Map<string, number>>();

  /** The counter now (the checkpoint a complete pull ends at). */
  get sequence(): number {
    return this.seq;
  }

  /** The current epoch of the server's history (every answer names it). */
  get history(): string {
    return this.epochs.at(-1)!.id;
  }

  /** The server starts again on its own data: a new epoch after the counter (no device needs to refill). */
  restart(): void {
    // A process that starts again has no live subscriptions: devices hear of nothing until they subscribe again.
    this.listeners.clear();
    this.epochsStarted += 1;
    this.epochs.push({ id: `history${String(this.epochsStarted).padStart(6, '0')}`, startedAfter: this.seq });
  }

  /** A copy of the data now, as a backup holds it. */
  backup(): FakeServerSnapshot {
    const copy = <T>(value: T): T => structuredClone(value);
    return {
      collections: [...this.collections].map(([name, rows]) => [name, copy([...rows])]),
      seq: this.seq,
      tombstones: copy([...this.tombstones]),
      hidden: [...this.hidden].map(([name, rows]) => [name, [...rows]]),
      horizon: this.horizon,
      epochs: copy(this.epochs),
    };
  }

  /** The backup's data brought back, and the server started on it (a new epoch after the backup's counter). */
  restore(snapshot: FakeServerSnapshot): void {
    this.seq = snapshot.seq;
    this.collections.clear();
    for (const [name, rows] of snapshot.collections) {
      const table = this.table(name);
      // Put back as they were: the rows keep their numbers.
      for (const [id, record] of structuredClone(rows)) Map.prototype.set.call(table, id, record);
    }
    this.tombstones.clear();
    for (const [name, list] of structuredClone(snapshot.tombstones)) this.tombstones.set(name, list);
    this.hidden.clear();
    for (const [name, rows] of snapshot.hidden) this.hidden.set(name, new Map(rows));
    this.horizon = snapshot.horizon;
    this.epochs = structuredClone(snapshot.epochs);
    this.restart();
  }

  /** Whether a checkpoint taken in epoch `device` belongs to another history than this server's. */
  private otherHistory(device: string | undefined, after: number): boolean {
    if (!device || after === 0 || device === this.history) return false;
    const at = this.epochs.findIndex((epoch) => epoch.id === device);
    return at < 0 || after > this.epochs[at + 1]!.startedAfter;
  }

  table(collection: string): Map<string, ServerRecord> {
    let table = this.collections.get(collection);
    if (!table) {
      table = new NumberedTable(() => ++this.seq);
      this.collections.set(collection, table);
    }
    return table;
  }

  /** A change made elsewhere (another device, an administrator), announced over realtime. */
  write(collection: string, fields: Partial<ServerRecord> & { id: string }): ServerRecord {
    const previous = this.table(collection).get(fields.id);
    this.table(collection).set(fields.id, { ...previous, ...fields, updated: stampAt(this.nowMs) } as ServerRecord);
    const record = this.table(collection).get(fields.id) as ServerRecord;
    if (previous) {
      const key = `${collection}/${record.id}`;
      const versions = this.fieldVersions.get(key) ?? new Map<string, number>();
      for (const field of Object.keys(fields)) {
        if (!['id', 'sync_seq', 'updated'].includes(field) && JSON.stringify(previous[field]) !== JSON.stringify(record[field])) versions.set(field, record.sync_seq ?? 0);
      }
      this.fieldVersions.set(key, versions);
    }
    this.hidden.get(collection)?.delete(record.id);
    this.emit(collection, previous ? 'update' : 'create', record);
    return record;
  }

  remove(collection: string, id: string, owner = ''): void {
    const record = this.table(collection).get(id);
    this.table(collection).delete(id);
    this.fieldVersions.delete(`${collection}/${id}`);
    if (record) this.emit(collection, 'delete', record);
    this.hidden.get(collection)?.delete(id);
    const list = this.tombstones.get(collection) ?? [];
    this.tombstones.set(collection, [...list, { recordId: id, owner, seq: ++this.seq }]);
  }

  /** The row stops being readable by the user (an event unpublished, a seat lost); not a delete. */
  hide(collection: string, id: string): void {
    this.table(collection).delete(id);
    const hidden = this.hidden.get(collection) ?? new Map<string, number>();
    this.hidden.set(collection, hidden.set(id, ++this.seq));
  }

  /** The server forgets its tombstones (older than its retention), and remembers the highest it forgot. */
  pruneTombstones(): void {
    for (const list of this.tombstones.values()) for (const tombstone of list) this.horizon = Math.max(this.horizon, tombstone.seq);
    this.tombstones.clear();
  }

  /** A write stamped now whose transaction commits later (`commit()`): invisible until then, numbered when it commits. */
  beginWrite(collection: string, fields: Partial<ServerRecord> & { id: string }): { commit(): void } {
    const stampedAt = this.nowMs;
    return {
      commit: () => {
        const now = this.nowMs;
        this.nowMs = stampedAt;
        this.write(collection, fields);
        this.nowMs = now;
      },
    };
  }

  reconnect(): void {
    for (const listener of this.reconnectListeners) listener();
  }

  /** How many live listeners a collection has. */
  subscriberCount(collection: string): number {
    return this.listeners.get(collection)?.size ?? 0;
  }

  /** GET /api/sync/changes, in one snapshot (this fake answers between writes). */
  private changesAfter(collection: string, after: number, limit: number, owner: boolean, full: boolean, history?: string, seen = 0): ChangesPage | ChangesReset {
    const sent = history === undefined ? {} : { history };
    // As the route: versions the device holds past its checkpoint are judged as the checkpoint is.
    const held = after > 0 && seen > after ? seen : after;
    if ((!full && after > 0 && after < this.horizon) || held > this.seq || this.otherHistory(history, held)) {
      this.listed.push({ collection, after, ids: [], gone: [], reset: true, ...(full ? { full: true as const } : {}), ...sent });
      return { reset: true, history: this.history };
    }
    // A guest is answered no rows, and no checkpoint past the one it gave.
    if (!this.sessionValid && !publicCollections.has(collection)) {
      this.listed.push({ collection, after, ids: [], gone: [], ...sent });
      return { records: [], gone: [], last: after, more: false, history: this.history };
    }
    const ownerField = syncedCollections.find((spec) => spec.collection === collection)?.ownerField;
    const mine = (record: ServerRecord) => !owner || !ownerField || record[ownerField] === this.userId;
    type Change = { seq: number; record?: ServerRecord; gone?: string };
    const changes: Change[] = [];
    for (const record of this.table(collection).values()) {
      const seq = record.sync_seq ?? 0;
      if (seq > after && mine(record)) changes.push({ seq, record });
    }
    for (const tombstone of this.tombstones.get(collection) ?? []) {
      if (tombstone.seq > after && (tombstone.owner === '' || tombstone.owner === this.userId)) changes.push({ seq: tombstone.seq, gone: tombstone.recordId });
    }
    for (const [id, seq] of this.hidden.get(collection) ?? []) if (seq > after) changes.push({ seq, gone: id });
    changes.sort((a, b) => a.seq - b.seq);
    const page = changes.slice(0, limit);
    const more = changes.length > limit;
    const records = page.flatMap((change) => (change.record ? [{ ...change.record }] : []));
    const gone = page.flatMap((change) => (change.gone === undefined ? [] : [change.gone]));
    this.listed.push({ collection, after, ids: records.map((record) => record.id), gone, ...(full ? { full: true as const } : {}), ...sent });
    return { records, gone, last: more ? (page.at(-1)?.seq ?? after) : this.seq, more, history: this.history };
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
    changes: async (collection, { after, limit, owner, full, history, seen }, signal) => {
      await this.gate(`list ${collection}`, signal);
      if (this.forbidden.has(collection)) throw new FakeHttpError(403);
      if (!Number.isSafeInteger(after) || after < 0 || !Number.isSafeInteger(limit) || limit < 1 || limit > 5000) throw new FakeHttpError(400, 'Invalid sync position.');
      return this.changesAfter(collection, after, limit, owner === true, full === true, history, seen);
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
    update: async (collection, id, patch, signal, base, versions) => {
      await this.gate(`update ${collection} ${id} ${JSON.stringify(patch)}`, signal);
      const refusal = this.refuseWith.get(collection);
      if (refusal) throw refusal;
      if (this.refuse.has(collection)) throw new FakeHttpError(400, 'Failed to update record.');
      if (!this.table(collection).has(id) || !this.sessionValid) throw new FakeHttpError(404);
      this.baseSeen.push(base);
      this.versionsSeen.push(versions);
      // As pb_hooks/lib/sync/conflicts.js: a field changed here since the base (its value, or its
      // version: changed after it, even back to the same value) and set to something else there.
      const current = this.table(collection).get(id) ?? { id, updated: '' };
      const same = (a: unknown, b: unknown) => JSON.stringify(a ?? '') === JSON.stringify(b ?? '');
      const changedAt = this.fieldVersions.get(`${collection}/${id}`);
      const conflicts = [...new Set([...Object.keys(base ?? {}), ...Object.keys(versions ?? {})])].filter((field) => field in patch
        && !same(current[field], patch[field])
        && ((base !== undefined && field in base && !same(current[field], base[field]))
          || (versions?.[field] !== undefined && (changedAt?.get(field) ?? 0) > versions[field])));
      if (conflicts.length > 0) {
        const data = Object.fromEntries(conflicts.map((field) => [field, { code: 'sync_conflict', message: 'Changed on the server since you edited it.' }]));
        const message = `Changed on the server since you edited it: ${conflicts.join(', ')}.`;
        throw new FakeHttpError(409, message, { message, data });
      }
      const written = { ...this.write(collection, { ...patch, id }) };
      if (this.loseNextUpdateAnswer) {
        this.loseNextUpdateAnswer = false;
        throw new FakeHttpError(0, 'Network error');
      }
      return written;
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
