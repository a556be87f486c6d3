// How the outbox shows a status and a time.
import { parsePocketBaseDate } from '@/lib/pocketbaseDate';
import type { EmailStatus } from './emailsApi';

export const STATUS_LOOK: Record<EmailStatus, { label: string; color: string }> = {
  queued: { label: 'Queued', color: 'blue' },
  sent: { label: 'Sent', color: 'teal' },
  captured: { label: 'Captured', color: 'violet' },
  failed: { label: 'Failed', color: 'red' },
};

const FORMAT = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short' });

/** A stored date in the reader's time, or '—' when none. */
export function formatWhen(value: string): string {
  if (!value) return '—';
  const date = parsePocketBaseDate(value);
  return Number.isNaN(date.getTime()) ? '—' : FORMAT.format(date);
}
