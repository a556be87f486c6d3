// The library's full-text index (MiniSearch) over the use cases on the
// device: built once from IndexedDB, then kept in step with each change the
// sync brings (added, replaced or discarded by id), never sent to a server.
// Prefix and typo tolerant ("forcast" finds "forecasting"), words combined
// with AND, ranked with the title and tags counting most.
import MiniSearch, { type Query, type SearchResult } from 'minisearch';
import type { AiUseCaseRow } from '@/db';
import { addAllQuickly } from './addAllQuickly';
import { buildIndexOffThread, type WorkerFactory } from './buildIndexOffThread';
import { INDEX_OPTIONS } from './indexOptions';

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

  /** id → updated of each use case in the index. */
  private readonly held = new Map<string, string>();

  /** Recent searches' hits by their words, most recent last. */
  private readonly remembered = new Map<string, SearchHits>();

  /** The build off the main thread under way, if any (see buildAway). */
  private building: Promise<void> | null = null;

  /** `openWorker`: where buildAway builds (tests hand in another worker). */
  constructor(private readonly openWorker?: WorkerFactory) {}

  get size(): number {
    return this.held.size;
  }

  /**
   * Indexes a whole library in a worker (buildIndexOffThread) while the index
   * is still empty, or here where no worker runs; sync() then keeps it in step.
   * Called again while it builds, it answers the same build.
   */
  buildAway(rows: readonly AiUseCaseRow[]): Promise<void> {
    this.building ??= this.buildInWorker(rows).finally(() => {
      this.building = null;
    });
    return this.building;
  }

  private async buildInWorker(rows: readonly AiUseCaseRow[]): Promise<void> {
    if (this.held.size > 0) return;
    const started = performance.now();
    const built = await buildIndexOffThread(rows, this.openWorker);
    if (this.held.size > 0) return;
    if (!built) return this.sync(rows);
    this.index = built.index;
    for (const row of rows) this.held.set(row.id, row.updated);
    this.remembered.clear();
    // On the performance timeline for the search benchmark: from asking to a searchable index, the worker's and the page's shares.
    performance.measure('use-cases:index-build', {
      start: started, end: performance.now(), detail: { documents: rows.length, workerMs: built.buildMs, mainThreadMs: built.mainThreadMs },
    });
  }

  /** Brings the index in step with `rows` (the whole table): new rows added, changed ones replaced, gone ones discarded. */
  sync(rows: readonly AiUseCaseRow[]): void {
    const started = performance.now();
    const present = new Set<string>();
    const added: AiUseCaseRow[] = [];
    let changed = false;
    for (const row of rows) {
      present.add(row.id);
      const held = this.held.get(row.id);
      if (held === undefined) added.push(row);
      else if (held !== row.updated) {
        this.index.replace(row);
        changed = true;
      }
      this.held.set(row.id, row.updated);
    }
    for (const id of [...this.held.keys()]) {
      if (present.has(id)) continue;
      this.index.discard(id);
      this.held.delete(id);
      changed = true;
    }
    if (added.length > 0) addAllQuickly(this.index, added);
    if (added.length > 0 || changed) this.remembered.clear();
    // On the performance timeline for the search benchmark: how long keeping the index in step took.
    performance.measure('use-cases:index-sync', { start: started, end: performance.now(), detail: { documents: rows.length, added: added.length } });
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
