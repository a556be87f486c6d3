// The library's search index built in a worker: 10,000 use cases take a few
// hundred milliseconds to index, which would otherwise freeze the page while
// the library opens. The page sends the indexed fields (a copy of a few MB)
// and takes back the built index's Maps; both copies are a fraction of the
// build. Where no worker can run, the caller builds the index itself.
import type MiniSearch from 'minisearch';
import type { AiUseCaseRow } from '@/db';
import { FIELDS, INDEX_OPTIONS } from './indexOptions';
import { indexFromState, type BuiltIndexState } from './indexState';

export interface BuiltIndex {
  index: MiniSearch<AiUseCaseRow>;
  /** How long building took in the worker. */
  buildMs: number;
  /** The page's own share: sending the fields and taking the index back. */
  mainThreadMs: number;
}

/** What the index reads of a row. */
const indexedFields = (row: AiUseCaseRow) => {
  const fields: Record<string, unknown> = { id: row.id };
  for (const field of FIELDS) fields[field] = row[field];
  return fields;
};

/** Opens the worker; a function of its own so tests can hand in another. */
export type WorkerFactory = () => Worker;
const newWorker: WorkerFactory = () => new Worker(new URL('./buildIndex.worker.ts', import.meta.url), { type: 'module', name: 'use-case-index' });

/** The index of `rows` built in a worker; null when no worker can run here (the caller builds it itself). */
export async function buildIndexOffThread(rows: readonly AiUseCaseRow[], openWorker?: WorkerFactory): Promise<BuiltIndex | null> {
  if (!openWorker && typeof Worker === 'undefined') return null;
  let worker: Worker;
  try {
    worker = (openWorker ?? newWorker)();
  } catch {
    return null;
  }
  try {
    let mainThreadMs = 0;
    const sent = performance.now();
    const built = new Promise<BuiltIndexState>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<BuiltIndexState>) => {
        // The message is copied in here, when first read.
        const started = performance.now();
        const data = event.data;
        mainThreadMs += performance.now() - started;
        resolve(data);
      };
      worker.onerror = (event) => reject(new Error(event.message || 'The index worker failed'));
      worker.onmessageerror = () => reject(new Error('The index worker answered something unreadable'));
    });
    worker.postMessage(rows.map(indexedFields));
    mainThreadMs += performance.now() - sent;
    const { state, buildMs } = await built;
    const received = performance.now();
    const index = indexFromState(state, INDEX_OPTIONS);
    mainThreadMs += performance.now() - received;
    return { index, buildMs, mainThreadMs };
  } catch (error) {
    console.warn('Building the use case index in a worker failed; building it on the page', error);
    return null;
  } finally {
    worker.terminate();
  }
}
