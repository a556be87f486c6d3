// Pulls one collection's changes after its checkpoint: the server's change
// sequence (one counter for every write of a synced row, taken inside the
// write's transaction, so sequence order is commit order; DESIGN decision 18).
// A write that commits late gets its number when it commits, so it is always
// after a checkpoint read before it: nothing is read twice and nothing is
// missed, whatever the records' `updated` stamps say.
//
// Each page (records, `gone` ids, the checkpoint after it) is stored in one
// transaction: all of it, or none. The next page travels while one is stored.
//
// A pull from the start (a refill) replaces the device's copy: once it
// completes, the rows it did not bring are deleted, except rows with changes
// not sent yet. That is how a collection without a checkpoint is pulled (the
// first pull; a device upgraded from the clock cursors; a change discarded),
// and how the device follows the server's `reset` (it pruned tombstones the
// device has not seen, or its database has another history: a backup
// restored). Every page of a refill says so (`full`): tombstones cannot matter
// to it, so the server never answers it with a reset for them. A refill cut
// off midway (offline, the tab closed) starts again from 0 on the next pass:
// its mark (meta `refill:<collection>`) stays until it completes. A row held
// with changes not sent that the refill did not bring is gone from the server
// (or no longer shared): its changes are marked failed with the reason, as for
// `gone`, unless the row was made here and its create is not sent yet.
//
// The checkpoint is stored with the server's history it was taken in (meta
// `history:<collection>`, pocketbase/synchistory.go) and sent back with it;
// a checkpoint stored without one (by an earlier version) is dropped once.
import Dexie from 'dexie';
import { metaKeys, readMeta, type MasterclassDb } from '@/db';
import { applyGone } from './applyGone';
import { applyServerRecords } from './applyServerRecords';
import { localTable } from './localTable';
import type { SyncContext } from './syncContext';
import type { SyncedCollectionSpec } from './syncedCollections';
import type { ChangesPage, ChangesReset } from './transport';

/** The collection's checkpoint; null = never pulled (or its pull is to start again). */
export async function readCheckpoint(db: MasterclassDb, collection: string): Promise<number | null> {
  const stored = await readMeta(db, metaKeys.checkpoint(collection));
  const value = Number(stored);
  return stored !== undefined && Number.isSafeInteger(value) && value >= 0 ? value : null;
}

/**
 * Deletes the rows of a refilled collection the refill did not bring. A row with changes not sent
 * yet stays: made here and not sent, it waits as it was; otherwise the server no longer has it (or
 * no longer shares it), and its changes are marked failed with the reason (applyGone).
 */
async function dropNotReceived(db: MasterclassDb, collection: string, received: ReadonlySet<string>, userId: string): Promise<number> {
  const table = localTable(db, collection);
  if (!table) return 0;
  const changes = await db.outbox.where('[collection+recordId]').between([collection, Dexie.minKey], [collection, Dexie.maxKey]).toArray();
  const unsent = new Set(changes.map((change) => change.recordId));
  const madeHere = new Set(changes.filter((change) => change.op === 'create').map((change) => change.recordId));
  const held = (await table.toCollection().primaryKeys()) as string[];
  const stale = held.filter((id) => !received.has(id) && !unsent.has(id));
  await table.bulkDelete(stale);
  // Only rows this account holds, with its own changes (another account's kept changes are never touched).
  const ownChanges = new Set(changes.filter((change) => change.owner === undefined || change.owner === userId).map((change) => change.recordId));
  const gone = held.filter((id) => !received.has(id) && ownChanges.has(id) && !madeHere.has(id));
  return stale.length + (await applyGone(db, collection, gone));
}

export async function pullCollection(ctx: SyncContext, spec: SyncedCollectionSpec): Promise<void> {
  const { db, transport } = ctx;
  const { collection } = spec;
  const table = localTable(db, collection);
  if (!table) return;
  const pageSize = Math.max(ctx.pageSize, spec.pageSize ?? 0);
  const owner = spec.ownerField !== undefined;

  const checkpoint = await readCheckpoint(db, collection);
  // The server's history the checkpoint was taken in (undefined: stored by an earlier version, so not trusted).
  const history = await readMeta(db, metaKeys.history(collection));
  const held = await table.count();
  /**
   * Marks the collection as refilling; answers the set of ids the refill receives. The versions held
   * may be numbered in another history of the server's database (a backup restored): they are marked
   * unknown (0), so every version the refill brings replaces them (unsent edits stay on top).
   */
  const startRefill = async () => {
    await db.transaction('rw', table, db.meta, async () => {
      await db.meta.put({ key: metaKeys.refill(collection), value: '1' });
      await db.meta.delete(metaKeys.seen(collection));
      await table.toCollection().modify((row) => {
        if (row.sync_seq !== undefined && row.sync_seq !== 0) row.sync_seq = 0;
      });
    });
    return new Set<string>();
  };
  const refilling = checkpoint === null || history === undefined || (await readMeta(db, metaKeys.refill(collection))) !== undefined;
  // Ids a refill received (null: not refilling).
  let received: Set<string> | null = refilling ? await startRefill() : null;
  let after = refilling ? 0 : checkpoint ?? 0;
  let restarted = false;
  // A refill into an empty table (a first pull) has nothing to drop at its end.
  let dropAtEnd = held > 0;
  // Versions held from realtime messages or the device's own saves, past the checkpoint (noteSeen).
  const seen = Number(await readMeta(db, metaKeys.seen(collection)) ?? 0);
  const request = (from: number, since?: string) => transport.changes(collection, {
    after: from, limit: pageSize, owner, full: received !== null,
    ...(from > 0 && since ? { history: since, ...(seen > from ? { seen } : {}) } : {}),
  });

  // A first pull fills an empty table, and each page is past the last: while a
  // page finds none of its records held, the next is added without reading first.
  let expectNew = held === 0;
  let changed = 0;
  let next: Promise<ChangesPage | ChangesReset> = request(after, history);
  for (;;) {
    const answer = await next;
    if ('reset' in answer) {
      // Never twice in one pull: a server that keeps answering it would make this loop.
      if (after === 0 || restarted) throw new Error(`The server asked to pull ${collection} again from the start while pulling from the start`);
      restarted = true;
      dropAtEnd = true;
      received = await startRefill();
      // Unsent edits were made on versions numbered in the history the device held, which may be another
      // history of the server's database (a backup restored): their versions say nothing any more, so they
      // go, and the server checks those edits by the values they were made from (X-Sync-Base) instead.
      await db.outbox.where('[collection+recordId]').between([collection, Dexie.minKey], [collection, Dexie.maxKey])
        .modify((change) => { delete change.versions; });
      after = 0;
      next = request(0);
      continue;
    }
    const page = answer;
    // The next page travels while this one is stored (a page left unread when storing fails is dropped).
    const pageHistory = page.history ?? '';
    if (page.more) {
      next = request(page.last, pageHistory);
      next.catch(() => undefined);
    }
    const refill = received;
    const started = performance.now();
    // One transaction for the page and the checkpoint after it: both are stored, or neither.
    await db.transaction('rw', [table, db.outbox, db.meta], async () => {
      const applied = await applyServerRecords(db, collection, page.records, { expectNew });
      expectNew = applied.held === 0;
      changed += applied.written;
      // A record in this page exists now: a gone id beside it is an earlier delete of the same id.
      const inPage = new Set(page.records.map((record) => record.id));
      changed += await applyGone(db, collection, page.gone.filter((id) => !inPage.has(id)));
      if (refill) {
        for (const id of inPage) refill.add(id);
        if (!page.more) {
          if (dropAtEnd) changed += await dropNotReceived(db, collection, refill, ctx.userId);
          await db.meta.delete(metaKeys.refill(collection));
        }
      }
      await db.meta.bulkPut([
        { key: metaKeys.checkpoint(collection), value: String(page.last) },
        { key: metaKeys.history(collection), value: pageHistory },
      ]);
      // The checkpoint has passed what realtime or a save brought: nothing held is beyond it now.
      const noted = Number(await readMeta(db, metaKeys.seen(collection)) ?? 0);
      if (noted > 0 && noted <= page.last) await db.meta.delete(metaKeys.seen(collection));
    });
    if (page.records.length > 0) {
      // On the performance timeline for the library benchmark: storing one page, its commit included.
      performance.measure('sync:apply', { start: started, end: performance.now(), detail: { collection, records: page.records.length } });
    }
    after = page.last;
    if (!page.more) break;
  }
  if (changed > 0) ctx.afterStored?.[collection]?.(db);
}
