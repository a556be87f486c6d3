// The event's phase (DESIGN decision 17): what the pages say about the event
// follows from its record and the clock, never from the seed's date alone.
//   scheduled  before the start, sales open from a time still to come
//              (sales_open_at); from that time on it is on sale by itself
//   on_sale    before the start, sales open
//   sold_out   before the start, sold out
//   closed     before the start, sales closed
//   happening  from the start (inclusive) to the end (exclusive)
//   past       from the end on
//   cancelled  an administrator cancelled the whole masterclass (the summary's
//              `cancelled`): before every other rule, whatever the clock says
// The start and end are instants (stored in UTC), so a daylight-saving change
// in the event's zone cannot move a boundary: 11:30 am in Adelaide is the same
// instant whatever zone the visitor's device is in. The server applies the
// same rule (pb_hooks/lib/events/phase.js; tests/server/event-phase.test.ts
// proves the two agree). Small and dependency-free: the landing loads it.
import type { SalesState } from '@/db';
import { parsePocketBaseDate } from './pocketbaseDate';

export type EventPhase = 'scheduled' | 'on_sale' | 'sold_out' | 'closed' | 'happening' | 'past' | 'cancelled';

export interface PhaseSource {
  starts_at: string;
  ends_at: string;
  sales_state: SalesState;
  /** When sales open ('' or absent: as the sales state says). */
  sales_open_at?: string | null;
  /** The whole masterclass was cancelled (absent: it was not). */
  cancelled?: boolean;
}

function salesPhase(event: PhaseSource, at: number): EventPhase {
  const salesState = event.sales_state;
  if (salesState === 'open') return at < parsePocketBaseDate(event.sales_open_at ?? '').getTime() ? 'scheduled' : 'on_sale';
  return salesState === 'sold_out' ? 'sold_out' : 'closed';
}

/**
 * The event's phase at `now`. An end that is missing or not after the start
 * (bad data the admin form and the server refuse) is read as the start, so
 * such an event is never "happening" and has taken place once it starts. An
 * unreadable start leaves the sales state alone to decide.
 */
export function eventPhase(event: PhaseSource, now: Date): EventPhase {
  if (event.cancelled === true) return 'cancelled';
  const at = now.getTime();
  const start = parsePocketBaseDate(event.starts_at).getTime();
  if (Number.isNaN(start)) return salesPhase(event, at);
  const rawEnd = parsePocketBaseDate(event.ends_at).getTime();
  const end = Number.isNaN(rawEnd) || rawEnd < start ? start : rawEnd;
  if (at >= end) return 'past';
  if (at >= start) return 'happening';
  return salesPhase(event, at);
}

/** Paid and promo registrations are taken only while the event is on sale; the waitlist always. */
export function sellsSeats(phase: EventPhase): boolean {
  return phase === 'on_sale';
}

/** Every phase, in the order an event passes through them (sold out and closed may come and go). */
export const PHASES: readonly EventPhase[] = ['scheduled', 'on_sale', 'sold_out', 'closed', 'happening', 'past', 'cancelled'];

/** Before the start: the spec's own texts (an upcoming event) apply. */
export function isUpcoming(phase: EventPhase): boolean {
  return phase !== 'happening' && phase !== 'past' && phase !== 'cancelled';
}

/** Browsers run a longer timeout at once; a boundary further off is re-checked then. */
export const LONGEST_TIMEOUT_MS = 2 ** 31 - 1;

/** The next sales opening, start or end after `now`, in ms from now, or null when all have passed. */
export function msToNextBoundary(event: PhaseSource, now: number): number | null {
  const ahead = [event.sales_open_at ?? '', event.starts_at, event.ends_at]
    .map((value) => parsePocketBaseDate(value).getTime() - now)
    .filter((ms) => ms > 0);
  return ahead.length > 0 ? Math.min(...ahead) : null;
}
