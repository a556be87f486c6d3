// The worker that builds and keeps the library's search index
// (buildIndex.worker.ts), opened from here only: this module imports nothing
// else, so the sync can ask for the kept index to be refreshed without
// loading the search library on the page.

/** Opens the worker; a function type of its own so tests can hand in another. */
export type WorkerFactory = () => Worker;

export const openIndexWorker: WorkerFactory = () =>
  new Worker(new URL('./buildIndex.worker.ts', import.meta.url), { type: 'module', name: 'use-case-index' });
