// A collection's pull cursor: the (updated, id) of the last record received,
// stored as JSON under 'cursor:<collection>'. A cursor saved by an older
// version is a bare `updated` stamp (read with id '', i.e. before every id).
// Beside it, under 'readAt:<collection>': a server time (ms) at or before
// which the pass that last moved or confirmed the cursor read the server,
// when the server told one (see pullCollection).
import { metaKeys, readMeta, type MasterclassDb } from '@/db';

export interface PullCursor {
  updated: string;
  id: string;
  /** Server time (ms) at or before the last pass read; none = unknown. */
  readAt?: number;
}

export const readAtKey = (collection: string) => `readAt:${collection}`;

export async function readPullCursor(db: MasterclassDb, collection: string): Promise<PullCursor | null> {
  const value = await readMeta(db, metaKeys.cursor(collection));
  if (!value) return null;
  const cursor = cursorOf(value);
  if (!cursor) return null;
  const readAt = Number(await readMeta(db, readAtKey(collection)));
  if (Number.isFinite(readAt) && readAt > 0) cursor.readAt = readAt;
  return cursor;
}

function cursorOf(value: string): PullCursor | null {
  if (!value.startsWith('{')) return { updated: value, id: '' };
  const parsed = JSON.parse(value) as Partial<PullCursor>;
  return typeof parsed.updated === 'string' ? { updated: parsed.updated, id: String(parsed.id ?? '') } : null;
}
