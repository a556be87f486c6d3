// Every server call the engine makes gets a deadline: one hung request (a
// dead Wi-Fi link that never answers, a proxy holding the connection) must
// not hold the pass, the cross-tab lock, stop() or sign-out. A request past
// its deadline is aborted (its AbortSignal reaches fetch) and fails like a
// network error (status 0, `timedOut`), so the engine backs off and retries.
// The engine stopping (`stopped` aborted) ends every request in flight at
// once and refuses every later data request at once, so a loop still running
// (the push of the next change, the pull of the next collection) ends instead
// of waiting for another deadline. Undoing a realtime subscription still goes
// out: the live channel must not outlive the engine.
import type { SyncClock } from './syncClock';
import type { SyncTransport, Unsubscribe } from './transport';

export interface TimedTransport extends SyncTransport {
  abortAll(): void;
}

export class RequestTimeoutError extends Error {
  /** 0 = no answer, as the SDK reports a failed or aborted fetch. */
  readonly status = 0;
  /** true: the deadline passed without an answer; false: aborted (the engine stopping). */
  readonly timedOut: boolean;
  constructor(message = 'Request timed out', timedOut = true) {
    super(message);
    this.timedOut = timedOut;
  }
}

/** The request the engine gave up because it is stopping (sign-out, another tab's lock). */
export const syncStopped = () => new RequestTimeoutError('Sync stopped', false);

/** The request ran past its deadline without an answer (not aborted for another reason). */
export function isDeadlinePassed(error: unknown): boolean {
  return error instanceof RequestTimeoutError && error.timedOut;
}

export function timedTransport(transport: SyncTransport, clock: SyncClock, timeoutMs: number, stopped?: AbortSignal): TimedTransport {
  const inFlight = new Set<AbortController>();
  const abortAll = () => {
    for (const controller of [...inFlight]) controller.abort();
  };
  stopped?.addEventListener('abort', abortAll);

  /** A data request: refused at once once the engine stopped. */
  function data<T>(call: (signal: AbortSignal) => Promise<T>): Promise<T> {
    return stopped?.aborted ? Promise.reject(syncStopped()) : timed(call);
  }

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
        reject(controller.signal.reason instanceof RequestTimeoutError ? controller.signal.reason
          : stopped?.aborted ? syncStopped() : new RequestTimeoutError('Request aborted', false));
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
    abortAll,
    verifySession: () => data((signal) => transport.verifySession(signal)),
    changes: (collection, query) => data((signal) => transport.changes(collection, query, signal)),
    ...(transport.send ? { send: <T,>(route: string, body: Record<string, unknown>) => data((signal) => transport.send!<T>(route, body, signal)) } : {}),
    getOne: (collection, id) => data((signal) => transport.getOne(collection, id, signal)),
    create: (collection, body) => data((signal) => transport.create(collection, body, signal)),
    update: (collection, id, patch, _signal, base, versions) => data((signal) => transport.update(collection, id, patch, signal, base, versions)),
    delete: (collection, id) => data((signal) => transport.delete(collection, id, signal)),
    subscribe: async (collection, onChange) => {
      if (stopped?.aborted) throw syncStopped();
      return timedUnsubscribe(await timed(() => transport.subscribe(collection, onChange), lateUnsubscribe));
    },
    onReconnect: async (callback) => {
      if (stopped?.aborted) throw syncStopped();
      return timedUnsubscribe(await timed(() => transport.onReconnect(callback), lateUnsubscribe));
    },
  };
}
