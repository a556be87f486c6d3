// The door's rows on the device (src/db/checkInTypes.ts). A check-in or an
// undo is stored here with its entry in the shared outbox (collection
// `check_ins`, the whole check-in as the push route takes it) in ONE
// transaction, so the screen, the sync status and sign-out never disagree;
// the sync engine sends it (src/sync/pushCheckIns.ts) whoever of the
// administrators is signed in then. The masterclass's facts are stored as the
// server gives them; its attendees and every door's check-ins arrive through
// the engine's pull. Clearing them all (at sign-out, or when another account
// signs in) is src/db/doorData.ts.
import { CHECK_INS_COLLECTION, checkInPatch, type CheckInRow, type DoorRosterRow, type MasterclassDb, type OutboxRow } from '@/db';
import { newRecordId } from '@/lib/ids';
import { requestSync } from '@/sync/requestSync';

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

/** The outbox entry of a check-in made or undone here: the whole check-in, as the push route takes it. */
export function outboxEntry(row: CheckInRow, op: OutboxRow['op']): OutboxRow {
  return {
    collection: CHECK_INS_COLLECTION, recordId: row.id, op, patch: { ...checkInPatch(row) },
    createdAt: new Date().toISOString(), attempts: 0, nextAttemptAt: 0, status: 'pending',
  };
}

/** A check-in made on this device, as it is stored until the server has it. */
export function newCheckInRow(change: NewCheckIn): CheckInRow {
  return {
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
    refused: '',
  };
}

/** Stores a new check-in made on this device, with its outbox entry, and asks the engine to send it. */
export async function recordCheckIn(db: MasterclassDb, change: NewCheckIn): Promise<CheckInRow> {
  const row = newCheckInRow(change);
  await db.transaction('rw', db.checkIns, db.outbox, async () => {
    await db.checkIns.add(row);
    await db.outbox.add(outboxEntry(row, 'create'));
  });
  void requestSync();
  return row;
}

/** Marks a check-in undone on this device, with its outbox entry, and asks the engine to send it. */
export async function undoCheckIn(db: MasterclassDb, id: string, by: { deviceName: string; adminId: string; at: Date }): Promise<void> {
  let queued = false;
  await db.transaction('rw', db.checkIns, db.outbox, async () => {
    const row = await db.checkIns.get(id);
    if (!row || row.undone_at) return;
    const undone: CheckInRow = { ...row, undone_at: storedDate(by.at), undone_device: by.deviceName, undone_by: by.adminId };
    if (row.refused) {
      // The server refused it and holds nothing: the undo is for this device only, and the refused change goes with it.
      await db.outbox.where('[collection+recordId]').equals([CHECK_INS_COLLECTION, id]).delete();
      await db.checkIns.put({ ...undone, pending: 0 });
      return;
    }
    await db.checkIns.put({ ...undone, pending: 1 });
    await db.outbox.add(outboxEntry(undone, 'update'));
    queued = true;
  });
  if (queued) void requestSync();
}

/** Stores the masterclass's facts as the server gave them (its attendees come through the sync's pull). */
export async function storeRosterFacts(db: MasterclassDb, roster: DoorRosterRow): Promise<void> {
  await db.doorRosters.put(roster);
}
