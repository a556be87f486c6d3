// The library's search index built in a worker: 10,000 use cases take a few
// hundred milliseconds to index, which would otherwise freeze the page while
// the library opens. The page sends the indexed fields (a copy of a few MB)
// and takes back the built index's Maps; both copies are a fraction of the
// build. The worker then keeps the index on the device (keptIndex.ts) and is
// ended once it has. Where no worker can run, the caller builds the index itself.
import type MiniSearch from 'minisearch';
import type { AiUseCaseRow } from '@/db';
import { FIELDS, INDEX_OPTIONS } from './indexOptions';
import { indexFromState, type BuiltIndexState } from './indexState';
import { openIndexWorker, type WorkerFactory } from './indexWorker';
import type { IndexWorkerRequest } from './keptIndex';

export type { WorkerFactory } from './indexWorker';

export interface BuiltIndex {
  index: MiniSearch<AiUseCaseRow>;
  /** How long building took in the worker. */
  buildMs: number;
  /** The page's own share: sending the fields and taking the index back. */
  mainThreadMs: number;
}

/** What the worker answers a build: the index, then word that it is kept. */
export type BuildAnswer = ({ type: 'built' } & BuiltIndexState) | { type: 'kept' };

/** What the index reads of a row, and the version it is kept with. */
const indexedFields = (row: AiUseCaseRow) => {
  const fields: Record<string, unknown> = { id: row.id, updated: row.updated, sync_seq: row.sync_seq };
  for (const field of FIELDS) fields[field] = row[field];
  return fields;
};

/** How long the worker may take to keep the index once it has answered it. */
const KEEP_DEADLINE_MS = 60_000;

/**
 * The index of `rows` built in a worker; null when no worker can run here (the caller builds it itself).
 * `databaseName`: where the worker keeps it.
 */
export async function buildIndexOffThread(rows: readonly AiUseCaseRow[], openWorker?: WorkerFactory, databaseName = 'masterclass'): Promise<BuiltIndex | null> {
  if (!openWorker && typeof Worker === 'undefined') return null;
  let worker: Worker;
  try {
    worker = (openWorker ?? openIndexWorker)();
  } catch {
    return null;
  }
  let kept: Promise<void> | null = null;
  try {
    let mainThreadMs = 0;
    const sent = performance.now();
    let whenKept = () => {};
    kept = new Promise<void>((resolve) => {
      whenKept = resolve;
      setTimeout(resolve, KEEP_DEADLINE_MS);
    });
    const built = new Promise<BuiltIndexState>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<BuildAnswer>) => {
        // The message is copied in here, when first read.
        const started = performance.now();
        const data = event.data;
        mainThreadMs += performance.now() - started;
        if (data.type === 'built') resolve(data);
        else whenKept();
      };
      worker.onerror = (event) => {
        whenKept();
        reject(new Error(event.message || 'The index worker failed'));
      };
      worker.onmessageerror = () => reject(new Error('The index worker answered something unreadable'));
    });
    worker.postMessage({ type: 'build', rows: rows.map(indexedFields), databaseName } satisfies IndexWorkerRequest);
    mainThreadMs += performance.now() - sent;
    const { state, buildMs } = await built;
    const received = performance.now();
    const index = indexFromState(state, INDEX_OPTIONS);
    mainThreadMs += performance.now() - received;
    return { index, buildMs, mainThreadMs };
  } catch (error) {
    console.warn('Building the use case index in a worker failed; building it on the page', error);
    kept = null;
    return null;
  } finally {
    // Ended once the index is kept (or it failed).
    if (kept) void kept.then(() => worker.terminate());
    else worker.terminate();
  }
}
