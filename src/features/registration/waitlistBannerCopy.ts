// The waitlist banner's words (/register?waitlist=true) in the tense of the event's phase.
import type { EventPhase } from '@/lib/eventPhase';

/**
 * Title and text per phase: the spec's sold-out banner before the start, its own words during and
 * after; while the event is still unknown (loading, or unreadable offline), words without a date.
 */
export function waitlistBannerCopy(phase: EventPhase | null, eventDate: string): { title: string; text: string } {
  const future = "Register your interest below and we'll let you know as soon as places open for future events.";
  if (phase === null) return { title: 'Register Your Interest', text: future };
  if (phase === 'past') {
    return {
      title: 'Event Has Taken Place',
      text: `The ${eventDate} masterclass has taken place. Register your interest below and we'll let you know as soon as the next masterclass opens.`,
    };
  }
  if (phase === 'happening') return { title: 'Event Under Way', text: `The ${eventDate} masterclass is under way and registration has closed. ${future}` };
  if (phase === 'on_sale') {
    return { title: 'Register Your Interest', text: `Places for the ${eventDate} masterclass are still available. Register your interest below to hear about future events.` };
  }
  return { title: 'Event Sold Out', text: `The ${eventDate} masterclass is fully booked. ${future}` };
}
