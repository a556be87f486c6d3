// The library's full-text index (MiniSearch) over the use cases on the
// device: built once from IndexedDB, then kept in step with each change the
// sync brings (added, replaced or discarded by id), never sent to a server.
// Prefix and typo tolerant ("forcast" finds "forecasting"), words combined
// with AND, ranked with the title and tags counting most.
import MiniSearch, { type Query, type SearchResult } from 'minisearch';
import type { AiUseCaseRow } from '@/db';
import { tagsOf } from './useCaseFields';

// What a use case is about. The description is indexed by its opening words
// (what the use case does), the problem statement not at all: the longer
// texts would more than double the index's build time on a phone for few
// extra finds.
const FIELDS = ['title', 'description', 'industry', 'domain', 'business_function', 'ai_technique', 'tags'] as const;
const DESCRIPTION_WORDS = 12;

/** The first words of the description, as indexed. */
const openingWords = (text: string) => text.split(/\s+/, DESCRIPTION_WORDS).join(' ');

const BOOST: Partial<Record<(typeof FIELDS)[number], number>> = {
  title: 4, tags: 2.5, ai_technique: 2, business_function: 1.5, industry: 1.5, domain: 1.5,
};

// Words too common to tell use cases apart: left out of the index, which
// makes it about a third smaller and quicker to build and search.
const STOP_WORDS = new Set([
  'a', 'an', 'and', 'are', 'as', 'at', 'be', 'by', 'can', 'for', 'from', 'has', 'have', 'in', 'into', 'is', 'it', 'its',
  'of', 'on', 'or', 'so', 'than', 'that', 'the', 'their', 'them', 'then', 'there', 'these', 'they', 'this', 'to',
  'was', 'were', 'which', 'while', 'who', 'will', 'with',
]);

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

/** The word being typed (the last) matches as a prefix: "forec" finds "forecasting". */
const prefixOfLast = (term: string, index: number, terms: string[]) => index === terms.length - 1 && term.length > 1;
/** Typos are forgiven in words of 5 letters or more (1 edit, 2 from 10 letters); shorter words would match too much. */
const fuzzyOfLong = (term: string) => (term.length >= 5 ? 0.2 : false);

export interface SearchHits {
  /** Matching use case ids, best first. */
  ids: string[];
  /** Per id, the words of the use case that matched (what to highlight). */
  terms: Map<string, string[]>;
}

export class UseCaseIndex {
  private readonly index = new MiniSearch<AiUseCaseRow>({
    fields: [...FIELDS],
    extractField: (row, field) => {
      if (field === 'tags') return tagsOf(row).join(' ');
      const text = String(row[field] ?? '');
      return field === 'description' ? openingWords(text) : text;
    },
    processTerm: (term) => {
      const word = term.toLowerCase();
      return STOP_WORDS.has(word) ? null : word;
    },
    // A search keeps every word typed, "for" included: as the start of "forecasting".
    searchOptions: { boost: BOOST, prefix: prefixOfLast, fuzzy: fuzzyOfLong, maxFuzzy: 2, combineWith: 'AND', processTerm: (term) => term.toLowerCase() },
  });

  /** id → updated of each use case in the index. */
  private readonly held = new Map<string, string>();

  /** Recent searches' hits by their words, most recent last. */
  private readonly remembered = new Map<string, SearchHits>();

  get size(): number {
    return this.held.size;
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
    if (added.length > 0) this.index.addAll(added);
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
    const results: SearchResult[] = this.index.search(queryOf(words));
    const terms = new Map<string, string[]>();
    const ids: string[] = [];
    for (const result of results) {
      const id = String(result.id);
      ids.push(id);
      terms.set(id, result.terms);
    }
    const hits = { ids, terms };
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
