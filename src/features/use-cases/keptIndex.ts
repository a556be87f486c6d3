// The library's search index kept on the device (the `keptIndexes` table),
// beside the id → version (rowVersion) of the rows it holds: a page load reads it and
// brings it in step with the rows it finds (a few changed use cases are
// replaced), instead of building it from all 10,000 again. It is built or
// refreshed in a worker (buildIndex.worker.ts): by the library when it finds
// none, and in the background once the sync has stored new or changed use
// cases (refreshKeptIndex), so the library is usually searchable at once
// when it opens. One build or read at a time, across tabs and workers (a Web
// Lock): opening the library while the background build runs waits for it
// rather than building the same index twice.
import type { AiUseCaseRow, KeptIndexRow, MasterclassDb } from '@/db';
import { Collections } from '@/lib/collections';
import type { AfterStored } from '@/sync';
import { INDEX_FORMAT } from './indexOptions';
import { openIndexWorker, type WorkerFactory } from './indexWorker';
import { rowVersion } from './rowVersion';

export const KEPT_INDEX_KEY = 'use-cases';

/**
 * From this many use cases the first index is read from the device or built
 * off the main thread (a library of 10,000 takes a few hundred milliseconds to
 * index); a smaller one, and every later change, is indexed on the page at
 * once, and no index is kept for it.
 */
export const BUILD_AWAY_FROM = 1000;
const LOCK = 'use-case-index';

/**
 * Past this share of the rows changed since the kept index was built, a new
 * one is built instead (replacing most of an index costs more than building it,
 * and leaves it full of discarded entries).
 */
const MOST_CHANGED = 0.25;

/** Runs `work` holding the library index's lock (where Web Locks exist). */
export function withIndexLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(LOCK, work) : work();
}

/** How many of `rows` the kept versions do not hold as they are, plus those they hold that are gone. */
export function changesSince(versions: ReadonlyMap<string, string>, rows: readonly Pick<AiUseCaseRow, 'id' | 'updated' | 'sync_seq'>[]): number {
  let changed = 0;
  let held = 0;
  for (const row of rows) {
    const version = versions.get(row.id);
    if (version === undefined) changed += 1;
    else {
      held += 1;
      if (version !== rowVersion(row)) changed += 1;
    }
  }
  return changed + (versions.size - held);
}

/** The kept index when it was built the way this version builds it and most of `rows` are still as it holds them. */
export async function readKeptIndex(db: MasterclassDb, rows: readonly AiUseCaseRow[]): Promise<KeptIndexRow | undefined> {
  const kept = await db.keptIndexes.get(KEPT_INDEX_KEY);
  if (!kept || kept.format !== INDEX_FORMAT || !(kept.versions instanceof Map)) return undefined;
  return changesSince(kept.versions, rows) <= rows.length * MOST_CHANGED ? kept : undefined;
}

export async function keepIndex(db: MasterclassDb, kept: Omit<KeptIndexRow, 'key' | 'format'>): Promise<void> {
  await db.keptIndexes.put({ key: KEPT_INDEX_KEY, format: INDEX_FORMAT, ...kept });
}

/** What the worker is asked to do. */
export type IndexWorkerRequest =
  /** Build from these rows' fields and keep the index; answer it (BuiltIndexState). */
  | { type: 'build'; rows: Record<string, unknown>[]; databaseName: string }
  /** Bring the kept index in step with the rows on the device (built anew when there is none); answer when done. */
  | { type: 'refresh'; databaseName: string };

export interface RefreshAnswer {
  type: 'refreshed';
  /**
   * 'kept': nothing had changed; 'updated': the changed rows replaced; 'built': built anew;
   * 'small': a library indexed on the page at once, none kept; 'failed': left as it was.
   */
  outcome: 'kept' | 'updated' | 'built' | 'small' | 'failed';
  ms: number;
}

/** A refresh that has not answered by then is ended (the next one starts over). */
const REFRESH_DEADLINE_MS = 120_000;

let refreshing: Promise<void> | null = null;
let again = false;

/**
 * Asks a worker to bring the kept index in step with the use cases on the
 * device (the sync calls it after storing some). Requests while one runs make
 * one more run after it. Nothing happens where no worker can run.
 */
export function refreshKeptIndex(databaseName: string, openWorker: WorkerFactory = openIndexWorker): Promise<void> {
  if (refreshing) {
    again = true;
    return refreshing;
  }
  if (typeof Worker === 'undefined' && openWorker === openIndexWorker) return Promise.resolve();
  refreshing = (async () => {
    do {
      again = false;
      await refreshOnce(databaseName, openWorker);
    } while (again);
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

function refreshOnce(databaseName: string, openWorker: WorkerFactory): Promise<void> {
  let worker: Worker;
  try {
    worker = openWorker();
  } catch {
    return Promise.resolve();
  }
  return new Promise<void>((resolve) => {
    const deadline = setTimeout(() => done(), REFRESH_DEADLINE_MS);
    const done = (answer?: RefreshAnswer) => {
      clearTimeout(deadline);
      worker.terminate();
      // On the performance timeline for the library benchmark: the background refresh, as the worker timed it.
      if (answer) performance.mark('use-cases:index-refreshed', { detail: { outcome: answer.outcome, ms: answer.ms } });
      resolve();
    };
    worker.onmessage = (event: MessageEvent<RefreshAnswer>) => done(event.data);
    worker.onerror = (event) => {
      console.warn('Refreshing the kept use case index failed', event.message);
      done();
    };
    worker.postMessage({ type: 'refresh', databaseName } satisfies IndexWorkerRequest);
  });
}

/**
 * What the sync does once it stored new or changed use cases: the kept index
 * is brought in step in a worker, so opening the library finds it ready (the
 * /dashboard route hands it to the portal's sync).
 */
export const afterUseCasesStored: AfterStored = {
  [Collections.aiUseCases]: (db) => void refreshKeptIndex(db.name),
};
