// The words of /register in each phase of the event (DESIGN decisions 17 and
// 23): the waitlist banner (/register?waitlist=true), its button and the page's
// title, and the notice normal mode shows while the event sells no seat. The
// landing says the same things (src/features/landing/phaseCopy.ts).
import type { EventPhase } from '@/lib/eventPhase';

export interface PhaseFacts {
  /** 'Wednesday 18 June 2025' ('' while the event is unknown) */
  eventDate: string;
  /** '18 June': the day the waitlist is for */
  day?: string;
  /** 'Tuesday 10 February at 9:00 am': when sales open */
  salesOpen?: string;
}

/** The waitlist's promise, in plain words (the landing's WAITLIST_PROMISE). */
export const WAITLIST_PROMISE = 'If a seat frees up, it is offered to you first by email, for a limited time.';

const FUTURE = "Register your interest below and we'll let you know as soon as places open for future events.";

/**
 * Title and text per phase: the waitlist for the sold-out date, the list told when sales open,
 * the interest list in every other phase; while the event is still unknown (loading, or
 * unreadable offline), words without a date.
 */
export function waitlistBannerCopy(phase: EventPhase | null, facts: PhaseFacts | string): { title: string; text: string } {
  const { eventDate, day = '', salesOpen = '' } = typeof facts === 'string' ? { eventDate: facts } : facts;
  if (phase === null) return { title: 'Register Your Interest', text: FUTURE };
  if (phase === 'past') {
    return {
      title: 'Event Has Taken Place',
      text: `The ${eventDate} masterclass has taken place. Register your interest below and we'll let you know as soon as the next masterclass opens.`,
    };
  }
  if (phase === 'happening') return { title: 'Event Under Way', text: `The ${eventDate} masterclass is under way and registration has closed. ${FUTURE}` };
  if (phase === 'on_sale') {
    return { title: 'Register Your Interest', text: `Places for the ${eventDate} masterclass are still available. Register your interest below to hear about future events.` };
  }
  if (phase === 'scheduled') {
    return {
      title: `Sales open on ${salesOpen}`,
      text: `Sales for the ${eventDate} masterclass open on ${salesOpen}. Leave your name and email and we'll email you when they open. Please confirm your address when our email asks you to.`,
    };
  }
  if (phase === 'closed') {
    return { title: 'Registration Is Closed', text: `Registration for the ${eventDate} masterclass has closed. ${FUTURE}` };
  }
  return {
    title: day ? `Join the waitlist for ${day}` : 'Join the waitlist',
    text: `The ${eventDate} masterclass is fully booked. ${WAITLIST_PROMISE} We only need your name and email.`,
  };
}

/** The waitlist form's button: the spec's words where no date is on offer. */
export function waitlistButtonLabel(phase: EventPhase | null, day = ''): string {
  if (phase === 'sold_out') return day ? `Join the waitlist for ${day}` : 'Join the waitlist';
  if (phase === 'scheduled') return 'Tell Me When Sales Open';
  return 'Register for Future Events';
}

/** The page title in waitlist mode. */
export function waitlistPageTitle(phase: EventPhase | null): string {
  if (phase === 'sold_out') return 'Join the Waitlist';
  if (phase === 'scheduled') return 'Hear When Sales Open';
  return 'Register Your Interest';
}

/** The finish screen after joining: what the person is on, and what happens next (never 'Registration Complete'). */
export function waitlistFinishCopy(phase: EventPhase | null, facts: PhaseFacts, email: string): { title: string; text: string } {
  const confirm = `open the email we've sent to ${email} and confirm your address`;
  if (phase === 'sold_out') {
    return {
      title: facts.day ? `You're on the waitlist for ${facts.day}` : "You're on the waitlist",
      text: `What happens next: ${confirm}, since seats are offered only to confirmed addresses. ${WAITLIST_PROMISE} Claim it with the link in that email before it expires. Nothing has been charged.`,
    };
  }
  if (phase === 'scheduled') {
    return {
      title: "We'll tell you when sales open",
      text: `What happens next: ${confirm}. When sales open on ${facts.salesOpen ?? ''}, we email you, and seats go to whoever registers first. Nothing has been charged.`,
    };
  }
  return {
    // The spec's success words, as the step's heading (no notice repeats them over it).
    title: 'Interest Registered Successfully',
    text: `Thank you for registering your interest. We'll email ${email} as soon as places open for future events. Please open that email and confirm your address when it asks you to: a seat that frees up is offered only to confirmed addresses.`,
  };
}
