// What System health asks an administrator to look at: nothing when every
// figure is fine (with a recent backup), and one line with what to do for each
// failed email, retrying email, failed refund, failing job and backup problem;
// the figures' tiles, with the ones that problem is about marked.
import { describe, expect, it } from 'vitest';
import type { HealthJob, SystemHealth } from './healthApi';
import { describeSchedule, formatSize, healthAttention, when } from './healthAttention';
import { healthTiles } from './healthTiles';

const NOW = new Date('2026-11-27T01:00:00Z');

function job(fields: Partial<HealthJob>): HealthJob {
  return {
    id: 'masterclass_email_retry', label: 'Email delivery', schedule: '* * * * *', runs: 10, failures: 0, lastStartedAt: '', lastFinishedAt: '',
    lastOkAt: '2026-11-27 00:59:00.000Z', lastFailedAt: '', lastError: '', retry: 'at the next run, within a minute', failing: false, ...fields,
  };
}

function health(overrides: { emails?: Partial<SystemHealth['emails']>; refunds?: Partial<SystemHealth['refunds']>; backups?: Partial<SystemHealth['backups']>; jobs?: HealthJob[]; requests?: Partial<SystemHealth['requests']> } = {}): SystemHealth {
  return {
    emails: { smtp: true, production: true, waiting: 0, retrying: 0, oldestWaitingAt: '', failed: 0, lastFailedAt: '', lastError: '', failedDays: 7, ...overrides.emails },
    refunds: { waiting: 1, oldestWaitingAt: '2026-11-27 00:58:00.000Z', failed: 0, lastFailedAt: '', lastError: '', failedDays: 7, ...overrides.refunds },
    offers: { open: 2, nextExpiresAt: '2026-11-27 05:00:00.000Z' },
    jobs: overrides.jobs ?? [job({})],
    backups: {
      schedule: '0 3 * * *', keep: 7, storage: 'local', inProgress: false, count: 3, error: '', lastRun: null, lastOkRun: null, lastFailedRun: null,
      latest: { key: '@auto_pb_backup_x.zip', size: 12_400_000, modifiedAt: '2026-11-26 03:00:00.000Z' },
      ...overrides.backups,
    },
    alerts: [],
    requests: { limit: 66, running: 0, waiting: 0, turnedAway: 0, since: '2026-11-27 00:00:00.000Z', ...overrides.requests },
    generatedAt: '2026-11-27 01:00:00.000Z',
  };
}

const ids = (value: SystemHealth) => healthAttention(value, NOW).map((item) => item.id);

describe('healthAttention', () => {
  it('asks for nothing when all is well (a waiting refund and open offers are normal)', () => {
    expect(healthAttention(health(), NOW)).toEqual([]);
  });

  it('names each problem with what to do', () => {
    const items = healthAttention(health({
      emails: { failed: 2, retrying: 1, lastError: '550 Mailbox unavailable' },
      refunds: { failed: 1, lastError: 'Stripe reported the refund re_1 as failed.' },
      jobs: [job({}), job({ id: 'pruneTombstones', label: 'Deletion records clean-up', failing: true, lastFailedAt: '2026-11-27 00:30:00.000Z', lastError: 'database is locked', retry: 'at the next daily run' })],
    }), NOW);
    expect(items.map((item) => item.id)).toEqual(['emails-failed', 'emails-retrying', 'refunds-failed', 'job-pruneTombstones']);
    expect(items[0]).toMatchObject({ title: '2 emails failed for good in the last 7 days (latest error: 550 Mailbox unavailable).', link: { to: '/admin/emails' } });
    expect(items[1]!.title).toBe('1 email has not been delivered yet and is being retried.');
    // The server's own full stop is not doubled inside the sentence.
    expect(items[2]!.title).toBe('1 refund failed for good in the last 7 days (latest: Stripe reported the refund re_1 as failed).');
    expect(items[2]!.todo).toContain('Stripe dashboard');
    expect(items[3]!.title).toMatch(/^Deletion records clean-up: its last run failed \(.+\): database is locked\.$/);
    expect(items[3]!.todo).toContain('It is tried again at the next daily run.');
  });

  it('calls out requests told to try again, and only then (a queue alone is the server doing its job)', () => {
    expect(ids(health({ requests: { running: 66, waiting: 300 } }))).toEqual([]);
    const [item] = healthAttention(health({ requests: { turnedAway: 2 } }), NOW);
    expect(item).toMatchObject({ id: 'requests-turned-away' });
    expect(item!.title).toBe(`2 requests were answered “We're very busy right now” since the server started (${when('2026-11-27 00:00:00.000Z')}): more people came at once than it serves.`);
    expect(item!.todo).toContain('HOOKS_POOL');
    expect(healthAttention(health({ requests: { turnedAway: 1 } }), NOW)[0]!.title).toMatch(/^1 request was answered/);
  });

  it('calls out a production server without a mail server, but not a development one', () => {
    expect(ids(health({ emails: { smtp: false } }))).toEqual(['emails-no-server']);
    expect(ids(health({ emails: { smtp: false, production: false } }))).toEqual([]);
  });

  it('calls out no backup, an old one and a storage it cannot read, never all at once', () => {
    expect(ids(health({ backups: { latest: null, count: 0 } }))).toEqual(['backups-none']);
    expect(ids(health({ backups: { latest: { key: 'old.zip', size: 1, modifiedAt: '2026-11-24 03:00:00.000Z' } } }))).toEqual(['backups-stale']);
    expect(ids(health({ backups: { latest: null, error: 'dial tcp 127.0.0.1:9: connection refused' } }))).toEqual(['backups-unreadable']);
  });
});

describe('healthTiles', () => {
  const tiles = (value: SystemHealth) => healthTiles(value, healthAttention(value, NOW));
  const attentionTiles = (value: SystemHealth) => tiles(value).filter((tile) => tile.tone === 'attention').map((tile) => tile.id);

  it('gives each figure its label, value and line of context, in order', () => {
    expect(tiles(health())).toEqual([
      { id: 'health-emails-waiting', label: 'Emails waiting', value: '0', hint: 'None waiting', tone: 'default' },
      { id: 'health-emails-failed', label: 'Emails failed (7 days)', value: '0', hint: undefined, tone: 'default' },
      { id: 'health-refunds-waiting', label: 'Refunds waiting', value: '1', hint: `Oldest since ${when('2026-11-27 00:58:00.000Z')}`, tone: 'default' },
      { id: 'health-refunds-failed', label: 'Refunds failed (7 days)', value: '0', hint: undefined, tone: 'default' },
      { id: 'health-offers-open', label: 'Open seat offers', value: '2', hint: `Next expires ${when('2026-11-27 05:00:00.000Z')}`, tone: 'default' },
      { id: 'health-backup', label: 'Last backup', value: '12 MB', hint: `${when('2026-11-26 03:00:00.000Z')} · 3 kept on this server · scheduled daily at 03:00 UTC`, tone: 'default' },
      { id: 'health-requests', label: 'Requests running now', value: '0 of 66', hint: 'None waiting', tone: 'default' },
    ]);
    const byId = (value: SystemHealth) => Object.fromEntries(tiles(value).map((tile) => [tile.id, tile]));
    expect(byId(health({ emails: { smtp: false, production: false } }))['health-emails-waiting']!.hint).toBe('No mail server set: emails are kept in the outbox, not sent');
    expect(byId(health({ backups: { latest: null, error: 'refused', storage: 's3' } }))['health-backup']).toMatchObject({ value: 'Unknown', hint: 'The backups storage could not be read' });
    expect(byId(health({ backups: { latest: null, count: 0, schedule: '' } }))['health-backup']).toMatchObject({ value: 'No backup yet', hint: 'this server · no schedule set' });
    expect(byId(health({ requests: { running: 66, waiting: 1240, turnedAway: 3 } }))['health-requests']).toMatchObject({
      value: '66 of 66', hint: `1,240 waiting for a turn · 3 told to try again since ${when('2026-11-27 00:00:00.000Z')}`, tone: 'attention',
    });
  });

  it('marks the figures the attention list is about, and only those', () => {
    expect(attentionTiles(health())).toEqual([]);
    expect(attentionTiles(health({ emails: { failed: 2, retrying: 1 }, refunds: { failed: 1 } }))).toEqual(['health-emails-waiting', 'health-emails-failed', 'health-refunds-failed']);
    expect(attentionTiles(health({ emails: { smtp: false } }))).toEqual(['health-emails-waiting']);
    expect(attentionTiles(health({ emails: { smtp: false, production: false } }))).toEqual([]);
    expect(attentionTiles(health({ backups: { latest: { key: 'old.zip', size: 1, modifiedAt: '2026-11-24 03:00:00.000Z' } } }))).toEqual(['health-backup']);
    expect(attentionTiles(health({ backups: { latest: null, error: 'refused' } }))).toEqual(['health-backup']);
    expect(attentionTiles(health({ requests: { running: 66, waiting: 12 } }))).toEqual([]);
    expect(attentionTiles(health({ requests: { turnedAway: 1 } }))).toEqual(['health-requests']);
    // a failing job is in the list but is none of these figures
    expect(attentionTiles(health({ jobs: [job({ failing: true, lastFailedAt: '2026-11-27 00:30:00.000Z' })] }))).toEqual([]);
  });
});

describe('describeSchedule and formatSize', () => {
  it('say common schedules and sizes in words', () => {
    expect(describeSchedule('* * * * *')).toBe('every minute');
    expect(describeSchedule('*/5 * * * *')).toBe('every 5 minutes');
    expect(describeSchedule('23 3 * * *')).toBe('daily at 03:23 UTC');
    expect(describeSchedule('0 3 * * 1')).toBe('0 3 * * 1');
    expect(formatSize(999)).toBe('999 bytes');
    expect(formatSize(48_000)).toBe('48 kB');
    expect(formatSize(12_400_000)).toBe('12 MB');
    expect(formatSize(3_400_000)).toBe('3.4 MB');
  });
});
