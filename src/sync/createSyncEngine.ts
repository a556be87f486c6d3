// The engine for one signed-in user: runs sync passes one at a time, backs off
// after network failures (a request past its deadline is one), pauses on 401
// until resume(), follows connectivity and realtime, and publishes its state
// for the status indicator.
import type PocketBase from 'pocketbase';
import { metaKeys, readMeta, writeMeta, type MasterclassDb } from '@/db';
import { appSyncStatus } from './appSyncStatus';
import { backoffDelay } from './backoffDelay';
import { claimOnStart, syncsFor, type SessionUser } from './deviceOwner';
import { browserConnectivity, type Connectivity } from './connectivity';
import { countOutbox } from './countOutbox';
import { nextAttemptAt } from './nextAttemptAt';
import { pocketbaseTransport } from './pocketbaseTransport';
import { realtimeLink } from './realtimeLink';
import { retryReads } from './retryReads';
import { runSync } from './runSync';
import { serialPasses } from './serialPasses';
import type { AfterStored, SyncedCollectionSpec } from './syncedCollections';
import { realClock, type SyncClock } from './syncClock';
import type { SyncContext } from './syncContext';
import type { SyncStatusStore } from './syncStatusStore';
import type { SyncTransport } from './transport';
import { syncStopped, timedTransport } from './timedTransport';
import { browserWakeups, type Wakeups } from './wakeups';
import { withSyncLock } from './withSyncLock';

export interface SyncOptions {
  db: MasterclassDb;
  userId: string;
  /**
   * The user is an administrator: the door's check-ins waiting on this device are sent too
   * (pushCheckIns), and a door device pulls its lists (pullDoor). By default, with `pb`, the stored
   * session's role says (an engine started for a sign-out's Send now sends them too).
   */
  administrator?: boolean;
  /** A door pass's session (the door page of /door/$pass): its masterclass's door only (see SyncContext.doorPass). */
  doorPass?: SyncContext['doorPass'];
  /** What to pull (syncedCollections by default): the admin area pulls none of the portal's. */
  collections?: readonly SyncedCollectionSpec[];
  /** The PocketBase client (the app's `pb`); ignored when `transport` is given. */
  pb?: PocketBase;
  transport?: SyncTransport;
  clock?: SyncClock;
  connectivity?: Connectivity;
  /** Page visible again, focus, the steady interval: each asks for a pass (browserWakeups by default). */
  wakeups?: Wakeups;
  /** Where the state is published; the app's store (useSyncStatus) by default. */
  status?: SyncStatusStore;
  pageSize?: number;
  /** Deadline of every server request; past it the request is aborted and retried like a network error. */
  requestTimeoutMs?: number;
  /** Told after a pull stored new or changed records of a collection (see AfterStored). */
  afterStored?: AfterStored;
  /** Who the stored session belongs to now (with `pb`: its auth store); a pass writes only for that account (see deviceOwner.ts). */
  sessionUser?: SessionUser;
}

/** Long enough for a 200-record page on a slow mobile link, short enough that a dead one is noticed. */
export const REQUEST_TIMEOUT_MS = 20_000;

export interface SyncEngine {
  /** Runs a pass now (or joins the running one plus one more); resolves when done. */
  request(): Promise<void>;
  /** Lifts the sign-in pause and syncs. */
  resume(): Promise<void>;
  stop(): Promise<void>;
  /** Resolves once no pass runs (tests, and callers that must not race a pass). */
  whenIdle(): Promise<void>;
}

export function createSyncEngine(options: SyncOptions): SyncEngine {
  const server = options.transport ?? (options.pb && pocketbaseTransport(options.pb));
  if (!server) throw new Error('startSync needs pb or a transport');
  const clock = options.clock ?? realClock;
  // Aborted by stop(): the request in flight ends, later ones are refused, and the push loop ends.
  const stopping = new AbortController();
  const transport = timedTransport(retryReads(server), clock, options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS, stopping.signal);
  const ctx: SyncContext = {
    db: options.db, transport, userId: options.userId, collections: options.collections, clock, pageSize: options.pageSize ?? 200,
    afterStored: options.afterStored, stopped: stopping.signal, doorPass: options.doorPass,
    // Read at each use: every pass renews the session first, and its record carries the role as it is now
    // (an administrator demoted while the engine runs stops being one at the next pass).
    get administrator() {
      return options.administrator ?? options.pb?.authStore.record?.role === 'administrator';
    },
  };
  const status = options.status ?? appSyncStatus;
  const connectivity = options.connectivity ?? browserConnectivity;
  const passes = serialPasses(pass);
  const request = passes.request;
  const sessionUser = options.sessionUser ?? (options.pb && (() => options.pb?.authStore.record?.id));
  // Under the sync lock, and only while the device is still this account's: a
  // sign-out or account switch in another tab runs under the same lock.
  const mayWrite = () => syncsFor(ctx.db, ctx.userId, sessionUser);
  const realtime = realtimeLink(ctx, () => void request(), (write) => withSyncLock(async () => {
    if (await mayWrite()) await write();
  }));
  let stopped = false;
  let paused = false;
  let failures = 0;
  let cancelRetry = () => {};

  const ready = (async () => {
    await claimOnStart(ctx.db, ctx.userId, sessionUser);
    const lastSyncedAt = (await readMeta(ctx.db, metaKeys.lastSyncedAt)) ?? null;
    status.set({ paused: null, syncing: false, online: connectivity.isOnline(), lastSyncedAt, ...(await countOutbox(ctx.db, ctx.userId)) });
  })();
  const stopWatching = connectivity.subscribe((online) => {
    status.set({ online });
    // Offline, the live channel is gone (or, behind a half-dead link, may still
    // deliver late): close it, so what the device shows while offline is only
    // what it had. Back online, the pass reconnects it and re-pulls what changed.
    if (online) void request();
    else void realtime.close();
  });
  const stopWaking = (options.wakeups ?? browserWakeups).subscribe(() => void request());

  async function pass(): Promise<void> {
    await ready;
    cancelRetry();
    const online = connectivity.isOnline();
    status.set({ online });
    if (online && !paused && !stopped) {
      status.set({ syncing: true });
      // The copy is current as of the moment this pass began asking the
      // server, not the moment it finished storing: a pass that ends later
      // (its last step held up while the device went offline) never claims
      // a newer checkpoint than the server was asked for.
      const startedAt = ctx.clock.now();
      const outcome = await withSyncLock(async () => ((await mayWrite()) ? runSync(ctx) : 'signed-out' as const));
      // A pass cut short by stop() says nothing about the server.
      if (!stopped) status.set({ unreachable: outcome === 'retry' });
      if (outcome === 'storage-full') status.set({ storageFull: true });
      if (outcome === 'done') {
        failures = 0;
        // Everything pulled was stored: the device has room again.
        status.set({ storageFull: false });
        const lastSyncedAt = new Date(startedAt).toISOString();
        await writeMeta(ctx.db, metaKeys.lastSyncedAt, lastSyncedAt);
        status.set({ lastSyncedAt });
        // Not awaited: a realtime channel that hangs (a proxy buffering the
        // event stream) must never hold up pushing and pulling.
        void realtime.ensure();
        // A change the server could not take is retried by its own schedule.
        const due = await nextAttemptAt(ctx.db, ctx.userId, ctx.clock.now());
        if (due !== undefined && !stopped) cancelRetry = ctx.clock.setTimer(() => void request(), due - ctx.clock.now());
      } else if (outcome === 'signed-out') {
        // Signed out (or another account signed in) in another tab: nothing is written; this tab leaves for /auth.
      } else if (outcome === 'signin') {
        paused = true;
        status.set({ paused: 'signin' });
      } else if (!stopped) {
        failures += 1;
        cancelRetry = ctx.clock.setTimer(() => void request(), backoffDelay(failures));
      }
    }
    status.set({ syncing: false, ...(await countOutbox(ctx.db, ctx.userId)) });
  }

  return {
    request,
    whenIdle: passes.whenIdle,
    async resume() {
      paused = false;
      failures = 0;
      status.set({ paused: null });
      // Subscriptions were made with the old session; renew them with the new one.
      await realtime.close();
      await request();
    },
    async stop() {
      stopped = true;
      cancelRetry();
      stopWatching();
      // A request in flight would otherwise hold sign-out until its deadline, and
      // the next change or collection would start another: both end now.
      stopping.abort(syncStopped());
      stopWaking();
      await passes.stop();
      await realtime.close();
      status.set({ syncing: false });
    },
  };
}
