// The door's answer to a scanned ticket or a name picked in the search, and
// the check-in it makes, in ONE IndexedDB transaction: the attendee's row, the
// masterclass's replaced codes and the attendee's check-ins are read from the
// device's database there, decided by the pure rule (decideScan.ts), and a
// check-in that rule admits is stored with its outbox entry before the
// transaction ends. So the answer is what the device holds at that moment:
// another door's check-in the sync stored a moment ago, this device's own
// check-in a moment ago (a repeat, before or after a conflict), a check-in made
// in another tab, an undo, a cancellation or a replaced ticket all count,
// whether or not the page has read them into its view and drawn them yet (its
// live queries follow a write only after it is committed, and another tab's
// only after the browser passed the news on). Two entries at once, from one
// tab or two, take turns: the second sees the first's check-in.
//
// The page's view is only a hint for finding which attendee a ticket names
// (a look-up in memory rather than a walk through up to 10,000 rows); the
// row found is read again and must still carry that ticket, otherwise the
// masterclass's list on the device is searched.
import type { CheckInRow, DoorAttendeeRow, MasterclassDb } from '@/db';
import { parseTicketPayload } from '@/lib/ticket';
import { requestSync } from '@/sync/requestSync';
import { buildDoorView, decideAttendeeId, decideScan, type DoorView, type ScanDecision } from './decideScan';
import { newCheckInRow, outboxEntry } from './doorStore';

/** What was entered at the door: a QR code's text or a typed ticket code (as a payload), or an attendee picked by name. */
export type DoorEntry = { kind: 'scan'; text: string } | { kind: 'search'; attendeeId: string };

export interface DoorRequest {
  event: string;
  entry: DoorEntry;
  deviceName: string;
  /** Who checks people in on this device now (an administrator or a door pass); null: answer, store nothing. */
  adminId: string | null;
  /** This device's clock at the scan. */
  at: Date;
}

export interface DoorAnswer {
  decision: ScanDecision;
  /** The check-in stored when the decision admitted. */
  checkIn?: CheckInRow;
}

/** This masterclass's attendee holding `code`, read from the device (the hint's row first, checked). */
async function attendeeByTicket(db: MasterclassDb, event: string, code: string, hint?: DoorView): Promise<DoorAttendeeRow | undefined> {
  const hinted = hint?.byTicket.get(code);
  if (hinted) {
    const row = await db.doorAttendees.get(hinted.id);
    if (row && row.event === event && row.ticket_code === code) return row;
  }
  return db.doorAttendees.where('event').equals(event).filter((row) => row.ticket_code === code).first();
}

/**
 * The colleagues a cancelled attendee's seat was passed to, in turn (each row
 * whose `replaces` names the one before), so the answer says who holds it now.
 * Read only for a cancelled attendee: a walk through the masterclass's list.
 */
async function seatPassedTo(db: MasterclassDb, event: string, attendee: DoorAttendeeRow): Promise<DoorAttendeeRow[]> {
  if (attendee.registration_status !== 'cancelled') return [];
  const chain: DoorAttendeeRow[] = [];
  const seen = new Set([attendee.id]);
  let current = attendee;
  for (let step = 0; step < 20; step += 1) {
    const from = current.id;
    const next = await db.doorAttendees.where('event').equals(event).filter((row) => row.replaces === from).last();
    if (!next || seen.has(next.id)) break;
    chain.push(next);
    seen.add(next.id);
    if (next.registration_status !== 'cancelled') break;
    current = next;
  }
  return chain;
}

/** Decides `request` from the device's database and stores the check-in it admits, in one transaction. */
export async function checkInAtDoor(db: MasterclassDb, request: DoorRequest, hint?: DoorView): Promise<DoorAnswer> {
  const { event, entry } = request;
  const answer = await db.transaction('rw', [db.doorRosters, db.doorAttendees, db.checkIns, db.outbox], async (): Promise<DoorAnswer> => {
    const voided = (await db.doorRosters.get(event))?.voided ?? [];
    const attendees: DoorAttendeeRow[] = [];
    if (entry.kind === 'search') {
      const row = await db.doorAttendees.get(entry.attendeeId);
      if (row) attendees.push(row);
    } else {
      const parsed = parseTicketPayload(entry.text);
      if (parsed.ok) {
        const holder = await attendeeByTicket(db, event, parsed.code, hint);
        if (holder) attendees.push(holder);
        // A replaced code names its attendee in the answer.
        const replaced = holder ? undefined : voided.find((row) => row.code === parsed.code);
        const named = replaced ? await db.doorAttendees.get(replaced.attendee) : undefined;
        if (named) attendees.push(named);
      }
    }
    for (const row of [...attendees]) attendees.push(...(await seatPassedTo(db, event, row)));
    const checkIns = attendees.length > 0 ? await db.checkIns.where('attendee').anyOf(attendees.map((row) => row.id)).toArray() : [];
    const view = buildDoorView(event, attendees, checkIns, voided);
    const decision = entry.kind === 'scan' ? decideScan(view, entry.text) : decideAttendeeId(view, entry.attendeeId);
    if (decision.kind !== 'admit' || !request.adminId) return { decision };
    const checkIn = newCheckInRow({ event, attendee: decision.attendee.id, method: entry.kind, deviceName: request.deviceName, adminId: request.adminId, at: request.at });
    await db.checkIns.add(checkIn);
    await db.outbox.add(outboxEntry(checkIn, 'create'));
    return { decision, checkIn };
  });
  if (answer.checkIn) void requestSync();
  return answer;
}
