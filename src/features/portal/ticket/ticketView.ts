// The signed-in attendee's tickets, from their attendee rows and the events on
// the device: one per confirmed (or observer) row that has its code, the
// masterclasses still to come first, each with the one date format the app
// uses everywhere (src/lib/eventWhen.ts). A seat cancelled with its whole
// masterclass (events.cancelled_at) keeps a card that says so, with no code.
import type { AttendeeRow, EventRow } from '@/db';
import { eventWhen } from '@/lib/eventWhen';
import { parsePocketBaseDate } from '@/lib/pocketbaseDate';
import { isTicketCode, ticketPayload } from '@/lib/ticket';

export interface TicketView {
  attendeeId: string;
  fullName: string;
  observer: boolean;
  eventId: string;
  eventTitle: string;
  /** 'Wednesday 18 June 2025, 11:30 am – 2:30 pm ACST' ('' while the event is not on the device). */
  when: string;
  venue: string;
  code: string;
  /** What the QR code carries: AICM1:{eventId}:{code}. */
  payload: string;
  /** The masterclass has ended. */
  past: boolean;
  /** The masterclass is under way (from its start to its end). */
  today: boolean;
  /** Let in at the door (the door's check-in, synced to the attendee's own row). */
  attended: boolean;
  /** The whole masterclass was cancelled: no QR code, nothing to show at the door. */
  cancelled: boolean;
}

const HOLDS_A_TICKET = new Set(['confirmed', 'confirmed_observer']);
const FALLBACK_TITLE = 'AI Champions Masterclass';

/** The whole masterclass was cancelled (its seats were cancelled with it). */
export const isCancelledEvent = (event: EventRow | undefined): boolean => Boolean(event?.cancelled_at);

export function ticketsOf(attendees: readonly AttendeeRow[], events: readonly EventRow[], now: Date): TicketView[] {
  const byId = new Map(events.map((event) => [event.id, event]));
  const tickets = attendees
    .filter((row) => (HOLDS_A_TICKET.has(row.registration_status) && isTicketCode(row.ticket_code))
      // a seat cancelled with its whole masterclass (not one passed on to a colleague)
      || (row.registration_status === 'cancelled' && row.cancelled_by !== 'substitution' && isCancelledEvent(byId.get(row.event))))
    .map((row) => {
      const event = byId.get(row.event);
      const ends = event ? parsePocketBaseDate(event.ends_at || event.starts_at) : null;
      const starts = event ? parsePocketBaseDate(event.starts_at) : null;
      const past = ends !== null && !Number.isNaN(ends.getTime()) && ends.getTime() <= now.getTime();
      return {
        attendeeId: row.id,
        fullName: row.full_name,
        observer: row.registration_status === 'confirmed_observer',
        eventId: row.event,
        eventTitle: event?.title || FALLBACK_TITLE,
        when: (event && eventWhen(event)?.full) || '',
        venue: event ? [event.venue, event.location].filter(Boolean).join(', ') : '',
        code: isCancelledEvent(event) ? '' : (row.ticket_code as string),
        payload: isCancelledEvent(event) ? '' : ticketPayload(row.event, row.ticket_code as string),
        past,
        today: !past && starts !== null && !Number.isNaN(starts.getTime()) && starts.getTime() <= now.getTime(),
        attended: Boolean(row.checked_in_at),
        cancelled: isCancelledEvent(event),
        start: event ? parsePocketBaseDate(event.starts_at).getTime() || 0 : 0,
      };
    });
  // still to come (soonest first), then those that took place (latest first)
  tickets.sort((a, b) => (a.past === b.past ? (a.past ? b.start - a.start : a.start - b.start) : a.past ? 1 : -1) || a.attendeeId.localeCompare(b.attendeeId));
  return tickets.map((ticket) => {
    const view: TicketView & { start?: number } = { ...ticket };
    delete view.start;
    return view;
  });
}

/** The QR code as one SVG path (shared with the completion and order pages). */
export { qrPath } from '@/lib/qrPath';
