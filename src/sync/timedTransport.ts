// Every server call the engine makes gets a deadline: one hung request (a
// dead Wi-Fi link that never answers, a proxy holding the connection) must
// not hold the pass, the cross-tab lock, stop() or sign-out. A request past
// its deadline is aborted (its AbortSignal reaches fetch) and fails like a
// network error (status 0), so the engine backs off and retries. abortAll()
// ends every request in flight at once (the engine stopping).
import type { SyncClock } from './syncClock';
import type { SyncTransport, Unsubscribe } from './transport';

export interface TimedTransport extends SyncTransport {
  abortAll(): void;
}

export class RequestTimeoutError extends Error {
  /** 0 = no answer, as the SDK reports a failed or aborted fetch. */
  readonly status = 0;
  constructor(message = 'Request timed out') {
    super(message);
  }
}

export function timedTransport(transport: SyncTransport, clock: SyncClock, timeoutMs: number): TimedTransport {
  const inFlight = new Set<AbortController>();

  /** Runs one call with its own AbortController; rejects with status 0 on the deadline or abortAll(). */
  function timed<T>(call: (signal: AbortSignal) => Promise<T>, onLateResult?: (value: T) => void): Promise<T> {
    const controller = new AbortController();
    inFlight.add(controller);
    let settled = false;
    return new Promise<T>((resolve, reject) => {
      const cancelTimer = clock.setTimer(() => controller.abort(new RequestTimeoutError()), timeoutMs);
      const finish = () => {
        settled = true;
        cancelTimer();
        inFlight.delete(controller);
      };
      controller.signal.addEventListener('abort', () => {
        if (settled) return;
        finish();
        reject(controller.signal.reason instanceof RequestTimeoutError ? controller.signal.reason : new RequestTimeoutError('Request aborted'));
      });
      call(controller.signal).then(
        (value) => {
          if (settled) onLateResult?.(value);
          else { finish(); resolve(value); }
        },
        (error: unknown) => {
          if (!settled) { finish(); reject(error); }
        },
      );
    });
  }

  /** An unsubscribe that cannot hang either. */
  const timedUnsubscribe = (unsubscribe: Unsubscribe): Unsubscribe => () => timed(() => unsubscribe());
  /** A subscription whose answer comes after the deadline is undone at once. */
  const lateUnsubscribe = (unsubscribe: Unsubscribe) => void unsubscribe().catch(() => undefined);

  return {
    abortAll() {
      for (const controller of [...inFlight]) controller.abort();
    },
    verifySession: () => timed((signal) => transport.verifySession(signal)),
    list: (collection, query) => timed((signal) => transport.list(collection, query, signal)),
    getOne: (collection, id) => timed((signal) => transport.getOne(collection, id, signal)),
    create: (collection, body) => timed((signal) => transport.create(collection, body, signal)),
    update: (collection, id, patch, _signal, base) => timed((signal) => transport.update(collection, id, patch, signal, base)),
    delete: (collection, id) => timed((signal) => transport.delete(collection, id, signal)),
    subscribe: async (collection, onChange) =>
      timedUnsubscribe(await timed(() => transport.subscribe(collection, onChange), lateUnsubscribe)),
    onReconnect: async (callback) => timedUnsubscribe(await timed(() => transport.onReconnect(callback), lateUnsubscribe)),
  };
}
