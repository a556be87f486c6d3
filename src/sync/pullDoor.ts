// The door's pull: every door device's check-ins and the masterclasses'
// attendees (names, emails, ticket codes), pulled by the server's change
// sequence like every synced collection (GET /api/sync/changes, DESIGN
// decision 18) but as an administrator sees them: every row, not the
// account's own (no `owner`), into the door's tables (checkIns,
// doorAttendees), each with its own checkpoint (meta `checkpoint:door:<collection>`),
// apart from the portal's own attendee rows and checkpoint.
//
// Only on a door device: the door page marks the device (meta `door`) when it
// opens, and sign-out removes the mark with the lists (forgetDoorData: only
// the ids and times of check-ins still waiting stay), so an administrator's
// laptop that never opened the door, or a device handed on, holds no list.
//
// Each page (records, `gone` ids, the checkpoint after it) is stored in one
// transaction; on a new door device (an empty table) the whole list is stored
// in one transaction once its last page is in. A check-in with a change not sent yet keeps it on top
// (applyServerCheckIns) and is never deleted here. A `reset` (the server
// pruned tombstones this device has not seen, or its database has another
// history: a backup restored), or rows held without a checkpoint, pull from 0
// (every page marked `full`) and, once that completes, drop the rows it did
// not bring, except check-ins still waiting (they are still sent). Each
// checkpoint is stored with the server's history it was taken in (meta
// `history:door:<collection>`) and sent back with it; one stored without it
// (by an earlier version) is dropped once.
import Dexie from 'dexie';
import { applyServerCheckIns, CHECK_INS_COLLECTION, DOOR_DEVICE_KEY, forgetDoorData, readMeta, type DoorAttendeeRow, type MasterclassDb, type ServerCheckIn, type ServerRecord } from '@/db';
import { Collections } from '@/lib/collections';
import type { SyncContext } from './syncContext';

/**
 * The door's pages: 2,500 attendee rows (about 750 KB) keep a 10,000-attendee list to four requests,
 * each well inside the request deadline on a slow venue link (about 6 s at 1 Mbit/s).
 */
export const DOOR_PAGE_SIZE = 2500;

export interface DoorPull {
  collection: string;
  /** The door table's name, for its transaction. */
  table: 'checkIns' | 'doorAttendees';
  /** `fresh`: the table held none of these rows' ids before this pull (nothing to compare with). */
  store(db: MasterclassDb, records: readonly ServerRecord[], fresh: boolean): Promise<unknown>;
  /** Deletes rows the server says are gone (or a refill did not bring), keeping check-ins that still wait. */
  drop(db: MasterclassDb, ids: readonly string[]): Promise<void>;
}

const checkpointKey = (collection: string) => `checkpoint:door:${collection}`;
const refillKey = (collection: string) => `refill:door:${collection}`;
const historyKey = (collection: string) => `history:door:${collection}`;

/** Ids of check-ins with a change in the outbox (waiting or refused): never dropped by a pull. */
async function unsentCheckIns(db: MasterclassDb): Promise<Set<string>> {
  const rows = await db.outbox.where('[collection+recordId]').between([CHECK_INS_COLLECTION, Dexie.minKey], [CHECK_INS_COLLECTION, Dexie.maxKey]).toArray();
  return new Set(rows.map((row) => row.recordId));
}

/** An attendee as the door keeps them: what a scan and the search need, nothing more. */
export function doorAttendee(record: ServerRecord): DoorAttendeeRow {
  const text = (field: string) => (typeof record[field] === 'string' ? (record[field] as string) : '');
  return {
    id: record.id, event: text('event'), full_name: text('full_name'), email: text('email'), company: text('company'),
    registration_status: text('registration_status'), ticket_code: text('ticket_code'), replaces: text('replaces'), updated: record.updated ?? '',
    ...(typeof record.sync_seq === 'number' ? { sync_seq: record.sync_seq } : {}),
  };
}

export const doorPulls: readonly DoorPull[] = [
  {
    collection: Collections.attendees,
    table: 'doorAttendees',
    async store(db, records, fresh) {
      if (fresh) return db.doorAttendees.bulkPut(records.map(doorAttendee));
      const held = new Map((await db.doorAttendees.bulkGet(records.map((record) => record.id))).flatMap((row) => (row ? [[row.id, row] as const] : [])));
      const rows = records.map(doorAttendee).filter((row) => {
        const old = held.get(row.id);
        return !old || old.sync_seq === undefined || row.sync_seq === undefined || row.sync_seq > old.sync_seq;
      });
      if (rows.length > 0) await db.doorAttendees.bulkPut(rows);
    },
    async drop(db, ids) {
      await db.doorAttendees.bulkDelete([...ids]);
    },
  },
  {
    collection: CHECK_INS_COLLECTION,
    table: 'checkIns',
    store: (db, records) => applyServerCheckIns(db, records as unknown as ServerCheckIn[]),
    async drop(db, ids) {
      const unsent = await unsentCheckIns(db);
      await db.checkIns.bulkDelete(ids.filter((id) => !unsent.has(id)));
    },
  },
];

async function readCheckpoint(db: MasterclassDb, collection: string): Promise<number | null> {
  const value = Number(await readMeta(db, checkpointKey(collection)));
  return Number.isSafeInteger(value) && value >= 0 && (await db.meta.get(checkpointKey(collection))) ? value : null;
}

/** Pulls one of the door's collections after its checkpoint. */
export async function pullDoorCollection(ctx: SyncContext, pull: DoorPull): Promise<void> {
  const { db, transport } = ctx;
  const table = db.table(pull.table);
  // Every page of a pull from 0 that replaces the copy says so (`full`): the server never answers it with a reset.
  const request = (after: number, full: boolean, since?: string) => transport.changes(pull.collection, {
    after, limit: DOOR_PAGE_SIZE, full, ...(after > 0 && since ? { history: since } : {}),
  });
  const checkpoint = await readCheckpoint(db, pull.collection);
  // The server's history the checkpoint was taken in (undefined: stored by an earlier version, so not trusted).
  const history = await readMeta(db, historyKey(pull.collection));
  // The versions held may be numbered in another history of the server's database (a backup
  // restored): a refill forgets them (a waiting check-in keeps its own), so every version it brings replaces them.
  const startRefill = async () => {
    await db.transaction('rw', table, db.meta, async () => {
      await db.meta.put({ key: refillKey(pull.collection), value: '1' });
      await table.toCollection().modify((row: { sync_seq?: number; updated?: string; pending?: number }) => {
        delete row.sync_seq;
        if (!row.pending) row.updated = '';
      });
    });
    return new Set<string>();
  };
  const refilling = (await readMeta(db, refillKey(pull.collection))) !== undefined
    || (checkpoint !== null && history === undefined) || (checkpoint === null && (await table.count()) > 0);
  let received: Set<string> | null = refilling ? await startRefill() : null;
  let after = refilling ? 0 : checkpoint ?? 0;
  // An empty table (a new door device): each page holds only rows not stored yet, so nothing is read before writing.
  // Only the attendee list's store uses it; check-ins always merge with what the device holds.
  const fresh = (await table.count()) === 0;
  // The next page travels while this one is stored (one left unread when storing fails is dropped).
  let next: ReturnType<typeof request> | null = null;
  // The history the next page's checkpoint belongs to (the last page's).
  let since = history;
  // A new door device's list is gathered and stored in one transaction once the last page is in, so
  // the door page reads its list again once rather than after every page (storing is most of a
  // fresh door's wait). A fill cut off midway stored nothing and starts again from 0.
  const gathered = fresh && received === null ? new Map<string, ServerRecord>() : null;
  for (;;) {
    ctx.stopped?.throwIfAborted();
    const answer = await (next ?? request(after, received !== null, since));
    next = null;
    if ('reset' in answer) {
      if (after === 0) throw new Error(`The server asked to pull ${pull.collection} again from the start while pulling from the start`);
      received = await startRefill();
      gathered?.clear();
      after = 0;
      continue;
    }
    since = answer.history ?? '';
    if (answer.more) {
      next = request(answer.last, received !== null, since);
      next.catch(() => undefined);
    }
    let records = answer.records;
    if (gathered) {
      for (const id of answer.gone) gathered.delete(id);
      for (const record of answer.records) gathered.set(record.id, record);
      if (answer.more) {
        after = answer.last;
        continue;
      }
      records = [...gathered.values()];
    }
    const refill = received;
    const started = performance.now();
    await db.transaction('rw', [table, db.outbox, db.meta], async () => {
      await pull.store(db, records, fresh);
      const inPage = new Set(records.map((record) => record.id));
      await pull.drop(db, answer.gone.filter((id) => !inPage.has(id)));
      if (refill) {
        for (const id of inPage) refill.add(id);
        if (!answer.more) {
          const stale = (await table.toCollection().primaryKeys() as string[]).filter((id) => !refill.has(id));
          await pull.drop(db, stale);
          await db.meta.delete(refillKey(pull.collection));
        }
      }
      await db.meta.bulkPut([
        { key: checkpointKey(pull.collection), value: String(answer.last) },
        { key: historyKey(pull.collection), value: since ?? '' },
      ]);
    });
    if (records.length > 0) {
      // On the performance timeline for the door benchmark: storing one page (or a new door's whole list), its commit included.
      performance.measure('sync:apply', { start: started, end: performance.now(), detail: { collection: `door:${pull.collection}`, records: records.length } });
    }
    after = answer.last;
    if (!answer.more) return;
  }
}

/** Who pulled the door's lists on this device: the administrators (every masterclass) or one door pass (its masterclass). */
const DOOR_READER_KEY = 'door:reader';

/**
 * The lists were pulled for another reader (a door pass after an administrator,
 * or the other way round): the checkpoints go, so the next pull refills from 0 and
 * drops what the new reader may not hold (check-ins still waiting stay); the
 * attendee list goes at once, so a pass never shows what an administrator's
 * list held (email addresses, other masterclasses).
 */
async function followReader(ctx: SyncContext): Promise<void> {
  const reader = ctx.doorPass ? `pass:${ctx.doorPass.id}` : 'administrator';
  const { db } = ctx;
  if ((await readMeta(db, DOOR_READER_KEY)) === reader) return;
  await db.transaction('rw', [db.doorAttendees, db.meta], async () => {
    if ((await db.doorAttendees.count()) > 0) await db.doorAttendees.clear();
    await db.meta.where('key').startsWith('checkpoint:door:').delete();
    await db.meta.where('key').startsWith('refill:door:').delete();
    await db.meta.put({ key: DOOR_READER_KEY, value: reader });
  });
}

/**
 * Pulls the door's collections, on a door device signed in as an administrator or with a door pass.
 * The two pull side by side: the check-ins' pages travel while the attendee list is stored (their
 * transactions still take turns, sharing the outbox and meta tables). The pass ends once both have
 * ended, so a pull that failed is never still running when the next pass starts; the first failure
 * is the pass's.
 */
export async function pullDoor(ctx: SyncContext): Promise<void> {
  if ((await readMeta(ctx.db, DOOR_DEVICE_KEY)) === undefined) return;
  if (!ctx.administrator && !ctx.doorPass) {
    // A door device whose account is no longer an administrator (demoted): the lists leave the device,
    // as at a sign-out; check-ins still waiting keep their ids and times for the next administrator.
    await forgetDoorData(ctx.db);
    return;
  }
  await followReader(ctx);
  const ended = await Promise.allSettled(doorPulls.map((pull) => pullDoorCollection(ctx, pull)));
  const failed = ended.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}

/** A live message about a door collection: a pass is asked for on a door device (the pull brings the change). */
export async function doorHint(db: MasterclassDb, requestPass: () => void): Promise<void> {
  if ((await readMeta(db, DOOR_DEVICE_KEY)) !== undefined) requestPass();
}
