// What the library reads from a use case row, in one place: its tags as a
// list (a JSON field, so anything may be stored), and the value each
// Advanced Filters group compares.
import type { AiUseCaseRow } from '@/db';
import type { FilterKey } from './librarySearch';

/** The row's tags: the strings of a JSON list, trimmed, blanks dropped; anything else is no tags. */
export function tagsOf(row: Pick<AiUseCaseRow, 'tags'>): string[] {
  if (!Array.isArray(row.tags)) return [];
  return row.tags.filter((tag): tag is string => typeof tag === 'string').map((tag) => tag.trim()).filter(Boolean);
}

export interface FilterGroup {
  key: FilterKey;
  label: string;
  /** The row's values in this group (a use case has one of each, and any number of tags). */
  values: (row: AiUseCaseRow) => string[];
}

const single = (value: string) => (value.trim() ? [value.trim()] : []);

export const FILTER_GROUPS: readonly FilterGroup[] = [
  { key: 'adoption', label: 'Adoption level', values: (row) => single(row.adoption_level ?? '') },
  { key: 'fn', label: 'Business function', values: (row) => single(row.business_function ?? '') },
  { key: 'technique', label: 'AI technique', values: (row) => single(row.ai_technique ?? '') },
  { key: 'tags', label: 'Tags', values: tagsOf },
];

/** The adoption levels in their natural order (the select field's values). */
export const ADOPTION_LEVELS = ['Emerging', 'Growing', 'Mainstream'] as const;
