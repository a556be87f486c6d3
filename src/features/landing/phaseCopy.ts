// What the landing says in each phase of the event (DESIGN decision 17). The
// phases before the start keep the spec's own texts word for word (the spec
// shows an upcoming, sold-out event); the event under way and the event that
// took place get their own.
import type { EventPhase } from '@/lib/eventPhase';
import { SOLD_OUT_NOTICE } from '@/lib/specTexts';

export const HAPPENING_NOTICE = 'Happening Now – Registration Closed';
export const PAST_NOTICE = 'This Masterclass Has Taken Place';

/** The notice above the hero text and the closing call to action; null while on sale. */
export function phaseNotice(phase: EventPhase): string | null {
  if (phase === 'on_sale') return null;
  if (phase === 'happening') return HAPPENING_NOTICE;
  if (phase === 'past') return PAST_NOTICE;
  return SOLD_OUT_NOTICE;
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
  return {
    welcome: `We look forward to welcoming registered attendees in ${facts.city} on ${facts.start}.`,
    invite:
      phase === 'on_sale'
        ? `Places are limited to ${facts.capacity} participants. Secure yours today.`
        : 'Missed out this time? Register your interest and be the first to hear about future masterclasses.',
  };
}

export function closingText(phase: EventPhase, facts: Pick<CopyFacts, 'date' | 'capacity'>): string {
  if (phase === 'on_sale') return `Places are limited to ${facts.capacity} participants. Register now to lead the AI revolution in your organisation.`;
  if (phase === 'happening') {
    return 'This masterclass is under way today. Register your interest now and be the first to know when the next AI Champions Masterclass opens.';
  }
  if (phase === 'past') {
    return `This masterclass took place on ${facts.date}. Register your interest now and be the first to know when the next AI Champions Masterclass opens.`;
  }
  return 'This masterclass is fully booked. Register your interest now and be the first to know when the next AI Champions Masterclass opens.';
}

/** The Event Details section's eyebrow. */
export function detailsEyebrow(phase: EventPhase | null): string {
  if (phase === 'happening') return 'Happening now';
  if (phase === 'past') return 'The last masterclass';
  return 'Save the date';
}

/** The heading over what attendees take away. */
export function outcomesTitle(phase: EventPhase | null): string {
  return phase === 'past' ? 'Attendees left with' : 'You leave with';
}
