// What the order page says of each seat and offers in each phase of its
// masterclass (DESIGN decisions 17 and 23): before it a confirmed seat, its QR
// code and Add to Calendar; on the day whether each attendee is checked in;
// after it attended or not (from the door's check-in), with no calendar entry,
// QR code or door instructions, and never "Confirmed" as if a seat were still
// to come. A masterclass an administrator cancelled as a whole (phase
// 'cancelled') says so: each seat "Cancelled — refunded" (or "Cancelled" when
// nothing was paid), no ticket, no calendar entry.
import type { Order, OrderAttendee } from '@/lib/order';

const SEATED = new Set(['confirmed', 'confirmed_observer']);

const STATUS_WORDS: Record<string, { label: string; color: string }> = {
  confirmed: { label: 'Confirmed', color: 'teal' },
  confirmed_observer: { label: 'Observer', color: 'gray' },
  cancelled: { label: 'Cancelled', color: 'red' },
  waitlisted: { label: 'Waitlisted', color: 'gray' },
  pending: { label: 'Awaiting payment', color: 'yellow' },
};

const over = (order: Order) => order.event.phase === 'past';
const called = (order: Order) => order.event.phase === 'cancelled';
const paid = (order: Order) => order.total_amount_cents > 0 || order.refunded_cents + order.refund_pending_cents > 0;

/** The badge beside an attendee's name. */
export function seatBadge(attendee: OrderAttendee, order: Order): { label: string; color: string } {
  if (called(order) && (attendee.status === 'cancelled' || SEATED.has(attendee.status))) return { label: paid(order) ? 'Cancelled — refunded' : 'Cancelled', color: 'red' };
  if (SEATED.has(attendee.status) && order.state === 'confirmed') {
    if (over(order)) return attendee.checked_in ? { label: 'Attended', color: 'teal' } : { label: 'Not checked in', color: 'gray' };
    if (order.event.phase === 'happening' && attendee.checked_in) return { label: 'Checked in', color: 'teal' };
  }
  return STATUS_WORDS[attendee.status] ?? { label: '-', color: 'gray' };
}

/** Whether the seat's QR code and code still show: not once the masterclass has taken place. */
export function showsTicket(attendee: OrderAttendee, order: Order): boolean {
  return attendee.ticket !== null && !over(order) && !called(order);
}

/** What an attendee's card says after the masterclass, in place of the ticket; null before it. */
export function afterwardsNote(attendee: OrderAttendee, order: Order): string | null {
  if (called(order)) {
    return paid(order)
      ? 'The masterclass was cancelled and this seat refunded in full, so there is no ticket to show.'
      : 'The masterclass was cancelled, so there is no ticket to show.';
  }
  if (!over(order) || !SEATED.has(attendee.status) || order.state !== 'confirmed') return null;
  return attendee.checked_in
    ? `Attended the masterclass on ${order.event.date}.`
    : `Not checked in at the door on ${order.event.date}.`;
}

/** Add to Calendar: only for a confirmed order of a masterclass still to come. */
export function offersCalendar(order: Order): boolean {
  return order.state === 'confirmed' && order.event.phase !== 'happening' && over(order) === false && !called(order);
}

/** The heading over the attendees' cards. */
export function ticketsHeading(order: Order): string {
  if (over(order) || called(order)) return order.attendees.length === 1 ? 'Your place' : 'Attendees';
  return order.attendees.length === 1 ? 'Your ticket' : 'Tickets';
}

/** The line above the cards: how to use the tickets, the day's words, or what took place. */
export function ticketsNote(order: Order): string | null {
  if (called(order)) {
    return `This masterclass has been cancelled${order.event.date ? ` (it was to take place on ${order.event.date})` : ''}. ${paid(order) ? 'Every seat of this order has been refunded in full to the card that paid.' : 'Nothing was paid, so nothing is refunded.'}`;
  }
  if (order.state !== 'confirmed' || !order.attendees.some((attendee) => attendee.ticket)) return null;
  if (over(order)) return `The masterclass took place on ${order.event.date}. Thank you for joining us.`;
  if (order.event.phase === 'happening') return 'The masterclass is on today: show the QR code at the door, on your phone or printed.';
  return "Show the QR code at the door, on your phone or printed. Each attendee's own confirmation email carries their ticket, and once they create their account the attendee portal keeps it offline.";
}
