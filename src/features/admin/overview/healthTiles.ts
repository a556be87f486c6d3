// The figures of the System health section, one tile each: the outbox,
// refunds, open seat offers and the last backup, with a line of context and
// whether the figure is one the attention list names (its tone). Pure: the
// card renders the list as it comes.
import { formatCount } from './format';
import { describeSchedule, formatSize, when, type AttentionItem } from './healthAttention';
import type { SystemHealth } from './healthApi';

export type HealthTileTone = 'default' | 'attention';

export interface HealthTile {
  id: string;
  label: string;
  value: string;
  hint?: string;
  tone: HealthTileTone;
}

/** Which attention items each tile's figure stands for. */
const TILE_ATTENTION: Record<string, readonly string[]> = {
  'health-emails-waiting': ['emails-no-server', 'emails-retrying'],
  'health-emails-failed': ['emails-failed'],
  'health-refunds-failed': ['refunds-failed'],
  'health-backup': ['backups-unreadable', 'backups-none', 'backups-stale'],
  'health-requests': ['requests-turned-away'],
};

/** The tiles in the order shown; `attention` is healthAttention's answer for the same figures. */
export function healthTiles(health: SystemHealth, attention: readonly AttentionItem[]): HealthTile[] {
  const { emails, refunds, offers, requests } = health;
  const named = new Set(attention.map((item) => item.id));
  const tone = (id: string): HealthTileTone => ((TILE_ATTENTION[id] ?? []).some((item) => named.has(item)) ? 'attention' : 'default');
  const tiles: Omit<HealthTile, 'tone'>[] = [
    {
      id: 'health-emails-waiting',
      label: 'Emails waiting',
      value: formatCount(emails.waiting),
      hint: emails.waiting > 0 ? `Oldest since ${when(emails.oldestWaitingAt)}` : emails.smtp ? 'None waiting' : 'No mail server set: emails are kept in the outbox, not sent',
    },
    {
      id: 'health-emails-failed',
      label: `Emails failed (${emails.failedDays} days)`,
      value: formatCount(emails.failed),
      hint: emails.lastFailedAt ? `Last ${when(emails.lastFailedAt)}` : undefined,
    },
    {
      id: 'health-refunds-waiting',
      label: 'Refunds waiting',
      value: formatCount(refunds.waiting),
      hint: refunds.waiting > 0 ? `Oldest since ${when(refunds.oldestWaitingAt)}` : undefined,
    },
    {
      id: 'health-refunds-failed',
      label: `Refunds failed (${refunds.failedDays} days)`,
      value: formatCount(refunds.failed),
      hint: refunds.lastFailedAt ? `Last ${when(refunds.lastFailedAt)}` : undefined,
    },
    {
      id: 'health-offers-open',
      label: 'Open seat offers',
      value: formatCount(offers.open),
      hint: offers.nextExpiresAt ? `Next expires ${when(offers.nextExpiresAt)}` : undefined,
    },
    { id: 'health-backup', label: 'Last backup', value: backupValue(health), hint: backupHint(health) },
    {
      id: 'health-requests',
      label: 'Requests running now',
      value: `${formatCount(requests.running)} of ${formatCount(requests.limit)}`,
      hint: [
        requests.waiting > 0 ? `${formatCount(requests.waiting)} waiting for a turn` : 'None waiting',
        requests.turnedAway > 0 ? `${formatCount(requests.turnedAway)} told to try again since ${when(requests.since)}` : '',
      ].filter(Boolean).join(' · '),
    },
  ];
  return tiles.map((tile) => ({ ...tile, tone: tone(tile.id) }));
}

function backupValue({ backups }: SystemHealth): string {
  if (backups.latest) return formatSize(backups.latest.size);
  return backups.error ? 'Unknown' : 'No backup yet';
}

function backupHint({ backups }: SystemHealth): string {
  const where = backups.storage === 's3' ? 'S3 storage' : 'this server';
  const schedule = backups.schedule ? `scheduled ${describeSchedule(backups.schedule)}` : 'no schedule set';
  if (backups.latest) return `${when(backups.latest.modifiedAt)} · ${formatCount(backups.count)} kept on ${where} · ${schedule}`;
  if (backups.error) return 'The backups storage could not be read';
  return `${where} · ${schedule}`;
}
