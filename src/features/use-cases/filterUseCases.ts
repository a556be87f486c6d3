// The library's filters over the search results: the industry chip and the
// Advanced Filters groups. Within a group any chosen value matches (Emerging
// or Growing); groups and the industry combine (Emerging or Growing, and
// tagged "forecasting"). Counts are facet counts: how many results each value
// would leave, with every other choice kept.
import type { AiUseCaseRow } from '@/db';
import { FILTER_GROUPS, type FilterGroup } from './useCaseFields';
import type { FilterKey, UseCaseLibrarySearch } from './librarySearch';

export type LibraryFilters = Pick<UseCaseLibrarySearch, 'industry' | FilterKey>;

interface ChosenGroup {
  group: FilterGroup;
  chosen: Set<string>;
}

const chosenGroups = (filters: LibraryFilters): ChosenGroup[] =>
  FILTER_GROUPS.filter((group) => (filters[group.key]?.length ?? 0) > 0)
    .map((group) => ({ group, chosen: new Set(filters[group.key]) }));

const matchesGroup = (row: AiUseCaseRow, { group, chosen }: ChosenGroup) => group.values(row).some((value) => chosen.has(value));

function matcher(filters: LibraryFilters, except?: FilterKey): (row: AiUseCaseRow) => boolean {
  const groups = chosenGroups(filters).filter(({ group }) => group.key !== except);
  const industry = filters.industry;
  return (row) => (!industry || row.industry === industry) && groups.every((group) => matchesGroup(row, group));
}

/** The rows the filters keep; without a filter, `rows` itself (so the cards shown stay the same list). */
export function filterUseCases(rows: AiUseCaseRow[], filters: LibraryFilters): AiUseCaseRow[] {
  if (!filters.industry && chosenGroups(filters).length === 0) return rows;
  return rows.filter(matcher(filters));
}

export type FacetCounts = Record<FilterKey, Map<string, number>>;

/** For each group, each value found in `rows` with the number of rows it would leave (other groups' choices kept). */
export function facetCounts(rows: readonly AiUseCaseRow[], filters: LibraryFilters): FacetCounts {
  const counts = {} as FacetCounts;
  for (const group of FILTER_GROUPS) {
    const others = matcher(filters, group.key);
    const tally = new Map<string, number>();
    for (const row of rows) {
      const values = group.values(row);
      const kept = others(row);
      for (const value of values) tally.set(value, (tally.get(value) ?? 0) + (kept ? 1 : 0));
    }
    counts[group.key] = tally;
  }
  return counts;
}

/** The distinct industries of the loaded use cases, sorted (the chips after 'All Industries'). */
export function industriesOf(rows: readonly AiUseCaseRow[]): string[] {
  const industries = new Set<string>();
  for (const row of rows) if (row.industry?.trim()) industries.add(row.industry);
  return [...industries].sort((a, b) => a.localeCompare(b));
}
