// A fresh database, fake server, clock and connectivity for one engine test.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { MasterclassDb } from '@/db';
import type { Connectivity } from '../connectivity';
import { createSyncEngine, type SyncOptions } from '../createSyncEngine';
import type { SyncClock } from '../syncClock';
import { createSyncStatusStore } from '../syncStatusStore';
import { FakeSyncServer } from './fakeSyncServer';

export const USER_ID = 'user00000000001';

export function fakeClock() {
  let now = Date.UTC(2025, 5, 1);
  let timers: { at: number; callback: () => void }[] = [];
  const clock: SyncClock = {
    now: () => now,
    setTimer(callback, ms) {
      const timer = { at: now + ms, callback };
      timers.push(timer);
      return () => { timers = timers.filter((t) => t !== timer); };
    },
  };
  return {
    clock,
    /** When the earliest timer fires, relative to now (undefined: none). */
    nextTimerIn: () => (timers.length ? Math.min(...timers.map((t) => t.at)) - now : undefined),
    advance(ms: number) {
      now += ms;
      const due = timers.filter((t) => t.at <= now);
      timers = timers.filter((t) => t.at > now);
      for (const timer of due) timer.callback();
    },
  };
}

export function fakeConnectivity(online = true) {
  const listeners = new Set<(online: boolean) => void>();
  const connectivity: Connectivity = {
    isOnline: () => online,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    connectivity,
    set(value: boolean) {
      online = value;
      for (const listener of listeners) listener(value);
    },
  };
}

export function syncHarness(options: Partial<SyncOptions> = {}) {
  const db = new MasterclassDb('masterclass-test', { indexedDB: new IDBFactory(), IDBKeyRange });
  const server = new FakeSyncServer();
  const time = fakeClock();
  const network = fakeConnectivity();
  const status = createSyncStatusStore();
  const engine = createSyncEngine({
    db, userId: USER_ID, transport: server.transport, clock: time.clock,
    connectivity: network.connectivity, status, ...options,
  });
  return { db, server, time, network, status, engine };
}
