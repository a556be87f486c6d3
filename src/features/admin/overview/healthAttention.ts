// What in the system health needs an administrator, each with what to do
// (docs/admin.md "System health" explains the same). Pure: the card shows
// the list, "Everything is working" when it is empty.
import { formatStoredDateTime } from '@/lib/eventWhen';
import { parsePocketBaseDate } from '@/lib/pocketbaseDate';
import type { SystemHealth } from './healthApi';

export interface AttentionItem {
  id: string;
  /** what is wrong, in one sentence */
  title: string;
  /** what to do about it */
  todo: string;
  /** the admin page that helps, when there is one */
  link?: { to: '/admin/emails'; label: string };
}

/** A backup older than this is called out. */
export const BACKUP_STALE_HOURS = 48;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
/** A server's error inside one of our sentences: its own closing full stop dropped, so none is doubled. */
const inSentence = (message: string) => message.trim().replace(/[.\s]+$/, '');

export const when = (stored: string) => formatStoredDateTime(stored, undefined, '—');

export function healthAttention(health: SystemHealth, now = new Date()): AttentionItem[] {
  const items: AttentionItem[] = [];
  const { emails, refunds, jobs, backups, requests } = health;
  if (emails.production && !emails.smtp) {
    items.push({
      id: 'emails-no-server',
      title: 'No mail server is set: emails are kept in the outbox and nobody receives them.',
      todo: 'Set SMTP_HOST (and SMTP_PORT, SMTP_USER, SMTP_PASSWORD, SMTP_TLS as your provider needs) and restart the server; the emails kept so far are not sent on their own, resend the ones still needed from Emails.',
      link: { to: '/admin/emails', label: 'Open Emails' },
    });
  }
  if (emails.failed > 0) {
    items.push({
      id: 'emails-failed',
      title: `${plural(emails.failed, 'email', 'emails')} failed for good in the last ${emails.failedDays} days${emails.lastError ? ` (latest error: ${inSentence(emails.lastError)})` : ''}.`,
      todo: 'Check the address and the mail server, then resend each one from Emails.',
      link: { to: '/admin/emails', label: 'Open Emails' },
    });
  }
  if (emails.retrying > 0) {
    items.push({
      id: 'emails-retrying',
      title: `${plural(emails.retrying, 'email has', 'emails have')} not been delivered yet and ${emails.retrying === 1 ? 'is' : 'are'} being retried${emails.failed === 0 && emails.lastError ? ` (latest error: ${inSentence(emails.lastError)})` : ''}.`,
      todo: 'Nothing to do if it clears within the hour. If it does not, check the mail server settings (SMTP_HOST, SMTP_USER, SMTP_PASSWORD) and your mail provider.',
    });
  }
  if (refunds.failed > 0) {
    items.push({
      id: 'refunds-failed',
      title: `${plural(refunds.failed, 'refund', 'refunds')} failed for good in the last ${refunds.failedDays} days${refunds.lastError ? ` (latest: ${inSentence(refunds.lastError)})` : ''}.`,
      todo: 'Make each refund by hand in the Stripe dashboard; the registration is flagged for review.',
    });
  }
  if (requests.turnedAway > 0) {
    items.push({
      id: 'requests-turned-away',
      title: `${plural(requests.turnedAway, 'request was', 'requests were')} answered “We're very busy right now” since the server started (${when(requests.since)}): more people came at once than it serves.`,
      todo: 'They were asked to try again and nothing of theirs was stored. Before a bigger crowd (a sales opening), give the server more JS runtimes: HOOKS_POOL (200 by default) and restart it; docs/capacity.md says how much one server holds.',
    });
  }
  for (const job of jobs.filter((candidate) => candidate.failing)) {
    items.push({
      id: `job-${job.id}`,
      title: `${job.label}: its last run failed (${when(job.lastFailedAt)})${job.lastError ? `: ${inSentence(job.lastError)}` : ''}.`,
      todo: `It is tried again ${job.retry || 'at its next run'}. If it keeps failing, read the server log (PocketBase dashboard → Logs).`,
    });
  }
  if (backups.error) {
    items.push({
      id: 'backups-unreadable',
      title: `The backups storage could not be read: ${backups.error}`,
      todo: 'Check the backup storage settings (the S3 address, bucket and keys) and that the storage is reachable.',
    });
  } else if (!backups.latest) {
    items.push({
      id: 'backups-none',
      title: 'No backup yet.',
      todo: 'Set a backup schedule, or make a backup now from the PocketBase dashboard (Settings → Backups).',
    });
  } else {
    const age = now.getTime() - parsePocketBaseDate(backups.latest.modifiedAt).getTime();
    if (age > BACKUP_STALE_HOURS * 3_600_000) {
      items.push({
        id: 'backups-stale',
        title: `The last backup was made ${when(backups.latest.modifiedAt)}, more than ${BACKUP_STALE_HOURS} hours ago.`,
        todo: 'Check that the backup schedule is set and look for backup failures in the server log; make a backup now from the PocketBase dashboard (Settings → Backups).',
      });
    }
  }
  return items;
}

/** '12.4 MB' for a backup's size. */
export function formatSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  if (bytes < 1_000_000) return `${Math.round(bytes / 1000)} kB`;
  const mb = bytes / 1_000_000;
  return mb >= 1000 ? `${(mb / 1000).toFixed(1)} GB` : `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}

/** A cron expression in words, for the common ones ('every minute', 'daily at 03:23 UTC'); else as written. */
export function describeSchedule(expression: string): string {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5) return expression;
  const [minute, hour, day, month, weekday] = fields;
  const everyDay = day === '*' && month === '*' && weekday === '*';
  if (!everyDay) return expression;
  if (minute === '*' && hour === '*') return 'every minute';
  const step = /^\*\/(\d+)$/.exec(minute ?? '');
  if (step && hour === '*') return `every ${step[1]} minutes`;
  if (/^\d+$/.test(minute ?? '') && /^\d+$/.test(hour ?? '')) return `daily at ${hour!.padStart(2, '0')}:${minute!.padStart(2, '0')} UTC`;
  return expression;
}
