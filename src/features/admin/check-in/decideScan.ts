// What the door says to a scanned ticket or a name picked in the search,
// decided on the device alone from the masterclass's attendee list and the
// check-ins it holds (pure: the same list and check-ins give the same answer).
// Only a `admit` decision is stored as a new check-in.
import type { CheckInRow, DoorAttendeeRow, DoorRosterRow } from '@/db';
import { parseTicketPayload } from '@/lib/ticket';
import { settleConflicts } from './conflictRule';

/** The attendee list and check-ins of one masterclass, indexed for the door's look-ups. */
export interface DoorView {
  eventId: string;
  byTicket: ReadonlyMap<string, DoorAttendeeRow>;
  byId: ReadonlyMap<string, DoorAttendeeRow>;
  /** A seat passed to a colleague: the passed-on attendee's id → the colleague's row (whose `replaces` names it). */
  replacedBy: ReadonlyMap<string, DoorAttendeeRow>;
  voided: ReadonlyMap<string, DoorRosterRow['voided'][number]>;
  /** Each attendee's check-ins the server did not refuse (undone ones too). */
  checkInsByAttendee: ReadonlyMap<string, CheckInRow[]>;
}

export type RefusalReason =
  | 'not_a_ticket' | 'malformed' | 'unknown' | 'replaced' | 'other_event' | 'cancelled' | 'transferred' | 'waitlisted' | 'not_confirmed' | 'already';

export type ScanDecision =
  | { kind: 'admit'; attendee: DoorAttendeeRow }
  | {
    kind: 'refuse';
    reason: RefusalReason;
    attendee?: DoorAttendeeRow;
    /** 'already': the check-in that let the attendee in. */
    checkIn?: CheckInRow;
    /** 'replaced': when the ticket was replaced. */
    voidedAt?: string;
    /** 'other_event': the masterclass the ticket is for. */
    otherEventId?: string;
    /** 'transferred': who holds the seat now (the end of the chain of colleagues it was passed to). */
    holder?: DoorAttendeeRow;
  };

const ADMITTED = new Set(['confirmed', 'confirmed_observer']);

export interface AttendeeIndex {
  byTicket: Map<string, DoorAttendeeRow>;
  byId: Map<string, DoorAttendeeRow>;
  replacedBy: Map<string, DoorAttendeeRow>;
}

/** The masterclass's attendees by ticket code and by id (built once per list, not per check-in). */
export function indexAttendees(eventId: string, attendees: readonly DoorAttendeeRow[]): AttendeeIndex {
  const byTicket = new Map<string, DoorAttendeeRow>();
  const byId = new Map<string, DoorAttendeeRow>();
  const replacedBy = new Map<string, DoorAttendeeRow>();
  for (const attendee of attendees) {
    if (attendee.event !== eventId) continue;
    byId.set(attendee.id, attendee);
    if (attendee.ticket_code) byTicket.set(attendee.ticket_code, attendee);
    if (attendee.replaces) replacedBy.set(attendee.replaces, attendee);
  }
  return { byTicket, byId, replacedBy };
}

/** Each attendee's check-ins at the masterclass; refused ones are left out (the server holds none of them). */
export function indexCheckIns(eventId: string, checkIns: readonly CheckInRow[]): Map<string, CheckInRow[]> {
  const checkInsByAttendee = new Map<string, CheckInRow[]>();
  for (const checkIn of checkIns) {
    if (checkIn.event !== eventId || checkIn.refused) continue;
    const list = checkInsByAttendee.get(checkIn.attendee);
    if (list) list.push(checkIn);
    else checkInsByAttendee.set(checkIn.attendee, [checkIn]);
  }
  return checkInsByAttendee;
}

/** Indexes a masterclass's attendees and check-ins for the door. */
export function buildDoorView(
  eventId: string, attendees: readonly DoorAttendeeRow[], checkIns: readonly CheckInRow[], voided: DoorRosterRow['voided'] = [],
): DoorView {
  return { eventId, ...indexAttendees(eventId, attendees), voided: new Map(voided.map((row) => [row.code, row])), checkInsByAttendee: indexCheckIns(eventId, checkIns) };
}

/** The check-in that let the attendee in (the conflict rule's winner), or null. */
export function admittingCheckIn(view: DoorView, attendeeId: string): CheckInRow | null {
  return settleConflicts(view.checkInsByAttendee.get(attendeeId) ?? []).winner;
}

/** A passed-on seat's chain is followed at most this far (a loop in damaged data ends there). */
const MAX_PASSES = 20;

/**
 * Who holds the seat of a cancelled attendee who passed it to a colleague: the
 * colleague, or whoever the colleague passed it on to in turn; null when the
 * seat was not passed on (a plain cancellation). Only from rows on the device.
 */
export function seatHolder(view: Pick<DoorView, 'replacedBy'>, attendee: DoorAttendeeRow): DoorAttendeeRow | null {
  if (attendee.registration_status !== 'cancelled') return null;
  let holder = view.replacedBy.get(attendee.id) ?? null;
  for (let step = 0; holder && holder.registration_status === 'cancelled' && step < MAX_PASSES; step += 1) {
    const next = view.replacedBy.get(holder.id);
    if (!next || next.id === attendee.id) break;
    holder = next;
  }
  return holder;
}

/** The decision for an attendee of this masterclass (found by ticket or by name). */
export function decideAttendee(view: DoorView, attendee: DoorAttendeeRow): ScanDecision {
  const status = attendee.registration_status;
  if (status === 'cancelled') {
    const holder = seatHolder(view, attendee);
    return holder ? { kind: 'refuse', reason: 'transferred', attendee, holder } : { kind: 'refuse', reason: 'cancelled', attendee };
  }
  if (status === 'waitlisted') return { kind: 'refuse', reason: 'waitlisted', attendee };
  if (!ADMITTED.has(status)) return { kind: 'refuse', reason: 'not_confirmed', attendee };
  const checkIn = admittingCheckIn(view, attendee.id);
  if (checkIn) return { kind: 'refuse', reason: 'already', attendee, checkIn };
  return { kind: 'admit', attendee };
}

/** The decision for the text a QR code carried. */
export function decideScan(view: DoorView, text: string): ScanDecision {
  const parsed = parseTicketPayload(text);
  if (!parsed.ok) return { kind: 'refuse', reason: parsed.reason === 'malformed' ? 'malformed' : 'not_a_ticket' };
  const attendee = view.byTicket.get(parsed.code);
  if (parsed.eventId !== view.eventId) {
    // A real ticket of another masterclass (its code is not on this list) or one put together by hand.
    return attendee ? { kind: 'refuse', reason: 'unknown' } : { kind: 'refuse', reason: 'other_event', otherEventId: parsed.eventId };
  }
  if (!attendee) {
    const voided = view.voided.get(parsed.code);
    if (voided) return { kind: 'refuse', reason: 'replaced', attendee: view.byId.get(voided.attendee), voidedAt: voided.voided_at };
    return { kind: 'refuse', reason: 'unknown' };
  }
  return decideAttendee(view, attendee);
}

/** The decision for an attendee picked in the search, by id. */
export function decideAttendeeId(view: DoorView, attendeeId: string): ScanDecision {
  const attendee = view.byId.get(attendeeId);
  return attendee ? decideAttendee(view, attendee) : { kind: 'refuse', reason: 'unknown' };
}
