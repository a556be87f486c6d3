// Live updates for every synced collection plus a re-pull on each
// (re)connection: events sent while the channel was down are never replayed,
// so the pull after PB_CONNECT is what closes the gap. The connection listener
// goes first: the first subscription opens the channel and its PB_CONNECT is
// what re-pulls whatever changed between the pass's pull and the subscriptions.
// A close() while connecting undoes what that connect made; a change that
// cannot be stored is reported and a pull brings it instead. Each change is
// stored through `write` (the engine's: under the sync lock, and only while
// the device is still the account's, see deviceOwner.ts).
import { applyRealtimeChange } from './applyRealtimeChange';
import type { SyncContext } from './syncContext';
import { doorHint, doorPulls } from './pullDoor';
import { syncedCollections } from './syncedCollections';
import type { Unsubscribe } from './transport';

export interface RealtimeLink {
  /** Subscribes unless already subscribed; a failure leaves it for the next pass. */
  ensure(): Promise<void>;
  close(): Promise<void>;
}

export function realtimeLink(
  ctx: SyncContext, onReconnect: () => void, write: (store: () => Promise<void>) => Promise<void> = (store) => store(),
): RealtimeLink {
  let unsubscribes: Unsubscribe[] = [];
  let connecting: Promise<void> | null = null;
  let connected = false;
  /** Bumped by close(): a connect of an older generation undoes itself. */
  let generation = 0;

  async function release(list: Unsubscribe[]): Promise<void> {
    await Promise.all(list.map((unsubscribe) => unsubscribe().catch(() => undefined)));
  }

  async function close(): Promise<void> {
    generation += 1;
    const current = unsubscribes;
    unsubscribes = [];
    connected = false;
    await release(current);
  }

  async function connect(): Promise<void> {
    const mine = generation;
    const keep = async (unsubscribe: Unsubscribe): Promise<boolean> => {
      if (mine !== generation) {
        // close() already released the ones made before it.
        await release([unsubscribe]);
        return false;
      }
      unsubscribes.push(unsubscribe);
      return true;
    };
    try {
      if (!(await keep(await ctx.transport.onReconnect(onReconnect)))) return;
      for (const spec of ctx.collections ?? syncedCollections) {
        const unsubscribe = await ctx.transport.subscribe(spec.collection, (change) => {
          write(() => applyRealtimeChange(ctx.db, spec, ctx.userId, change)).catch((error: unknown) => {
            console.error('Could not store a live change; pulling instead', error);
            onReconnect();
          });
        });
        if (!(await keep(unsubscribe))) return;
      }
      // An administrator's: the door's collections, where a message is only a hint to pull (on a door device, see pullDoor).
      for (const collection of ctx.administrator || ctx.doorPass ? doorPulls.map((pull) => pull.collection) : []) {
        const unsubscribe = await ctx.transport.subscribe(collection, () => void doorHint(ctx.db, onReconnect));
        if (!(await keep(unsubscribe))) return;
      }
      connected = true;
    } catch {
      if (mine === generation) await close();
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
