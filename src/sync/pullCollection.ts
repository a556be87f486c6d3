// Pulls one collection's changes since its cursor. The first page asks for
// `updated >= cursor` (a record stamped in the same millisecond as the last one
// seen, but committed later, is not missed; re-read ones are skipped as
// unchanged); further pages continue strictly after the last (updated, id),
// so many records sharing one stamp across a page boundary are neither lost
// nor read twice. The cursor only moves with records actually received.
import { metaKeys, readMeta, writeMeta } from '@/db';
import { applyServerRecords } from './applyServerRecords';
import { applyTombstones } from './applyTombstones';
import type { SyncContext } from './syncContext';
import type { SyncedCollectionSpec } from './syncedCollections';
import type { PullQuery } from './transport';

export async function pullCollection(ctx: SyncContext, spec: SyncedCollectionSpec): Promise<void> {
  const { db, transport, userId, pageSize } = ctx;
  const cursorKey = metaKeys.cursor(spec.collection);
  const since = (await readMeta(db, cursorKey)) ?? '';
  const owner = spec.ownerField ? { field: spec.ownerField, id: userId } : undefined;
  let after: PullQuery['after'];
  for (;;) {
    const page = await transport.list(spec.collection, { since, after, owner, limit: pageSize });
    if (spec.table) await applyServerRecords(db, spec.collection, page);
    else await applyTombstones(db, page);
    const last = page.at(-1);
    if (last) {
      await writeMeta(db, cursorKey, last.updated);
      after = { updated: last.updated, id: last.id };
    }
    if (page.length < pageSize) return;
  }
}
