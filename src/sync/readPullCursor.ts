// A collection's pull cursor: the (updated, id) of the last record received,
// stored as JSON under 'cursor:<collection>'. A cursor saved by an older
// version is a bare `updated` stamp (read with id '', i.e. before every id).
import { metaKeys, readMeta, type MasterclassDb } from '@/db';

export interface PullCursor {
  updated: string;
  id: string;
}

export async function readPullCursor(db: MasterclassDb, collection: string): Promise<PullCursor | null> {
  const value = await readMeta(db, metaKeys.cursor(collection));
  if (!value) return null;
  if (!value.startsWith('{')) return { updated: value, id: '' };
  const parsed = JSON.parse(value) as Partial<PullCursor>;
  return typeof parsed.updated === 'string' ? { updated: parsed.updated, id: String(parsed.id ?? '') } : null;
}
