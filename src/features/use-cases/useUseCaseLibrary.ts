// The library's data on the device: every use case (read live from IndexedDB),
// the search index kept in step with them, and the results of a search text
// and filters. The index lives as long as the page's module, so coming back
// to the library does not build it again, and is kept on the device
// (keptIndex.ts), so a page load reads it instead of building it.
import { useEffect, useMemo, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db, type AiUseCaseRow } from '@/db';
import { filterUseCases, type LibraryFilters } from './filterUseCases';
import { BUILD_AWAY_FROM } from './keptIndex';
import { UseCaseIndex } from './searchIndex';

const sharedIndex = new UseCaseIndex(undefined, db);

export interface UseCaseCollection {
  /** Every use case, by title. */
  rows: AiUseCaseRow[];
  byId: Map<string, AiUseCaseRow>;
  index: UseCaseIndex;
}

const byTitle = (a: AiUseCaseRow, b: AiUseCaseRow) => a.title.localeCompare(b.title) || a.id.localeCompare(b.id);


/** The use cases on the device with their index; undefined while IndexedDB is read and the first index built. */
export function useUseCaseCollection(): UseCaseCollection | undefined {
  const rows = useLiveQuery(() => db.aiUseCases.toArray(), []);
  const [, setBuilds] = useState(0);
  const building = rows !== undefined && sharedIndex.size === 0 && rows.length >= BUILD_AWAY_FROM;
  useEffect(() => {
    if (!rows || !building) return;
    let current = true;
    void sharedIndex.buildAway(rows).then(() => current && setBuilds((builds) => builds + 1));
    return () => {
      current = false;
    };
  }, [rows, building]);
  return useMemo(() => {
    if (!rows || building) return undefined;
    sharedIndex.sync(rows);
    return { rows: [...rows].sort(byTitle), byId: new Map(rows.map((row) => [row.id, row])), index: sharedIndex };
  }, [rows, building]);
}

export interface UseCaseResults {
  /** The search results (best first; by title without a search text) before the filters. */
  found: AiUseCaseRow[];
  /** What the filters leave of them: the use cases shown. */
  shown: AiUseCaseRow[];
  /** Per use case id, the words to highlight. */
  terms: Map<string, string[]>;
}

const NO_TERMS = new Map<string, string[]>();

export function useUseCaseResults(collection: UseCaseCollection | undefined, query: string, filters: LibraryFilters): UseCaseResults {
  const hits = useMemo(() => collection?.index.search(query) ?? null, [collection, query]);
  const found = useMemo(() => {
    if (!collection) return [];
    if (!hits) return collection.rows;
    return hits.ids.map((id) => collection.byId.get(id)).filter((row): row is AiUseCaseRow => row !== undefined);
  }, [collection, hits]);
  const { industry, adoption, fn, technique, tags } = filters;
  const shown = useMemo(
    () => filterUseCases(found, { industry, adoption, fn, technique, tags }),
    [found, industry, adoption, fn, technique, tags],
  );
  return { found, shown, terms: hits?.terms ?? NO_TERMS };
}
