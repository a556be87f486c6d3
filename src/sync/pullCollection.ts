// Pulls one collection's changes since its cursor, the (updated, id) of the
// last record received. A pull starts an overlap window before the cursor
// (`updated >= cursor.updated - PULL_OVERLAP_MS`): a record stamped when its
// transaction began but committed after the last pull read past its stamp is
// still found. Only records committed after the previous pass read can be
// missed that way, and those are stamped at most PULL_OVERLAP_MS before it:
// when the server told when that pass read (`readAt`), the window starts
// there instead, so a library made long before is not read again on every
// pass. Records re-read in the window are de-duplicated by id and
// updated (applyServerRecords skips what it already holds; a tombstone applied
// again deletes nothing more). Further pages continue strictly after the last
// (updated, id), so many records sharing one stamp across a page boundary are
// neither lost nor read twice. The cursor only moves forward, with records
// actually received.
import { metaKeys } from '@/db';
import { Collections } from '@/lib/collections';
import { applyServerRecords } from './applyServerRecords';
import { applyTombstones } from './applyTombstones';
import { localTable } from './localTable';
import { readAtKey, readPullCursor, type PullCursor } from './readPullCursor';
import type { SyncContext } from './syncContext';
import type { SyncedCollectionSpec } from './syncedCollections';
import type { PullQuery } from './transport';

/** How far before the cursor each pull starts again: longer than any transaction writing synced records. */
export const PULL_OVERLAP_MS = 30_000;

const stampTime = (updated: string) => Date.parse(updated.replace(' ', 'T'));
const stampOf = (time: number) => new Date(time).toISOString().replace('T', ' ');

/**
 * Where a pass starts reading: records with `updated >= since` ('' =
 * everything), or only those strictly after `after`. Every record stamped more
 * than `overlapMs` before the cursor was committed before the cursor's own
 * record, so the previous pass saw it; so was every record up to the cursor
 * stamped more than `overlapMs` before that pass read (`readAt`). When that
 * covers the cursor itself, reading continues strictly after it.
 */
export function pullStart(cursor: PullCursor | null, overlapMs: number): Pick<PullQuery, 'since' | 'after'> {
  if (!cursor) return { since: '' };
  const time = stampTime(cursor.updated);
  if (Number.isNaN(time)) return { since: '' };
  if (cursor.readAt !== undefined && cursor.readAt - overlapMs > time) {
    return { since: cursor.updated, after: { updated: cursor.updated, id: cursor.id } };
  }
  const readBefore = cursor.readAt === undefined ? -Infinity : cursor.readAt - overlapMs;
  return { since: stampOf(Math.max(time - overlapMs, readBefore)) };
}

const isAfter = (a: PullCursor, b: PullCursor | null) => !b || a.updated > b.updated || (a.updated === b.updated && a.id > b.id);

/** The cursor, with the server time the pass read at beside it (written together). */
async function writeCursor(db: SyncContext['db'], collection: string, cursor: PullCursor, readAt: number | undefined): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    await db.meta.put({ key: metaKeys.cursor(collection), value: JSON.stringify({ updated: cursor.updated, id: cursor.id }) });
    // A pass whose read time is unknown says nothing about an older one's.
    if (readAt === undefined) await db.meta.delete(readAtKey(collection));
    else await db.meta.put({ key: readAtKey(collection), value: String(readAt) });
  });
}

export async function pullCollection(ctx: SyncContext, spec: SyncedCollectionSpec): Promise<void> {
  const { db, transport, userId } = ctx;
  const pageSize = Math.max(ctx.pageSize, spec.pageSize ?? 0);
  let cursor = await readPullCursor(db, spec.collection);
  const start = pullStart(cursor, ctx.pullOverlapMs);
  const owner = spec.ownerField ? { field: spec.ownerField, id: userId } : undefined;
  // A server time at or before this pass read (the earliest any page tells).
  let readAt: number | undefined;
  const onReadTime = (serverMs: number) => void (readAt = Math.min(readAt ?? serverMs, serverMs));
  const request = (after: PullQuery['after']) => transport.list(spec.collection, {
    since: start.since, after, owner, limit: pageSize, onReadTime, ...(spec.pullRoute ? { route: spec.pullRoute } : {}),
  });
  // A first pull fills an empty table, and each page is past the last: while a
  // page finds none of its records held, the next is added without reading first.
  const table = spec.table && localTable(db, spec.collection);
  let expectNew = table ? (await table.count()) === 0 : false;
  let written = 0;
  let next = request(start.after);
  for (;;) {
    const page = await next;
    const last = page.at(-1);
    const more = page.length >= pageSize && last !== undefined;
    // The next page travels while this one is stored (a page left unread when storing fails is dropped).
    if (more) {
      next = request({ updated: last.updated, id: last.id });
      next.catch(() => undefined);
    }
    const after = last ? { updated: last.updated, id: last.id } : null;
    // What moves the cursor past this page, if anything: written with the page, in its transaction.
    const moveCursor = async () => {
      if (after && isAfter(after, cursor)) {
        cursor = after;
        await writeCursor(db, spec.collection, cursor, readAt);
      } else if (!more && cursor && readAt !== undefined && readAt !== cursor.readAt) {
        // Read to the end with nothing newer: the cursor stands, confirmed as of this pass.
        await writeCursor(db, spec.collection, cursor, readAt);
      }
    };
    if (table && page.length > 0) {
      // One transaction for the page and the cursor after it: both are stored, or neither.
      const started = performance.now();
      await db.transaction('rw', [table, db.outbox, db.meta], async () => {
        const applied = await applyServerRecords(db, spec.collection, page, { expectNew });
        expectNew = applied.held === 0;
        written += applied.written;
        await moveCursor();
      });
      // On the performance timeline for the library benchmark: storing one page, its commit included.
      performance.measure('sync:apply', { start: started, end: performance.now(), detail: { collection: spec.collection, records: page.length } });
    } else {
      if (!table) await applyTombstones(db, page);
      await moveCursor();
    }
    if (!more) break;
  }
  // Only records of a table are written (a tombstone deletes).
  if (written > 0 && spec.collection !== Collections.tombstones) ctx.afterStored?.[spec.collection]?.(db);
}
