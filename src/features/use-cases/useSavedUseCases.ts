import { useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db, type SavedUseCaseRow } from '@/db';

export interface SavedUseCases {
  rows: SavedUseCaseRow[];
  /** Library use case ids the owner saved (the filled hearts). */
  useCaseIds: Set<string>;
}

/** The owner's saved use cases on this device, newest first (unsynced ones first of all). */
export function useSavedUseCases(owner: string): SavedUseCases | undefined {
  const rows = useLiveQuery(() => db.savedUseCases.where('owner').equals(owner).toArray(), [owner]);
  return useMemo(() => {
    if (!rows) return undefined;
    const sorted = [...rows].sort((a, b) => (b.created ?? '\uffff').localeCompare(a.created ?? '\uffff') || a.title.localeCompare(b.title));
    return { rows: sorted, useCaseIds: new Set(rows.map((row) => row.use_case).filter(Boolean)) };
  }, [rows]);
}
