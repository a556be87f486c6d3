// On a lossy connection (venue Wi-Fi dropping one request in three) a pass
// that gives up at the first lost read would rarely complete: it reads a dozen
// pages in a row. A read that failed with no answer is therefore tried again
// at once, up to READ_ATTEMPTS times in all, within the same deadline (the
// caller's AbortSignal: a request past its deadline is never retried here).
// Writes are not retried here: each has its own back-off (pushChange).
import { errorStatus } from './errorStatus';
import type { SyncTransport } from './transport';

export const READ_ATTEMPTS = 3;

async function again<T>(call: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      if (attempt >= READ_ATTEMPTS || signal?.aborted || errorStatus(error) !== 0) throw error;
    }
  }
}

export function retryReads(transport: SyncTransport): SyncTransport {
  return {
    ...transport,
    verifySession: (signal) => again(() => transport.verifySession(signal), signal),
    changes: (collection, query, signal) => again(() => transport.changes(collection, query, signal), signal),
    getOne: (collection, id, signal) => again(() => transport.getOne(collection, id, signal), signal),
  };
}
