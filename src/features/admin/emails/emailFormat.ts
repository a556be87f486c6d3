// How the outbox shows a status and a time.
import { parsePocketBaseDate } from '@/lib/pocketbaseDate';
import type { EmailStatus } from './emailsApi';

export const STATUS_LOOK: Record<EmailStatus, { label: string; color: string }> = {
  queued: { label: 'Queued', color: 'blue' },
  sent: { label: 'Sent', color: 'teal' },
  captured: { label: 'Captured', color: 'violet' },
  failed: { label: 'Failed', color: 'red' },
  // Never sent: the recipient's details were deleted first (pb_hooks/lib/accounts/anonymise.js).
  cancelled: { label: 'Cancelled', color: 'gray' },
};

const FORMAT = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short' });

/** A stored date in the reader's time, or '—' when none. */
export function formatWhen(value: string): string {
  if (!value) return '—';
  const date = parsePocketBaseDate(value);
  return Number.isNaN(date.getTime()) ? '—' : FORMAT.format(date);
}

const DAY = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium' });
const TIME = new Intl.DateTimeFormat('en-AU', { timeStyle: 'short' });

/** A stored date as [day, time] for a narrow column, or null when none. */
export function whenParts(value: string): [string, string] | null {
  if (!value) return null;
  const date = parsePocketBaseDate(value);
  return Number.isNaN(date.getTime()) ? null : [DAY.format(date), TIME.format(date)];
}
