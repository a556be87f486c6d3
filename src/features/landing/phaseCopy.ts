// What the landing says in each phase of the event (DESIGN decisions 17 and
// 23): every sales state and phase has its own words and one way in. Sold out
// keeps the spec's notice word for word (the spec shows an upcoming, sold-out
// event) and offers the waitlist for that date; closed is never called sold
// out; scheduled says when sales open; the event under way and the event that
// took place get their own; a cancelled masterclass says so and offers no way
// in (the server takes no registration and no waitlist for it; the landing's
// Next line offers the next one on sale).
import type { EventPhase } from '@/lib/eventPhase';
import { CANCELLED_NOTICE } from '@/lib/cancelledEvent';
import { SOLD_OUT_NOTICE } from '@/lib/specTexts';

export const HAPPENING_NOTICE = 'Happening Now – Registration Closed';
export const PAST_NOTICE = 'This Masterclass Has Taken Place';
export const CLOSED_NOTICE = 'Registration Is Closed';
/** The spec's button to the interest list, kept where no date is on offer (closed, under way, taken place). */
export const FUTURE_EVENTS_ACTION = 'Register for Future Events';
export const SALES_OPEN_ACTION = 'Tell Me When Sales Open';

/** "Sales open on Tuesday 10 February at 9:00 am" */
export function salesOpenNotice(salesOpen: string): string {
  return salesOpen ? `Sales open on ${salesOpen}` : 'Sales open soon';
}

/** "Join the waitlist for 18 June" */
export function waitlistAction(day: string): string {
  return day ? `Join the waitlist for ${day}` : 'Join the waitlist';
}

/** The waitlist's promise, in plain words. */
export const WAITLIST_PROMISE = 'If a seat frees up, it is offered to you first by email, for a limited time.';

/** The notice above the hero text and the closing call to action; null while on sale. */
export function phaseNotice(phase: EventPhase, salesOpen = ''): string | null {
  if (phase === 'on_sale') return null;
  if (phase === 'scheduled') return salesOpenNotice(salesOpen);
  if (phase === 'happening') return HAPPENING_NOTICE;
  if (phase === 'past') return PAST_NOTICE;
  if (phase === 'closed') return CLOSED_NOTICE;
  if (phase === 'cancelled') return CANCELLED_NOTICE;
  return SOLD_OUT_NOTICE;
}

/** The one primary way in of the phase (the landing's buttons; /register says the same); null when cancelled: there is none. */
export function primaryAction(phase: EventPhase, day: string): string | null {
  if (phase === 'cancelled') return null;
  if (phase === 'on_sale') return 'Register Now';
  if (phase === 'scheduled') return SALES_OPEN_ACTION;
  if (phase === 'sold_out') return waitlistAction(day);
  return FUTURE_EVENTS_ACTION;
}

export interface HeroCopy {
  welcome: string;
  invite: string;
}

interface CopyFacts {
  /** 'Adelaide' */
  city: string;
  /** 'Wednesday 18 June 2025, 11:30 am ACST': the start, in the one date format (src/lib/eventWhen.ts) */
  start: string;
  /** 'Wednesday 18 June 2025' */
  date: string;
  /** 'Wednesday 18 June 2025, 11:30 am – 2:30 pm ACST' */
  when: string;
  capacity: number | string;
  /** 'Tuesday 10 February at 9:00 am' ('' without a sales-open time) */
  salesOpen?: string;
}

export function heroCopy(phase: EventPhase, facts: CopyFacts): HeroCopy {
  if (phase === 'happening') {
    return {
      welcome: `The masterclass is under way in ${facts.city} right now: ${facts.when}.`,
      invite: "Couldn't make it? Register your interest and be the first to hear about the next masterclass.",
    };
  }
  if (phase === 'past') {
    return {
      welcome: `The AI Champions Masterclass took place in ${facts.city} on ${facts.date}. Thank you to everyone who joined us.`,
      invite: 'Register your interest and be the first to hear when the next masterclass opens.',
    };
  }
  if (phase === 'cancelled') {
    return {
      welcome: `The AI Champions Masterclass planned in ${facts.city} on ${facts.date} has been cancelled.`,
      invite: 'Every seat bought for it has been refunded in full, and everyone who held a seat or waited for one has been told by email.',
    };
  }
  if (phase === 'scheduled') {
    return {
      welcome: `The next masterclass is in ${facts.city} on ${facts.start}.`,
      invite: `Places are limited to ${facts.capacity} participants. Leave your name and email and we'll email you the moment sales open.`,
    };
  }
  const invite: Record<'on_sale' | 'sold_out' | 'closed', string> = {
    on_sale: `Places are limited to ${facts.capacity} participants. Secure yours today.`,
    sold_out: `Every place is taken. Join the waitlist: ${WAITLIST_PROMISE.charAt(0).toLowerCase()}${WAITLIST_PROMISE.slice(1)}`,
    closed: 'Registration for this masterclass has closed. Register your interest and be the first to hear about future masterclasses.',
  };
  return {
    welcome: `We look forward to welcoming registered attendees in ${facts.city} on ${facts.start}.`,
    invite: invite[phase],
  };
}

export function closingText(phase: EventPhase, facts: Pick<CopyFacts, 'date' | 'capacity' | 'salesOpen'>): string {
  if (phase === 'on_sale') return `Places are limited to ${facts.capacity} participants. Register now to lead the AI revolution in your organisation.`;
  if (phase === 'scheduled') {
    return `Sales open on ${facts.salesOpen ?? ''}, for ${facts.capacity} places. Leave your name and email and we'll email you the moment they open.`;
  }
  if (phase === 'happening') {
    return 'This masterclass is under way today. Register your interest now and be the first to know when the next AI Champions Masterclass opens.';
  }
  if (phase === 'past') {
    return `This masterclass took place on ${facts.date}. Register your interest now and be the first to know when the next AI Champions Masterclass opens.`;
  }
  if (phase === 'cancelled') return `The masterclass planned for ${facts.date} has been cancelled, and every seat bought for it refunded in full.`;
  if (phase === 'closed') {
    return 'Registration for this masterclass has closed. Register your interest now and be the first to know when the next AI Champions Masterclass opens.';
  }
  return `This masterclass is fully booked. Join the waitlist: ${WAITLIST_PROMISE.charAt(0).toLowerCase()}${WAITLIST_PROMISE.slice(1)}`;
}

/** The Event Details section's eyebrow; before the phase is known (the page's first paint) nothing that could be untrue. */
export function detailsEyebrow(phase: EventPhase | null): string {
  if (phase === null) return 'The masterclass';
  if (phase === 'happening') return 'Happening now';
  if (phase === 'past') return 'The last masterclass';
  if (phase === 'cancelled') return 'Cancelled';
  return 'Save the date';
}

/** The heading over what attendees take away. */
export function outcomesTitle(phase: EventPhase | null): string {
  return phase === 'past' ? 'Attendees left with' : 'You leave with';
}
