// Pulls one collection's changes since its cursor, the (updated, id) of the
// last record received. Each pull starts an overlap window before the cursor
// (`updated >= cursor.updated - PULL_OVERLAP_MS`): a record stamped when its
// transaction began but committed after the last pull read past its stamp is
// still found. Records re-read in the window are de-duplicated by id and
// updated (applyServerRecords skips what it already holds; a tombstone applied
// again deletes nothing more). Further pages continue strictly after the last
// (updated, id), so many records sharing one stamp across a page boundary are
// neither lost nor read twice. The cursor only moves forward, with records
// actually received.
import { metaKeys, writeMeta } from '@/db';
import { applyServerRecords } from './applyServerRecords';
import { applyTombstones } from './applyTombstones';
import { readPullCursor, type PullCursor } from './readPullCursor';
import type { SyncContext } from './syncContext';
import type { SyncedCollectionSpec } from './syncedCollections';
import type { PullQuery } from './transport';

/** How far before the cursor each pull starts again: longer than any transaction writing synced records. */
export const PULL_OVERLAP_MS = 30_000;

/** The stamp `ms` before `updated` ('YYYY-MM-DD HH:MM:SS.sssZ'); '' (everything) if it cannot be read. */
function stampBefore(updated: string, ms: number): string {
  const time = Date.parse(updated.replace(' ', 'T'));
  return Number.isNaN(time) ? '' : new Date(time - ms).toISOString().replace('T', ' ');
}

const isAfter = (a: PullCursor, b: PullCursor | null) => !b || a.updated > b.updated || (a.updated === b.updated && a.id > b.id);

export async function pullCollection(ctx: SyncContext, spec: SyncedCollectionSpec): Promise<void> {
  const { db, transport, userId, pageSize } = ctx;
  let cursor = await readPullCursor(db, spec.collection);
  const since = cursor ? stampBefore(cursor.updated, ctx.pullOverlapMs) : '';
  const owner = spec.ownerField ? { field: spec.ownerField, id: userId } : undefined;
  let after: PullQuery['after'];
  for (;;) {
    const page = await transport.list(spec.collection, { since, after, owner, limit: pageSize });
    if (spec.table) await applyServerRecords(db, spec.collection, page);
    else await applyTombstones(db, page);
    const last = page.at(-1);
    if (last) {
      after = { updated: last.updated, id: last.id };
      if (isAfter(after, cursor)) {
        cursor = after;
        await writeMeta(db, metaKeys.cursor(spec.collection), JSON.stringify(cursor));
      }
    }
    if (page.length < pageSize) return;
  }
}
