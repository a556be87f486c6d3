// Builds and keeps the library's search index off the page's main thread:
// - 'build': the page posts the indexed fields of every use case and receives
//   the index as plain data (see buildIndexOffThread); the index is then kept
//   on the device for the next page load (keptIndex.ts), and the page told.
// - 'refresh' (after the sync stored use cases, see keptIndex.ts): the kept
//   index is brought in step with the rows on the device, or built anew (refreshKept.ts).
import type { AiUseCaseRow } from '@/db';
import { MasterclassDb } from '@/db/database';
import { buildIndexState } from './indexState';
import { keepIndex, type IndexWorkerRequest, type RefreshAnswer } from './keptIndex';
import { refreshKept } from './refreshKept';
import { rowVersion } from './rowVersion';

async function withDatabase<T>(name: string, work: (db: MasterclassDb) => Promise<T>): Promise<T> {
  const db = new MasterclassDb(name);
  try {
    return await work(db);
  } finally {
    db.close();
  }
}

async function build(rows: AiUseCaseRow[], databaseName: string): Promise<void> {
  const built = buildIndexState(rows);
  self.postMessage({ type: 'built', ...built });
  try {
    const versions = new Map(rows.map((row) => [row.id, rowVersion(row)]));
    await withDatabase(databaseName, (db) => keepIndex(db, { state: built.state, versions, buildMs: built.buildMs, builtAt: Date.now() }));
  } catch (error) {
    console.warn('The use case index could not be kept on the device', error);
  }
  self.postMessage({ type: 'kept' });
}

self.onmessage = async (event: MessageEvent<IndexWorkerRequest>) => {
  const request = event.data;
  if (request.type === 'build') await build(request.rows as unknown as AiUseCaseRow[], request.databaseName);
  else if (request.type === 'refresh') {
    const started = performance.now();
    try {
      self.postMessage(await withDatabase(request.databaseName, refreshKept));
    } catch (error) {
      console.warn('The kept use case index could not be refreshed', error);
      self.postMessage({ type: 'refreshed', outcome: 'failed', ms: performance.now() - started } satisfies RefreshAnswer);
    }
  }
};
