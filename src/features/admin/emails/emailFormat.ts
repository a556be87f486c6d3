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

/** Each kind of email (the outbox's `template`) in words. */
const KIND_WORDS: Record<string, string> = {
  registration_confirmation: 'Registration confirmation',
  user_account_invite: 'Account invitation',
  user_access_reminder: 'Sign-in reminder',
  waitlist_confirmation: 'Waitlist confirmation',
  waitlist_offer: 'Waitlist seat offer',
  early_access: 'Early access',
  new_ticket: 'New ticket',
  refund_notice: 'Refund notice',
  cancellation_notice: 'Cancellation notice',
  cancellation_payer_notice: 'Cancellation notice to the payer',
  refund_failed_notice: 'Refund not completed',
  refund_failed_payer_notice: 'Refund not completed (to the payer)',
  seat_passed_on: 'Seat passed on',
  admin_alert_refund_failed: 'Alert to administrators: a refund failed',
  admin_alert_mail_failing: 'Alert to administrators: email keeps failing',
  admin_alert_backup_failed: 'Alert to administrators: a backup failed',
  admin_alert_replication_failed: 'Alert to administrators: the database is not being replicated',
  pocketbase: 'Account email (password reset, verification or code)',
};

/** A kind in words; one not listed here is its name as a sentence ("tax_invoice" → "Tax invoice"). */
export function kindWords(template: string): string {
  if (KIND_WORDS[template]) return KIND_WORDS[template];
  const words = template.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Other';
}

const TYPE_WORDS: Record<string, string> = {
  'application/pdf': 'PDF document',
  'text/calendar': 'Calendar file',
  'image/png': 'PNG image',
};

/** A file's media type in words, with the type itself ('PDF document (application/pdf)'). */
export function fileTypeWords(type: string): string {
  return TYPE_WORDS[type] ? `${TYPE_WORDS[type]} (${type})` : type;
}

/** A size in bytes as people read it: '812 bytes', '14.2 KB', '1.3 MB' (1 KB = 1,024 bytes). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
