// The door device's sync with the server, for one masterclass: push this
// administrator's waiting check-ins and undos (oldest first, 100 a request;
// the server keeps a check-in sent twice once, so a lost answer is harmless),
// then pull every device's check-ins since the last pull, then refresh the
// attendee list when it is older than ROSTER_MAX_AGE_MS. A pass runs when the
// page opens, when something is checked in or undone, when the device comes
// back online, every PASS_INTERVAL_MS, and after a failure with back-off.
// Nothing here is needed to answer a scan: the door decides from the device.
//
// Why not the portal's sync engine (src/sync/): it keeps the signed-in
// account's own rows (one cursor per collection, the `attendees` table holding
// the account's own attendee rows, read by the portal), pushes one record at
// a time through the records API, and is started by the portal, not the admin
// area. The door needs a whole masterclass's attendee list (other people's
// rows, kept apart and dropped at sign-out), per-event cursors, and a push the
// server answers with conflicts settled in one transaction with its receipt
// time. It reuses the engine's back-off, connectivity and error helpers.
import type { MasterclassDb } from '@/db';
import { backoffDelay } from '@/sync/backoffDelay';
import { browserConnectivity, type Connectivity } from '@/sync/connectivity';
import { describeError } from '@/sync/describeError';
import { errorStatus } from '@/sync/errorStatus';
import type { DoorApi } from './doorApi';
import { markRefused, pendingCheckIns, storeCheckInCursor, storeRoster, storeServerCheckIns } from './doorStore';

export const PASS_INTERVAL_MS = 15_000;
export const ROSTER_MAX_AGE_MS = 2 * 60_000;
/** The pull starts this much before its cursor: a check-in committed late with an earlier stamp is still seen. */
const PULL_OVERLAP_MS = 30_000;
const PUSH_BATCH = 100;
const REQUEST_DEADLINE_MS = 20_000;

export interface DoorSyncState {
  online: boolean;
  syncing: boolean;
  /** The last pass that reached the server whole (ms since epoch). */
  lastSyncedAt: number | null;
  /** Why the last pass failed, for the status line; null when it did not. */
  error: string | null;
  /** The session was refused: check-ins wait until the administrator signs in again. */
  signIn: boolean;
}

export interface DoorSyncOptions {
  db: MasterclassDb;
  api: DoorApi;
  event: string;
  adminId: string;
  connectivity?: Connectivity;
  now?: () => number;
}

export interface DoorSync {
  /** Runs a pass soon (or right after the one under way). `refreshRoster` forces the list's refresh. */
  request(refreshRoster?: boolean): void;
  stop(): void;
  subscribe(listener: (state: DoorSyncState) => void): () => void;
  state(): DoorSyncState;
}

function minus(stamp: string, ms: number): string {
  const parsed = Date.parse(stamp.replace(' ', 'T'));
  if (!Number.isFinite(parsed)) return stamp;
  return new Date(parsed - ms).toISOString().replace('T', ' ');
}

export function createDoorSync({ db, api, event, adminId, connectivity = browserConnectivity, now = Date.now }: DoorSyncOptions): DoorSync {
  let state: DoorSyncState = { online: connectivity.isOnline(), syncing: false, lastSyncedAt: null, error: null, signIn: false };
  const listeners = new Set<(state: DoorSyncState) => void>();
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let forceRoster = false;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let controller: AbortController | null = null;

  const set = (patch: Partial<DoorSyncState>) => {
    if ((Object.keys(patch) as (keyof DoorSyncState)[]).every((key) => state[key] === patch[key])) return;
    state = { ...state, ...patch };
    for (const listener of listeners) listener(state);
  };

  const schedule = (delay: number) => {
    if (timer) clearTimeout(timer);
    if (!stopped) timer = setTimeout(() => request(), delay);
  };

  async function withDeadline<T>(call: (signal: AbortSignal) => Promise<T>): Promise<T> {
    controller = new AbortController();
    const deadline = setTimeout(() => controller?.abort(), REQUEST_DEADLINE_MS);
    try {
      return await call(controller.signal);
    } finally {
      clearTimeout(deadline);
    }
  }

  async function pushPending(): Promise<void> {
    for (;;) {
      const waiting = (await pendingCheckIns(db, event, adminId)).slice(0, PUSH_BATCH);
      if (waiting.length === 0 || stopped) return;
      const sent = new Map(waiting.map((row) => [row.id, row.revision]));
      const answer = await withDeadline((signal) => api.push(event, waiting.map((row) => ({
        id: row.id, attendee: row.attendee, method: row.method, scanned_at: row.scanned_at, device_name: row.device_name,
        undone_at: row.undone_at, undone_device: row.undone_device,
      })), signal));
      await storeServerCheckIns(db, answer.check_ins, sent);
      await markRefused(db, answer.refused.filter((row) => sent.has(row.id)));
      if (waiting.length < PUSH_BATCH) return;
    }
  }

  async function pullCheckIns(): Promise<void> {
    const roster = await db.doorRosters.get(event);
    let after = roster?.checkInCursor ? { updated: minus(roster.checkInCursor.updated, PULL_OVERLAP_MS), id: '' } : null;
    let last = roster?.checkInCursor ?? null;
    for (;;) {
      const page = await withDeadline((signal) => api.checkInsPage(event, after, signal));
      await storeServerCheckIns(db, page.items);
      const end = page.items[page.items.length - 1];
      if (end && (!last || end.updated > last.updated || (end.updated === last.updated && end.id > last.id))) last = { updated: end.updated, id: end.id };
      if (!page.next || stopped) break;
      after = page.next;
    }
    if (last && (await db.doorRosters.get(event))) await storeCheckInCursor(db, event, last);
  }

  async function refreshRoster(): Promise<void> {
    const first = await withDeadline((signal) => api.rosterPage(event, '', signal));
    const items = [...first.items];
    let next = first.next;
    while (next && !stopped) {
      const after: string = next;
      const page = await withDeadline((signal) => api.rosterPage(event, after, signal));
      items.push(...page.items);
      next = page.next;
    }
    if (stopped || !first.event) return;
    await storeRoster(db, {
      event, title: first.event.title, starts_at: first.event.starts_at, ends_at: first.event.ends_at, timezone: first.event.timezone,
      venue: first.event.venue, total: first.total ?? items.length, refreshedAt: now(), voided: first.voided ?? [],
    }, items);
  }

  async function pass(): Promise<void> {
    if (!connectivity.isOnline()) {
      set({ online: false, syncing: false });
      return;
    }
    set({ online: true, syncing: true });
    try {
      const roster = await db.doorRosters.get(event);
      const rosterDue = forceRoster || !roster || now() - roster.refreshedAt > ROSTER_MAX_AGE_MS;
      forceRoster = false;
      // A new device needs the list first; otherwise what waits to be sent goes first.
      if (!roster) await refreshRoster();
      await pushPending();
      await pullCheckIns();
      if (roster && rosterDue) await refreshRoster();
      failures = 0;
      set({ syncing: false, lastSyncedAt: now(), error: null, signIn: false });
      schedule(PASS_INTERVAL_MS);
    } catch (error) {
      if (stopped) return;
      const status = errorStatus(error);
      failures += 1;
      set({
        syncing: false,
        signIn: status === 401 || status === 403,
        error: status === 0 ? 'The server could not be reached.' : describeError(error),
      });
      schedule(backoffDelay(failures));
    }
  }

  function request(refreshRoster = false): void {
    if (stopped) return;
    if (refreshRoster) forceRoster = true;
    if (running) {
      again = true;
      return;
    }
    running = pass().finally(() => {
      running = null;
      if (again && !stopped) {
        again = false;
        request();
      }
    });
  }

  const unsubscribe = connectivity.subscribe((online) => {
    set({ online });
    if (online) request();
  });

  return {
    request,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      controller?.abort();
      unsubscribe();
      listeners.clear();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    state: () => state,
  };
}
