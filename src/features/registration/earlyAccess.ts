// The waitlist's priority window on /register: whether it is open at the
// page's opening (the server decides again on submit), and the words of the
// notice for an early-access visit and for everyone else while it is open.
import { formatZonedInstant } from '@/lib/eventWhen';
import { parsePocketBaseDate } from '@/lib/pocketbaseDate';
import type { EarlyAccessWindow } from './registrationApi';

export type WindowState = 'none' | 'open' | 'over';

/** From its start (inclusive) to its end (exclusive), like the server (pb_hooks/lib/waitlist/early-access-rules.js). */
export function windowState(window: EarlyAccessWindow | null | undefined, now: Date): WindowState {
  if (!window) return 'none';
  const start = parsePocketBaseDate(window.starts_at).getTime();
  const end = parsePocketBaseDate(window.ends_at).getTime();
  if (Number.isNaN(start) || Number.isNaN(end) || now.getTime() < start) return 'none';
  return now.getTime() < end ? 'open' : 'over';
}

export interface EarlyAccessCopy {
  title: string;
  text: string;
}

/** What /register says about the window; null when it says nothing. */
export function earlyAccessCopy(
  window: EarlyAccessWindow | null | undefined,
  timezone: string,
  now: Date,
  visit: { email: string } | null,
): EarlyAccessCopy | null {
  const state = windowState(window, now);
  if (state === 'none' || !window) {
    return visit ? { title: 'Early access', text: 'This early-access link is not active for this masterclass. You can still register below if seats are on sale.' } : null;
  }
  const end = formatZonedInstant(window.ends_at, timezone);
  if (state === 'over') {
    return visit ? { title: 'Early access has ended', text: `Your early access ended on ${end}. Public sales are open now: you can still register below.` } : null;
  }
  if (visit) {
    return {
      title: 'Early access',
      text: `You're registering before public sales open. Your early access lasts until ${end}. Enter ${visit.email} as the first attendee: the link works only for that address, and only once, so add any colleagues to this same registration.`,
    };
  }
  return {
    title: 'Public sales open soon',
    text: `Public sales open on ${end}. Until then, only people on our waitlist who received an early-access email can register.`,
  };
}
