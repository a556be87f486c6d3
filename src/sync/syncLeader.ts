// One tab per browser syncs. Every portal tab asks for the Web Lock
// 'masterclass-sync-leader' and keeps asking; the tab holding it (the leader)
// runs the sync engine and the realtime subscriptions. The others (followers)
// only read IndexedDB through live queries and add to the shared outbox; after
// queueing a change, a retry or "Send now" they ask the leader for a pass on
// the BroadcastChannel 'masterclass-sync', and the leader answers when that
// pass is over. The leader also posts its status (syncing, last synced,
// paused, unreachable), so every tab's badge says the same.
//
// The browser releases the lock when the leader's tab closes, navigates away
// or crashes, and grants it to the next tab waiting: that tab starts its
// engine, which syncs at once (and re-subscribes, re-pulling what changed
// meanwhile). A tab leaving the portal (stop) gives the lock up the same way.
//
// Tabs that sync less than the portal (the admin area: only the door's
// check-ins, see SyncOptions.collections) elect their own leader under their
// own lock and channel (':admin'), so a portal tab never depends on a leader
// that does not pull the portal's data. Both may send the door's check-ins;
// they take turns under the sync lock, and a change sent is gone from the
// outbox before the other looks.
import { metaKeys, readMeta } from '@/db';
import { appSyncStatus } from './appSyncStatus';
import { browserConnectivity } from './connectivity';
import { countOutbox } from './countOutbox';
import { createSyncEngine, type SyncEngine, type SyncOptions } from './createSyncEngine';
import { claimOnStart } from './deviceOwner';
import type { SyncStatus, SyncStatusStore } from './syncStatusStore';
import { browserWakeups } from './wakeups';

export const LEADER_LOCK = 'masterclass-sync-leader';
export const SYNC_CHANNEL = 'masterclass-sync';
/** How long a follower waits for the leader to report a pass it asked for (a leader that died meanwhile is replaced, and its successor syncs anyway). */
export const PASS_REPLY_MS = 45_000;

type SyncMessage =
  | { type: 'pass'; id: string }
  | { type: 'passed'; id: string }
  | { type: 'resume' }
  | { type: 'hello' }
  | { type: 'status'; status: SyncStatus };

export type SyncRole = 'deciding' | 'leader' | 'follower';

export interface SyncTab extends SyncEngine {
  role(): SyncRole;
}

/** The portal's tabs ('') or the tabs that sync only some collections (':admin'). */
const SCOPES = ['', ':admin'] as const;
const scopeOf = (options: SyncOptions) => (options.collections ? SCOPES[1] : SCOPES[0]);

/** Where the browser has both, the tab runs as leader or follower; elsewhere null (the tab runs its own engine). */
export function syncTab(options: SyncOptions): SyncTab | null {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks || typeof BroadcastChannel === 'undefined') return null;
  const scope = scopeOf(options);
  return leaderOrFollower(options, locks, new BroadcastChannel(SYNC_CHANNEL + scope), LEADER_LOCK + scope);
}

/** Tells the leaders, wherever they run, to lift a sign-in pause (a sign-in in a tab that runs no engine). */
export function askLeaderToResume(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  for (const scope of SCOPES) {
    const channel = new BroadcastChannel(SYNC_CHANNEL + scope);
    channel.postMessage({ type: 'resume' } satisfies SyncMessage);
    channel.close();
  }
}

export function leaderOrFollower(options: SyncOptions, locks: LockManager, channel: BroadcastChannel, lockName = LEADER_LOCK): SyncTab {
  const status = options.status ?? appSyncStatus;
  const connectivity = options.connectivity ?? browserConnectivity;
  let role: SyncRole = 'deciding';
  let engine: SyncEngine | null = null;
  let stopped = false;
  let stopFollowing = () => {};
  const replies = new Map<string, () => void>();
  let decide = () => {};
  const decided = new Promise<void>((resolve) => { decide = resolve; });
  let resign = () => {};
  const resigned = new Promise<void>((resolve) => { resign = resolve; });
  const waiting = new AbortController();

  const post = (message: SyncMessage) => {
    try {
      channel.postMessage(message);
    } catch {
      // Closed: this tab has stopped.
    }
  };
  // The leader's engine publishes here: this tab's store, and every follower's.
  const shared: SyncStatusStore = {
    get: status.get,
    subscribe: status.subscribe,
    set(change) {
      status.set(change);
      post({ type: 'status', status: status.get() });
    },
  };

  async function lead(): Promise<void> {
    if (stopped) return;
    stopFollowing();
    role = 'leader';
    engine = createSyncEngine({ ...options, status: shared });
    decide();
    // Passes asked for while following: this tab's first pass covers them.
    const asked = [...replies.values()];
    replies.clear();
    void engine.request().then(() => asked.forEach((reply) => reply()));
    await resigned;
    await engine.stop();
  }

  function follow(): void {
    role = 'follower';
    decide();
    const stopWatching = connectivity.subscribe((online) => status.set({ online }));
    const stopWaking = (options.wakeups ?? browserWakeups).subscribe(() => void request());
    stopFollowing = () => {
      stopWatching();
      stopWaking();
      stopFollowing = () => {};
    };
    void (async () => {
      await claimOnStart(options.db, options.userId, options.sessionUser ?? (options.pb && (() => options.pb?.authStore.record?.id)));
      const lastSyncedAt = (await readMeta(options.db, metaKeys.lastSyncedAt)) ?? null;
      status.set({ online: connectivity.isOnline(), lastSyncedAt, ...(await countOutbox(options.db, options.userId)) });
      post({ type: 'hello' });
    })().catch((error: unknown) => console.error('Could not read the sync state', error));
  }

  channel.onmessage = (event: MessageEvent<SyncMessage>) => {
    const message = event.data;
    if (role === 'leader' && engine) {
      const running = engine;
      if (message.type === 'pass') void running.request().then(() => post({ type: 'passed', id: message.id }));
      else if (message.type === 'resume') void running.resume();
      else if (message.type === 'hello') post({ type: 'status', status: status.get() });
    } else if (role === 'follower') {
      if (message.type === 'status') status.set({ ...message.status, online: connectivity.isOnline() });
      else if (message.type === 'passed') replies.get(message.id)?.();
    }
  };

  const leading = (async () => {
    const led = await locks.request(lockName, { ifAvailable: true }, async (lock) => {
      if (!lock) return false;
      await lead();
      return true;
    });
    if (led || stopped) return;
    follow();
    // Held until this tab stops; granted when the leader's tab goes.
    await locks.request(lockName, { signal: waiting.signal }, lead);
  })().catch((error: unknown) => {
    if (!(error instanceof DOMException && error.name === 'AbortError')) console.error('Sync leadership failed', error);
  });

  async function request(): Promise<void> {
    await decided;
    if (engine) return engine.request();
    if (stopped) return;
    const id = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, PASS_REPLY_MS);
      function done() {
        clearTimeout(timer);
        replies.delete(id);
        resolve();
      }
      replies.set(id, done);
      post({ type: 'pass', id });
    });
  }

  return {
    role: () => role,
    request,
    async resume() {
      await decided;
      if (engine) return engine.resume();
      post({ type: 'resume' });
      await request();
    },
    async whenIdle() {
      await engine?.whenIdle();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      decide();
      waiting.abort();
      resign();
      stopFollowing();
      for (const reply of [...replies.values()]) reply();
      await leading;
      channel.close();
    },
  };
}
