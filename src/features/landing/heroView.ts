// What the hero says about the featured masterclass: its phase and its words
// (where, when, the places, and while on sale the price and the seats left).
// The server says the same words the same way for the page it sends
// (pb_hooks/lib/events/landing.js; tests/server/landing-hero.test.ts proves
// the two agree), and pocketbase/landing.go puts them into the hero the build
// prerendered with HERO_TOKENS in their place, so the hero's facts paint before
// any script runs and the app hydrates the very same words.
import { eventWhen, formatDayMonth, formatSalesOpen, formatZonedInstant } from '@/lib/eventWhen';
import type { EventPhase } from '@/lib/eventPhase';
import type { MasterclassEvent } from './eventRecord';

export interface HeroTexts {
  /** 'Adelaide' from 'Adelaide, South Australia' */
  city: string;
  /** 'Wednesday 16 December 2026, 11:30 am ACDT' */
  start: string;
  /** 'Wednesday 16 December 2026' */
  date: string;
  /** '16 December': the day the waitlist is for */
  day: string;
  /** 'Wednesday 16 December 2026, 11:30 am – 2:30 pm ACDT' */
  when: string;
  /** Where it takes place: the venue's address ('Lot Fourteen, North Terrace, Adelaide SA 5000'), else the location. */
  venue: string;
  /** '50' */
  capacity: string;
  /** '$495' */
  price: string;
  /** '12 seats left', 'Only 3 seats left', 'Only 1 seat left' */
  seats: string;
  /** When sales open, 'Tuesday 10 February at 9:00 am' ('' when no time is set) */
  salesOpen: string;
  /** The masterclass's page address (its slug, else its id): the Register and waitlist links name it. */
  slug: string;
}

export interface HeroView {
  phase: EventPhase;
  texts: HeroTexts;
  /**
   * Whether the seats left were read from the server for this page: a copy kept on the
   * device for offline use is not, and its count is never shown as if it were current.
   */
  live: boolean;
}

/** The placeholders the build prerenders into the hero's templates (pocketbase/landing.go fills them). */
export const HERO_TOKENS: HeroTexts = {
  city: '%%HERO_CITY%%',
  start: '%%HERO_START%%',
  date: '%%HERO_DATE%%',
  day: '%%HERO_DAY%%',
  when: '%%HERO_WHEN%%',
  venue: '%%HERO_VENUE%%',
  capacity: '%%HERO_CAPACITY%%',
  price: '%%HERO_PRICE%%',
  seats: '%%HERO_SEATS%%',
  salesOpen: '%%HERO_SALES_OPEN%%',
  // In a link's query, so only characters a URL keeps as they are.
  slug: '__HERO_SLUG__',
};

/** Fewer seats than this left: "Only 3 seats left". */
export const FEW_SEATS = 10;

/** What the hero says in place of a count it cannot check (the page shows a copy kept on the device). */
export const SEATS_NEED_CONNECTION = 'Seats left: connect to the internet to check';

/** '$495', '$1,485.50': a seat's price as the hero says it (whole dollars without cents). */
export function formatPrice(cents: number, currency: string): string {
  const whole = Math.floor(Math.abs(cents) / 100);
  const rest = Math.abs(cents) % 100;
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const symbol = currency === 'AUD' ? '$' : `${currency} `;
  return `${cents < 0 ? '-' : ''}${symbol}${grouped}${rest ? `.${String(rest).padStart(2, '0')}` : ''}`;
}

/** '12 seats left', 'Only 3 seats left', 'Only 1 seat left', 'Sold out' (0). */
export function seatsText(left: number): string {
  if (left <= 0) return 'Sold out';
  if (left === 1) return 'Only 1 seat left';
  return left <= FEW_SEATS ? `Only ${left} seats left` : `${left} seats left`;
}

/** The hero's words for the event in `phase` (its phase now, ../../lib/eventPhase.ts); `live`: its seats were read from the server for this page. */
export function heroView(event: MasterclassEvent, phase: EventPhase, live: boolean): HeroView {
  const when = eventWhen(event);
  const known = live && typeof event.seats_left === 'number';
  return {
    phase,
    live: known,
    texts: {
      city: event.location.split(',')[0]?.trim() || event.location,
      start: formatZonedInstant(event.starts_at, event.timezone),
      date: when?.date ?? '',
      day: formatDayMonth(event.starts_at, event.timezone),
      when: when?.full ?? '',
      venue: String(event.venue ?? '').trim() || event.location,
      capacity: String(event.capacity),
      price: formatPrice(event.price_cents, event.currency),
      seats: known ? seatsText(event.seats_left as number) : SEATS_NEED_CONNECTION,
      salesOpen: formatSalesOpen(event.sales_open_at, event.timezone),
      slug: event.slug || event.id,
    },
  };
}
