// The words of the door's result panel and of a conflict, in the event's own
// time zone (pure, so the unit tests read exactly what the door shows).
import type { CheckInRow } from '@/db';
import { formatClockTime, formatDateTime, formatWeekdayDate } from '@/lib/eventWhen';
import { parsePocketBaseDate } from '@/lib/pocketbaseDate';
import type { ScanDecision } from './decideScan';

export interface DecisionText {
  tone: 'green' | 'red';
  title: string;
  detail: string;
}

/** '10:42 am' in the event's zone; 'Tuesday 17 June 2025, 10:42 am' when it is not `today`'s. */
export function doorTime(stored: string, timeZone: string, today?: Date): string {
  const instant = parsePocketBaseDate(stored);
  if (Number.isNaN(instant.getTime())) return 'an unknown time';
  const time = formatClockTime(instant, timeZone);
  if (!today) return time;
  const day = formatWeekdayDate(instant, timeZone);
  return day === formatWeekdayDate(today, timeZone) ? time : formatDateTime(instant, timeZone);
}

/** 'Also scanned at 10:44 am by South door' */
export function alsoScanned(other: Pick<CheckInRow, 'scanned_at' | 'device_name'>, timeZone: string, today?: Date): string {
  return `Also scanned at ${doorTime(other.scanned_at, timeZone, today)} by ${other.device_name}`;
}

export interface TextContext {
  timeZone: string;
  today?: Date;
  /** The titles of other masterclasses this device knows, by id. */
  eventTitles?: ReadonlyMap<string, string>;
}

/**
 * 'This seat was passed to Zoë Brown, so Ada Lovelace cannot be checked in with it.' (the search row's
 * and the result panel's words for a seat passed to a colleague).
 */
export function passedOnText(decision: { attendee?: { full_name: string }; holder?: { full_name: string; registration_status: string } }): string {
  const name = decision.attendee?.full_name ?? 'This attendee';
  const holder = decision.holder;
  if (!holder) return `${name}'s seat was passed to a colleague, so ${name} cannot be checked in with it.`;
  if (holder.registration_status === 'cancelled') {
    return `This seat was passed to ${holder.full_name}, whose registration was cancelled since, so ${name} cannot be checked in with it.`;
  }
  return `This seat was passed to ${holder.full_name}, so ${name} cannot be checked in with it.`;
}

export function decisionText(decision: ScanDecision, { timeZone, today, eventTitles }: TextContext): DecisionText {
  if (decision.kind === 'admit') {
    const { attendee } = decision;
    const observer = attendee.registration_status === 'confirmed_observer' ? 'Observer (no seat)' : '';
    return { tone: 'green', title: `Checked in — ${attendee.full_name}`, detail: [attendee.company, observer].filter(Boolean).join(' · ') };
  }
  const name = decision.attendee?.full_name;
  switch (decision.reason) {
    case 'not_a_ticket':
      return { tone: 'red', title: 'Not a masterclass ticket', detail: 'This QR code is not an AI Champions Masterclass ticket.' };
    case 'malformed':
      return { tone: 'red', title: 'Ticket not readable', detail: 'This looks like a masterclass ticket, but its code is damaged or incomplete. Scan it again, or look the attendee up by name.' };
    case 'unknown':
      return { tone: 'red', title: 'Unknown ticket', detail: 'No attendee of this masterclass has this ticket. Look the attendee up by name.' };
    case 'replaced':
      return {
        tone: 'red',
        title: name ? `Ticket replaced — ${name}` : 'Ticket replaced',
        detail: `This ticket was replaced by a new one${decision.voidedAt ? ` on ${formatWeekdayDate(parsePocketBaseDate(decision.voidedAt), timeZone)}` : ''} and no longer admits anyone. Ask for the current ticket, or look the attendee up by name.`,
      };
    case 'other_event': {
      const title = decision.otherEventId ? eventTitles?.get(decision.otherEventId) : undefined;
      return { tone: 'red', title: 'Ticket for another masterclass', detail: title ? `This ticket is for ${title}, not this masterclass.` : 'This ticket is for another masterclass, not this one.' };
    }
    case 'cancelled':
      return { tone: 'red', title: `Cancelled — ${name}`, detail: `${name}'s registration was cancelled, so they cannot be checked in.` };
    case 'transferred':
      return { tone: 'red', title: `Transferred — ${name}`, detail: passedOnText(decision) };
    case 'waitlisted':
      return { tone: 'red', title: `Waitlisted — ${name}`, detail: `${name} is on the waitlist, not confirmed, so they cannot be checked in.` };
    case 'not_confirmed':
      return { tone: 'red', title: `Not confirmed — ${name}`, detail: `${name}'s registration is not confirmed, so they cannot be checked in.` };
    case 'already': {
      const checkIn = decision.checkIn;
      return {
        tone: 'red',
        title: `Already checked in — ${name}`,
        detail: checkIn ? `Already checked in at ${doorTime(checkIn.scanned_at, timeZone, today)} by ${checkIn.device_name}.` : 'Already checked in.',
      };
    }
  }
}
