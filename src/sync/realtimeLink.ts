// Live updates for every synced collection plus a re-pull on each
// (re)connection: events sent while the channel was down are never replayed,
// so the pull after PB_CONNECT is what closes the gap.
import { applyRealtimeChange } from './applyRealtimeChange';
import type { SyncContext } from './syncContext';
import { syncedCollections } from './syncedCollections';
import type { Unsubscribe } from './transport';

export interface RealtimeLink {
  /** Subscribes unless already subscribed; a failure leaves it for the next pass. */
  ensure(): Promise<void>;
  close(): Promise<void>;
}

export function realtimeLink(ctx: SyncContext, onReconnect: () => void): RealtimeLink {
  let unsubscribes: Unsubscribe[] = [];
  let connecting: Promise<void> | null = null;
  let connected = false;

  async function close(): Promise<void> {
    const current = unsubscribes;
    unsubscribes = [];
    connected = false;
    await Promise.all(current.map((unsubscribe) => unsubscribe().catch(() => undefined)));
  }

  async function connect(): Promise<void> {
    try {
      for (const spec of syncedCollections) {
        unsubscribes.push(await ctx.transport.subscribe(spec.collection, (change) => {
          void applyRealtimeChange(ctx.db, spec, ctx.userId, change);
        }));
      }
      unsubscribes.push(await ctx.transport.onReconnect(onReconnect));
      connected = true;
    } catch {
      await close();
    }
  }

  return {
    async ensure() {
      if (connected) return;
      connecting ??= connect().finally(() => { connecting = null; });
      await connecting;
    },
    close,
  };
}
