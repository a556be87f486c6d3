// The door's rows as a whole (src/db/checkInTypes.ts): which outbox entries
// are the door's, how many check-ins wait for the server, storing the
// server's versions of check-ins under what still waits, and removing the
// door's lists from the device. The door (src/features/admin/check-in/) and
// the sync engine (its check-in sender, sign-out, account switch) use them.
import Dexie from 'dexie';
import type { CheckInPatch, CheckInRow } from './checkInTypes';
import type { MasterclassDb } from './database';
import type { OutboxRow } from './types';

/** The collection the door's rows and outbox entries belong to. */
export const CHECK_INS_COLLECTION = 'check_ins';

/** meta key set when the door page opens: this device is a door, and the sync pulls its lists (src/sync/pullDoor.ts). */
export const DOOR_DEVICE_KEY = 'door';

/** Marks this device as a door (until sign-out removes its lists). */
export async function markDoorDevice(db: MasterclassDb): Promise<void> {
  if (!(await db.meta.get(DOOR_DEVICE_KEY))) await db.meta.put({ key: DOOR_DEVICE_KEY, value: new Date().toISOString() });
}

/**
 * A door check-in or undo waiting in the outbox. Any administrator signed in
 * on the device sends it (the device may change hands while offline); the
 * administrator who made it is named in it (checked_in_by, undone_by).
 */
export const isDoorChange = (change: Pick<OutboxRow, 'collection'>) => (change.collection as string) === CHECK_INS_COLLECTION;

/** The door's outbox entries, in seq order. */
export async function doorChanges(db: MasterclassDb): Promise<OutboxRow[]> {
  const rows = await db.outbox.where('[collection+recordId]').between([CHECK_INS_COLLECTION, Dexie.minKey], [CHECK_INS_COLLECTION, Dexie.maxKey]).toArray();
  return rows.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
}

/** How many check-ins (of any masterclass, made by any administrator) have a change waiting to be sent or refused. */
export async function countPendingCheckIns(db: MasterclassDb): Promise<number> {
  const ids = new Set((await doorChanges(db)).map((change) => change.recordId));
  // Rows an earlier version of the door left waiting without an outbox entry (adoptWaitingCheckIns queues them).
  for (const id of await db.checkIns.where('pending').equals(1).primaryKeys()) ids.add(id);
  return ids.size;
}

/**
 * Check-ins an earlier version of the door stored as waiting (pending) kept
 * no outbox entry: each gets one now, as the whole check-in (with its undo),
 * so the engine sends it like any other. Answers how many were queued.
 */
export async function adoptWaitingCheckIns(db: MasterclassDb): Promise<number> {
  return db.transaction('rw', db.checkIns, db.outbox, async () => {
    const queued = new Set((await doorChanges(db)).map((change) => change.recordId));
    const orphans = (await db.checkIns.where('pending').equals(1).toArray()).filter((row) => !queued.has(row.id));
    for (const row of orphans) {
      await db.outbox.add({
        collection: CHECK_INS_COLLECTION, recordId: row.id, op: row.updated ? 'update' : 'create', patch: { ...checkInPatch(row) },
        createdAt: new Date().toISOString(), attempts: 0, nextAttemptAt: 0, status: 'pending',
      });
    }
    return orphans.length;
  });
}

/** A check-in row as a door outbox entry carries it. */
export function checkInPatch(row: CheckInRow): CheckInPatch {
  return {
    id: row.id, event: row.event, attendee: row.attendee, method: row.method, scanned_at: row.scanned_at, device_name: row.device_name,
    checked_in_by: row.checked_in_by,
    ...(row.undone_at ? { undone_at: row.undone_at, undone_device: row.undone_device, undone_by: row.undone_by } : {}),
  };
}

/** What the server says of a check-in (the push's answer, the pull's records). */
export type ServerCheckIn = Partial<CheckInRow> & Pick<CheckInRow, 'id' | 'event' | 'attendee'> & { created?: string };

const newer = (incoming: ServerCheckIn, held: CheckInRow) => {
  if (incoming.sync_seq !== undefined && held.sync_seq !== undefined) return incoming.sync_seq > held.sync_seq;
  return !held.updated || !incoming.updated || incoming.updated >= held.updated;
};

/**
 * Stores the server's versions of check-ins. A version older than the one
 * held is ignored (by sync_seq, or by updated for rows without one). What still
 * waits in the outbox stays on top (an undo not sent yet), and the row says
 * whether something waits (`pending`) or was refused.
 */
export async function applyServerCheckIns(db: MasterclassDb, rows: readonly ServerCheckIn[]): Promise<number> {
  if (rows.length === 0) return 0;
  return db.transaction('rw', db.checkIns, db.outbox, async () => {
    const waiting = new Map<string, OutboxRow[]>();
    for (const change of await doorChanges(db)) waiting.set(change.recordId, [...(waiting.get(change.recordId) ?? []), change]);
    const held = await db.checkIns.bulkGet(rows.map((row) => row.id));
    const puts: CheckInRow[] = [];
    rows.forEach((incoming, index) => {
      const local = held[index];
      if (local && !newer(incoming, local)) return;
      const changes = waiting.get(incoming.id) ?? [];
      const pending = changes.filter((change) => change.status === 'pending');
      const latest = pending.at(-1)?.patch as Partial<CheckInPatch> | undefined;
      const undo = latest?.undone_at && !incoming.undone_at
        ? { undone_at: latest.undone_at, undone_device: latest.undone_device ?? '', undone_by: latest.undone_by ?? '' } : {};
      puts.push({
        id: incoming.id, event: incoming.event, attendee: incoming.attendee, method: incoming.method ?? 'scan',
        scanned_at: incoming.scanned_at ?? '', device_name: incoming.device_name ?? '', checked_in_by: incoming.checked_in_by ?? '',
        sent_by: incoming.sent_by ?? '', undone_at: incoming.undone_at ?? '', undone_device: incoming.undone_device ?? '',
        undone_by: incoming.undone_by ?? '', received_at: incoming.received_at ?? '', ordered_at: incoming.ordered_at ?? '',
        device_clock_offset_ms: incoming.device_clock_offset_ms ?? 0, clock_suspect: Boolean(incoming.clock_suspect),
        conflict: Boolean(incoming.conflict), conflict_with: incoming.conflict_with ?? '', updated: incoming.updated ?? '',
        ...(incoming.sync_seq !== undefined ? { sync_seq: incoming.sync_seq } : {}),
        ...undo,
        pending: pending.length > 0 ? 1 : 0,
        // The server holds it: whatever an earlier push was refused for no longer stands.
        refused: '',
      });
    });
    if (puts.length > 0) await db.checkIns.bulkPut(puts);
    return puts.length;
  });
}

/** Drops every door check-in change not sent (a sign-out's explicit Discard): nothing of them waits any more. */
export async function discardDoorChanges(db: MasterclassDb): Promise<void> {
  await db.transaction('rw', db.checkIns, db.outbox, async () => {
    await db.outbox.where('[collection+recordId]').between([CHECK_INS_COLLECTION, Dexie.minKey], [CHECK_INS_COLLECTION, Dexie.maxKey]).delete();
    await db.checkIns.where('pending').equals(1).modify({ pending: 0 });
  });
}

/**
 * Removes the door's lists from the device (at sign-out, an account switch, a
 * door pass leaving): the masterclasses' facts and replaced codes, every
 * attendee (names, emails, companies, ticket codes), every check-in the server
 * sent, the door's checkpoints and its mark. Check-ins with a change still in
 * the outbox (waiting, or refused and not yet retried or discarded) stay, as
 * what sending them needs and nothing more: their ids (check-in, attendee,
 * masterclass), times, device name and who scanned or undid them, all of which
 * their outbox entries carry too; the next administrator (or the pass that
 * made them) sends them, and the door shows them again by name once its list
 * is pulled again. Answers true when nothing was kept.
 */
export async function forgetDoorData(db: MasterclassDb): Promise<boolean> {
  return db.transaction('rw', [db.doorRosters, db.doorAttendees, db.checkIns, db.outbox, db.meta], async () => {
    const waiting = new Set((await doorChanges(db)).map((change) => change.recordId));
    for (const id of await db.checkIns.where('pending').equals(1).primaryKeys()) waiting.add(id);
    await db.doorRosters.clear();
    await db.doorAttendees.clear();
    if (waiting.size === 0) await db.checkIns.clear();
    else await db.checkIns.filter((row) => !waiting.has(row.id)).delete();
    // The door's checkpoints and mark go with its rows: the next door on this device pulls them whole.
    await db.meta.where('key').startsWith('checkpoint:door:').delete();
    await db.meta.where('key').startsWith('refill:door:').delete();
    await db.meta.delete(DOOR_DEVICE_KEY);
    return waiting.size === 0;
  });
}
