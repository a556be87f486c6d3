// What a masterclass's own page says, from its summary and the clock: its
// facts (date, time range, venue, price, seats left), its phase, and its one
// way in. The phase words (the notice, the button) are the landing's, handed
// in by the route (src/features/landing/phaseCopy.ts), so the two pages say
// the same thing of the same state. Pure: unit tested.
import { eventPhase, type EventPhase } from '@/lib/eventPhase';
import { eventWhen, formatDayMonth, formatSalesOpen } from '@/lib/eventWhen';
import { formatMoney } from '@/lib/money';
import type { EventPageEvent } from './eventPageApi';

/** The landing's words for a phase: the notice above the button (null while on sale) and the button. */
export interface PhaseWords {
  notice: (phase: EventPhase, salesOpen: string) => string | null;
  /** null: the phase has no way in (a cancelled masterclass). */
  action: (phase: EventPhase, day: string) => string | null;
}

/** Where the page's button goes: the registration of this masterclass, or its waitlist. */
export type RegisterTarget = { event: string; waitlist?: true } | { waitlist: true };

export interface EventPageView {
  phase: EventPhase;
  title: string;
  /** 'Wednesday 10 March 2027' */
  date: string;
  /** '11:30 am – 2:30 pm ACDT' */
  time: string;
  /** 'Lot Fourteen, Adelaide, South Australia' */
  venue: string;
  /** '$495.00 per person' ('Free' at no price) */
  price: string;
  /** '12 seats left', 'Only 3 seats left', 'Sold out'; what a copy kept on the device cannot say now */
  seats: string;
  notice: string | null;
  /** null for a cancelled masterclass: no registration, no waitlist (the page links to the masterclasses still to come). */
  action: { label: string; search: RegisterTarget } | null;
}

/** Fewer seats than this left: "Only 3 seats left" (the landing's hero says the same). */
const FEW_SEATS = 10;

export const SEATS_OFFLINE = 'Seats left: connect to the internet to check';

export function seatsText(left: number): string {
  if (left <= 0) return 'Sold out';
  if (left === 1) return 'Only 1 seat left';
  return left <= FEW_SEATS ? `Only ${left} seats left` : `${left} seats left`;
}

/** Sold out says so whatever seats a hold may free; closed, under way and taken place count none. */
function seatsOf(phase: EventPhase, left: number, live: boolean): string {
  if (phase === 'sold_out') return 'Sold out';
  if (phase === 'closed' || phase === 'happening' || phase === 'past' || phase === 'cancelled') return '';
  return live ? seatsText(left) : SEATS_OFFLINE;
}

/**
 * The page's view of `event` at `now`. An open masterclass with no seat left is sold out.
 * `live`: the summary was read from the server now (a kept copy's seat count is not said as current).
 */
export function eventPageView(event: EventPageEvent, now: Date, live: boolean, words: PhaseWords): EventPageView {
  const salesState = event.sales_state === 'open' && event.seats_left <= 0 ? 'sold_out' : event.sales_state;
  const phase = eventPhase({ ...event, sales_state: salesState }, now);
  const when = eventWhen(event);
  const day = formatDayMonth(event.starts_at, event.timezone);
  const salesOpen = formatSalesOpen(event.sales_open_at, event.timezone);
  // This masterclass's registration while on sale; its waitlist while sold out or before sales open; else the interest list.
  const search: RegisterTarget =
    phase === 'on_sale' ? { event: event.slug } : phase === 'sold_out' || phase === 'scheduled' ? { event: event.slug, waitlist: true } : { waitlist: true };
  const label = words.action(phase, day);
  return {
    phase,
    title: event.title,
    date: when?.date ?? '',
    time: when?.time ?? '',
    venue: [event.venue, event.location].filter((part) => part.trim()).join(', '),
    price: event.price_cents > 0 ? `${formatMoney(event.price_cents, event.currency)} per person` : 'Free',
    seats: seatsOf(phase, event.seats_left, live),
    notice: words.notice(phase, salesOpen),
    action: label === null ? null : { label, search },
  };
}
