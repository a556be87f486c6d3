// The use case library's view as it lives in the URL (shareable, kept across
// reloads): the search text, the industry chip, the Advanced Filters and the
// tab. Plain checks rather than zod: route search validation ships with the
// first page load of every page.

export type LibraryView = 'library' | 'saved';

export interface UseCaseLibrarySearch {
  q?: string;
  industry?: string;
  /** Advanced Filters: any of the chosen values matches within a group; groups combine. */
  adoption?: string[];
  fn?: string[];
  technique?: string[];
  tags?: string[];
  /** 'saved' = My use cases; absent = the library. */
  view?: LibraryView;
}

export type FilterKey = 'adoption' | 'fn' | 'technique' | 'tags';
export const FILTER_KEYS: readonly FilterKey[] = ['adoption', 'fn', 'technique', 'tags'];

const MAX_TEXT = 200;
const MAX_VALUES = 50;

const text = (value: unknown): string | undefined => {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.slice(0, MAX_TEXT);
  return trimmed.trim() === '' ? undefined : trimmed;
};

/** A list from the URL: a JSON list (the router's form), or one value; blanks and repeats dropped. */
const list = (value: unknown): string[] | undefined => {
  const items = Array.isArray(value) ? value : [value];
  const values = [...new Set(items.map(text).filter((item): item is string => item !== undefined))].slice(0, MAX_VALUES);
  return values.length > 0 ? values : undefined;
};

export function validateLibrarySearch(search: Record<string, unknown>): UseCaseLibrarySearch {
  return {
    q: text(search.q),
    industry: text(search.industry),
    adoption: list(search.adoption),
    fn: list(search.fn),
    technique: list(search.technique),
    tags: list(search.tags),
    view: search.view === 'saved' ? 'saved' : undefined,
  };
}

/** How many filters are chosen (industry chip and Advanced Filters; the search text not counted). */
export function activeFilterCount(search: UseCaseLibrarySearch): number {
  return (search.industry ? 1 : 0) + FILTER_KEYS.reduce((sum, key) => sum + (search[key]?.length ?? 0), 0);
}

/** The view with its search text and every filter cleared ('Clear Filters'). */
export function withoutFilters(search: UseCaseLibrarySearch): UseCaseLibrarySearch {
  return { view: search.view };
}
