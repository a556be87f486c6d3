// What the library's search index (searchIndex.ts) holds and how it is
// searched: MiniSearch's options, in a module of their own so the worker that
// builds the index (buildIndex.worker.ts) takes only them.
import type { Options } from 'minisearch';
import type { AiUseCaseRow } from '@/db';
import { tagsOf } from './useCaseFields';
import { openingWords, tokenize } from './words';

// What a use case is about. The description is indexed by its opening words
// (what the use case does), the problem statement not at all: the longer
// texts would more than double the index's build time on a phone for few
// extra finds.
export const FIELDS = ['title', 'description', 'industry', 'domain', 'business_function', 'ai_technique', 'tags'] as const;
const DESCRIPTION_WORDS = 12;

/**
 * The fields holding a use case's categories: a library of thousands shares a
 * few dozen values of each, so building the index reads each value once
 * (addAllQuickly's `repeating`).
 */
export const CATEGORY_FIELDS: readonly (typeof FIELDS)[number][] = ['industry', 'domain', 'business_function', 'ai_technique'];

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

/** The word being typed (the last) matches as a prefix: "forec" finds "forecasting". */
const prefixOfLast = (term: string, index: number, terms: string[]) => index === terms.length - 1 && term.length > 1;
/** Typos are forgiven in words of 5 letters or more (1 edit, 2 from 10 letters); shorter words would match too much. */
const fuzzyOfLong = (term: string) => (term.length >= 5 ? 0.2 : false);

/**
 * How this version builds the index: a kept index (keptIndex.ts) of another
 * format is built again. Change it with anything above or in how rows are indexed.
 */
export const INDEX_FORMAT = `use-cases/1 minisearch-7.2 ${FIELDS.join(',')} description:${DESCRIPTION_WORDS}`;

/** A field's value as text (nothing: empty). */
const text = (value: unknown): string => (typeof value === 'string' ? value : String(value ?? ''));

/** The index's MiniSearch options. */
export const INDEX_OPTIONS: Options<AiUseCaseRow> = {
  fields: [...FIELDS],
  // Each field read by its name (quicker than row[field] with the name changing at every call).
  extractField: (row, field) => {
    switch (field) {
      case 'id': return text(row.id);
      case 'title': return text(row.title);
      case 'description': return openingWords(text(row.description), DESCRIPTION_WORDS);
      case 'industry': return text(row.industry);
      case 'domain': return text(row.domain);
      case 'business_function': return text(row.business_function);
      case 'ai_technique': return text(row.ai_technique);
      case 'tags': return tagsOf(row).join(' ');
      default: return text(row[field as keyof AiUseCaseRow]);
    }
  },
  tokenize,
  processTerm: (term) => {
    const word = term.toLowerCase();
    return STOP_WORDS.has(word) ? null : word;
  },
  // A search keeps every word typed, "for" included: as the start of "forecasting".
  searchOptions: { boost: BOOST, prefix: prefixOfLast, fuzzy: fuzzyOfLong, maxFuzzy: 2, combineWith: 'AND', processTerm: (term) => term.toLowerCase() },
};
