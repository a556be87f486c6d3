// The door's rows on the device (src/db/checkInTypes.ts): a check-in or an
// undo is stored here first, marked pending, and sent by the door's sync
// (doorSync.ts); the masterclass's list and the other devices' check-ins are
// stored here as the server answers. Clearing them all (at sign-out, or
// when another account signs in) is src/db/doorData.ts.
import type { CheckInRow, DoorAttendeeRow, DoorRosterRow, MasterclassDb } from '@/db';
import { newRecordId } from '@/lib/ids';

/** A date in PocketBase's stored form, as the server compares them. */
export function storedDate(date: Date): string {
  return date.toISOString().replace('T', ' ');
}

export interface NewCheckIn {
  event: string;
  attendee: string;
  method: CheckInRow['method'];
  deviceName: string;
  adminId: string;
  /** This device's clock at the scan. */
  at: Date;
}

/** Stores a new check-in made on this device (pending until the server has it). */
export async function recordCheckIn(db: MasterclassDb, change: NewCheckIn): Promise<CheckInRow> {
  const row: CheckInRow = {
    id: newRecordId(),
    event: change.event,
    attendee: change.attendee,
    method: change.method,
    scanned_at: storedDate(change.at),
    device_name: change.deviceName,
    checked_in_by: change.adminId,
    undone_at: '',
    undone_device: '',
    undone_by: '',
    received_at: '',
    ordered_at: '',
    device_clock_offset_ms: 0,
    clock_suspect: false,
    conflict: false,
    conflict_with: '',
    updated: '',
    pending: 1,
    pendingBy: change.adminId,
    revision: 1,
    refused: '',
  };
  await db.checkIns.add(row);
  return row;
}

/** Marks a check-in undone on this device (pending until the server has the undo). */
export async function undoCheckIn(db: MasterclassDb, id: string, by: { deviceName: string; adminId: string; at: Date }): Promise<void> {
  await db.transaction('rw', db.checkIns, async () => {
    const row = await db.checkIns.get(id);
    if (!row || row.undone_at) return;
    // A check-in the server refused holds nothing there: undoing it is for this device only.
    const pending: 0 | 1 = row.refused ? 0 : 1;
    await db.checkIns.put({
      ...row, undone_at: storedDate(by.at), undone_device: by.deviceName, undone_by: by.adminId, pending, pendingBy: by.adminId, revision: row.revision + 1,
    });
  });
}

/** What the server says of a check-in (the push's and the pull's rows). */
export type ServerCheckIn = Omit<CheckInRow, 'pending' | 'pendingBy' | 'revision' | 'refused'> & { created?: string };

function fromServer(row: ServerCheckIn): CheckInRow {
  return {
    id: row.id, event: row.event, attendee: row.attendee, method: row.method, scanned_at: row.scanned_at, device_name: row.device_name,
    checked_in_by: row.checked_in_by, undone_at: row.undone_at ?? '', undone_device: row.undone_device ?? '', undone_by: row.undone_by ?? '',
    received_at: row.received_at, ordered_at: row.ordered_at, device_clock_offset_ms: row.device_clock_offset_ms ?? 0,
    clock_suspect: Boolean(row.clock_suspect), conflict: Boolean(row.conflict), conflict_with: row.conflict_with ?? '', updated: row.updated,
    pending: 0, pendingBy: '', revision: 0, refused: '',
  };
}

/**
 * Stores the server's versions of check-ins. A local undo the server does not
 * have yet is kept on top (still pending); an older version never replaces a
 * newer one. `settled` names the pushed check-ins (id → revision sent) whose
 * answer this is: they stop being pending unless changed again since.
 */
export async function storeServerCheckIns(db: MasterclassDb, rows: readonly ServerCheckIn[], settled: ReadonlyMap<string, number> = new Map()): Promise<void> {
  if (rows.length === 0) return;
  await db.transaction('rw', db.checkIns, async () => {
    const current = await db.checkIns.bulkGet(rows.map((row) => row.id));
    const puts: CheckInRow[] = [];
    rows.forEach((row, index) => {
      const local = current[index];
      const server = fromServer(row);
      if (!local) return puts.push(server);
      if (local.updated && row.updated && row.updated < local.updated && !settled.has(row.id)) return;
      const sentRevision = settled.get(row.id);
      const stillPending = local.pending === 1 && (sentRevision === undefined || sentRevision !== local.revision);
      if (stillPending) {
        // Keep what this device changed and has not had confirmed: its undo.
        const undo = local.undone_at && !server.undone_at ? { undone_at: local.undone_at, undone_device: local.undone_device, undone_by: local.undone_by } : {};
        return puts.push({ ...server, ...undo, pending: 1, pendingBy: local.pendingBy, revision: local.revision });
      }
      puts.push({ ...server, revision: local.revision });
    });
    await db.checkIns.bulkPut(puts);
  });
}

/** Marks pushed check-ins the server refused (nothing of them is stored there); the door shows why. */
export async function markRefused(db: MasterclassDb, refused: readonly { id: string; message: string }[]): Promise<void> {
  if (refused.length === 0) return;
  await db.transaction('rw', db.checkIns, async () => {
    for (const { id, message } of refused) {
      const row = await db.checkIns.get(id);
      if (row) await db.checkIns.put({ ...row, pending: 0, refused: message });
    }
  });
}

/** This administrator's check-ins of the event that wait for the server, oldest scan first. */
export async function pendingCheckIns(db: MasterclassDb, event: string, adminId: string): Promise<CheckInRow[]> {
  const rows = await db.checkIns.where('pending').equals(1).filter((row) => row.event === event && row.pendingBy === adminId).toArray();
  return rows.sort((a, b) => (a.scanned_at < b.scanned_at ? -1 : a.scanned_at > b.scanned_at ? 1 : 0));
}

/** Replaces the device's list of the masterclass with a whole list the server just gave. */
export async function storeRoster(db: MasterclassDb, roster: Omit<DoorRosterRow, 'checkInCursor'>, attendees: readonly DoorAttendeeRow[]): Promise<void> {
  await db.transaction('rw', db.doorRosters, db.doorAttendees, async () => {
    const previous = await db.doorRosters.get(roster.event);
    const stored = new Map((await db.doorAttendees.where('event').equals(roster.event).toArray()).map((row) => [row.id, row]));
    const keep = new Set(attendees.map((row) => row.id));
    const gone = [...stored.keys()].filter((id) => !keep.has(id));
    // Only what changed is written, so the door's screens are not read again for a list that did not change.
    const changed = attendees.filter((row) => {
      const old = stored.get(row.id);
      return !old || old.updated !== row.updated || old.ticket_code !== row.ticket_code || old.registration_status !== row.registration_status;
    });
    if (gone.length > 0) await db.doorAttendees.bulkDelete(gone);
    if (changed.length > 0) await db.doorAttendees.bulkPut(changed.map((row) => ({ ...row, event: roster.event })));
    await db.doorRosters.put({ ...roster, checkInCursor: previous?.checkInCursor ?? null });
  });
}

export async function storeCheckInCursor(db: MasterclassDb, event: string, cursor: DoorRosterRow['checkInCursor']): Promise<void> {
  await db.doorRosters.update(event, { checkInCursor: cursor });
}
