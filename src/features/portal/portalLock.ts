// When the attendee tools open, and the sidebar's countdown (spec section 4,
// "Portal unlock"; DESIGN decision 1). The tools open at `portal_unlock_at`,
// one hour before the start the spec's arithmetic uses (10:00 Adelaide), and
// the countdown counts to that start.
import { parsePocketBaseDate } from '@/lib/pocketbaseDate';

export interface UnlockingEvent {
  /** PocketBase date: '2025-06-17 23:30:00.000Z'. */
  portal_unlock_at: string;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** The tools open this long before the start the countdown counts to. */
export const UNLOCK_LEAD_MS = HOUR_MS;

/** How often the lock and the countdown are checked again. */
export const LOCK_REFRESH_MS = MINUTE_MS;

export function isPortalUnlocked(now: Date, event: UnlockingEvent): boolean {
  return now.getTime() >= parsePocketBaseDate(event.portal_unlock_at).getTime();
}

/** The start the countdown counts to: one hour after the unlock. */
export function countdownTarget(event: UnlockingEvent): Date {
  return new Date(parsePocketBaseDate(event.portal_unlock_at).getTime() + UNLOCK_LEAD_MS);
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/**
 * The spec's forms: days and hours, hours only, or minutes until the
 * Masterclass, or 'Event has started'. Days and hours round down; the last
 * minutes round up, so it never says '0 minutes' before the start.
 */
export function countdownText(now: Date, eventStartsAt: Date): string {
  const left = eventStartsAt.getTime() - now.getTime();
  if (left <= 0) return 'Event has started';
  const days = Math.floor(left / DAY_MS);
  const hours = Math.floor((left % DAY_MS) / HOUR_MS);
  if (days > 0) return `${plural(days, 'day')} ${plural(hours, 'hour')} until the Masterclass`;
  if (hours > 0) return `${plural(hours, 'hour')} until the Masterclass`;
  return `${plural(Math.ceil(left / MINUTE_MS), 'minute')} until the Masterclass`;
}
