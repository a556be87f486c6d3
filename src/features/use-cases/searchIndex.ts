// The library's full-text index (MiniSearch) over the use cases on the
// device: read from the index kept on the device (keptIndex.ts) or built once
// from IndexedDB, then kept in step with each change the sync brings (added,
// replaced or discarded by id), never sent to a server.
// Prefix and typo tolerant ("forcast" finds "forecasting"), words combined
// with AND, ranked with the title and tags counting most.
import MiniSearch, { type Query, type SearchResult } from 'minisearch';
import type { AiUseCaseRow, MasterclassDb } from '@/db';
import { buildIndexOffThread } from './buildIndexOffThread';
import { INDEX_OPTIONS } from './indexOptions';
import { applyRows, indexFromState, type IndexState } from './indexState';
import type { WorkerFactory } from './indexWorker';
import { readKeptIndex, withIndexLock } from './keptIndex';
import { rowVersion } from './rowVersion';

const tokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];

/** The search text's words as the index reads them (none, or single letters only: show everything). */
export function searchTerms(query: string): string[] {
  const terms = tokenize(query).map((term) => term.toLowerCase()).filter(Boolean);
  return terms.some((term) => term.length > 1) ? terms : [];
}

/**
 * Where a two-letter word being typed is looked for as a prefix: "co" would
 * otherwise expand to every word starting so in every field (thousands of
 * use cases, on each keystroke); a title or tag starting so is what it means.
 */
const SHORT_PREFIX_FIELDS = ['title', 'tags'];
/** Searches remembered (typing back over a word, a filter changed): cleared whenever the index changes. */
const REMEMBERED_SEARCHES = 50;

export interface SearchHits {
  /** Matching use case ids, best first. */
  ids: string[];
  /** Per id, the words of the use case that matched (what to highlight). */
  terms: Map<string, string[]>;
}

export class UseCaseIndex {
  private index = new MiniSearch<AiUseCaseRow>(INDEX_OPTIONS);

  /** id → version (rowVersion) of each use case in the index. */
  private readonly held = new Map<string, string>();

  /** Recent searches' hits by their words, most recent last. */
  private readonly remembered = new Map<string, SearchHits>();

  /** The build off the main thread under way, if any (see buildAway). */
  private building: Promise<void> | null = null;

  /**
   * `openWorker`: where buildAway builds (tests hand in another worker);
   * `db`: where the kept index is read (none: always built).
   */
  constructor(private readonly openWorker?: WorkerFactory, private readonly db?: MasterclassDb) {}

  get size(): number {
    return this.held.size;
  }

  /**
   * Indexes a whole library while the index is still empty: from the index
   * kept on the device when there is one for most of these rows (the rest
   * brought in step here), otherwise built in a worker (buildIndexOffThread),
   * which keeps it for the next page load, or here where no worker runs;
   * sync() then keeps it in step. Called again while it builds, it answers the same build.
   */
  buildAway(rows: readonly AiUseCaseRow[]): Promise<void> {
    // Timed from here: waiting for a build elsewhere (the lock) is part of the wait.
    const asked = performance.now();
    this.building ??= withIndexLock(async () => {
      if (!(await this.loadKept(rows, asked))) await this.buildInWorker(rows, asked);
    }).finally(() => {
      this.building = null;
    });
    return this.building;
  }

  /** Takes the kept index when there is one for these rows; false when there is none. */
  private async loadKept(rows: readonly AiUseCaseRow[], asked: number): Promise<boolean> {
    if (!this.db || this.held.size > 0) return false;
    const started = performance.now();
    let index: MiniSearch<AiUseCaseRow>;
    let held: Map<string, string>;
    let keptBuildMs: number;
    try {
      const kept = await readKeptIndex(this.db, rows);
      if (!kept) return false;
      index = indexFromState(kept.state as IndexState, INDEX_OPTIONS);
      held = new Map(kept.versions);
      keptBuildMs = kept.buildMs;
    } catch (error) {
      console.warn('The kept use case index could not be read; building it again', error);
      return false;
    }
    if (this.held.size > 0) return true;
    const read = performance.now();
    const { added, changed } = applyRows(index, held, rows);
    this.index = index;
    for (const [id, updated] of held) this.held.set(id, updated);
    this.remembered.clear();
    // On the performance timeline for the search benchmark: from asking to a searchable index read from the device
    // (reading it, then bringing it in step), and how long building it took where it was built.
    performance.measure('use-cases:index-load', {
      start: asked, end: performance.now(),
      detail: { documents: rows.length, lockMs: started - asked, readMs: read - started, added, changed, keptBuildMs },
    });
    return true;
  }

  private async buildInWorker(rows: readonly AiUseCaseRow[], started: number): Promise<void> {
    if (this.held.size > 0) return;
    const built = await buildIndexOffThread(rows, this.openWorker, this.db?.name);
    if (this.held.size > 0) return;
    if (!built) return this.sync(rows);
    this.index = built.index;
    for (const row of rows) this.held.set(row.id, rowVersion(row));
    this.remembered.clear();
    // On the performance timeline for the search benchmark: from asking to a searchable index, the worker's and the page's shares.
    performance.measure('use-cases:index-build', {
      start: started, end: performance.now(), detail: { documents: rows.length, workerMs: built.buildMs, mainThreadMs: built.mainThreadMs },
    });
  }

  /** Brings the index in step with `rows` (the whole table): new rows added, changed ones replaced, gone ones discarded. */
  sync(rows: readonly AiUseCaseRow[]): void {
    const started = performance.now();
    const { added, changed } = applyRows(this.index, this.held, rows);
    if (added > 0 || changed > 0) this.remembered.clear();
    // On the performance timeline for the search benchmark: how long keeping the index in step took.
    performance.measure('use-cases:index-sync', { start: started, end: performance.now(), detail: { documents: rows.length, added } });
  }

  /** The use cases matching `query`, best first; null when it has no words (everything matches). */
  search(query: string): SearchHits | null {
    const typed = searchTerms(query);
    if (typed.length === 0) return null;
    // Single letters say nothing yet ("fraud d" while "detection" is typed).
    const words = typed.filter((term) => term.length > 1);
    const key = words.join(' ');
    const known = this.remembered.get(key);
    if (known) {
      this.remembered.delete(key);
      this.remembered.set(key, known);
      return known;
    }
    const started = performance.now();
    const results: SearchResult[] = this.index.search(queryOf(words));
    const terms = new Map<string, string[]>();
    const ids: string[] = [];
    for (const result of results) {
      const id = String(result.id);
      ids.push(id);
      terms.set(id, result.terms);
    }
    const hits = { ids, terms };
    // On the performance timeline for the search benchmark: a keystroke's search, apart from the render.
    performance.measure('use-cases:search', { start: started, end: performance.now(), detail: { query: key, found: ids.length } });
    this.remembered.set(key, hits);
    if (this.remembered.size > REMEMBERED_SEARCHES) this.remembered.delete(this.remembered.keys().next().value!);
    return hits;
  }
}

/** The words as one query; a two-letter word being typed is a whole word, or the start of a title or tag word. */
function queryOf(words: string[]): Query {
  const last = words.at(-1) ?? '';
  if (last.length !== 2) return words.join(' ');
  // The word itself anywhere ("ai", "hr"), or the start of a title or tag word.
  const typing: Query = {
    combineWith: 'OR',
    queries: [{ queries: [last], prefix: false, fuzzy: false }, { queries: [last], fields: SHORT_PREFIX_FIELDS, prefix: true, fuzzy: false }],
  };
  if (words.length === 1) return typing;
  return { combineWith: 'AND', queries: [{ queries: words.slice(0, -1), prefix: false }, typing] };
}
