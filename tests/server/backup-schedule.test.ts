// The backup schedule each mode starts with (pocketbase/backup_settings.go,
// docs/backups.md): in production mode (APP_ENV=production, or a Stripe key
// with APP_ENV unset) an unset BACKUP_CRON is a backup every day at 03:00 UTC
// to the data folder's backups/ when no bucket is set, and the start says when
// and where; BACKUP_CRON=off switches it off; development has no schedule
// unless one is set. Read back as PocketBase holds it: the superuser's
// settings (backups.cron), which its scheduler follows.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../support/pocketbase';

/** Several starts a test on a busy machine: more than the suite's default 30 s. */
const SLOW = { timeout: 180_000 };
/** What the environment must not bring in from the shell. */
const CLEAN = {
  APP_ENV: '', STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '', SIMULATED_CHECKOUT: '', BACKUP_CRON: '', BACKUP_KEEP: '',
  BACKUP_S3_ENDPOINT: '', BACKUP_S3_BUCKET: '', BACKUP_S3_REGION: '', BACKUP_S3_ACCESS_KEY: '', BACKUP_S3_SECRET: '',
  AI_API_URL: '', AI_API_KEY: '',
};

/**
 * Starts a server with `env` on a copy of the run's migrated data folder for its mode (the backup
 * settings are read from the environment at every start, not by a migration; tests/support/pocketbase.ts);
 * returns its schedule as PocketBase holds it and the start's output.
 */
async function startWith(env: Record<string, string>) {
  const server = await startTestServer({ env: { ...CLEAN, ...env } });
  try {
    const client = await server.admin();
    const settings = await client.settings.getAll();
    const backups = settings.backups as { cron: string; cronMaxKeep: number; s3: { enabled: boolean } };
    return { backups, output: server.output(), dataDir: server.dataDir };
  } finally {
    await server.stop();
  }
}

const backupLine = (output: string) => output.split('\n').find((line) => line.startsWith('Backups:')) ?? '';

describe('the backup schedule when BACKUP_CRON is unset', () => {
  it('production (APP_ENV=production) backs up daily at 03:00 UTC to the data folder, and says when and where', SLOW, async () => {
    const { backups, output, dataDir } = await startWith({ APP_ENV: 'production' });
    expect(backups).toMatchObject({ cron: '0 3 * * *', cronMaxKeep: 7, s3: { enabled: false } });
    expect(output).toContain('App mode: production (APP_ENV=production)');
    expect(backupLine(output)).toMatch(/^Backups: daily at 03:00 UTC \(0 3 \* \* \*\), keeping 7, to the data folder's backups\/ /);
    // where, by its path
    expect(backupLine(output)).toContain(`(${path.join(dataDir, 'backups')}; no S3 bucket set)`);
  });

  it('production by a Stripe key with APP_ENV unset backs up daily too', SLOW, async () => {
    const { backups, output } = await startWith({ STRIPE_SECRET_KEY: 'sk_test_backup_schedule', STRIPE_WEBHOOK_SECRET: 'whsec_backup_schedule' });
    expect(output).toContain('App mode: production');
    expect(backups.cron).toBe('0 3 * * *');
    expect(backupLine(output)).toMatch(/^Backups: daily at 03:00 UTC \(0 3 \* \* \*\), keeping 7, to /);
  });

  it('BACKUP_CRON=off switches the schedule off in production; development has none by default', SLOW, async () => {
    const off = await startWith({ APP_ENV: 'production', BACKUP_CRON: 'off' });
    expect(off.backups.cron).toBe('');
    expect(backupLine(off.output)).toMatch(/^Backups: no schedule \(BACKUP_CRON=off\); only before migrations, to the data folder's backups\//);

    const development = await startWith({});
    expect(development.output).toContain('App mode: development');
    expect(development.backups.cron).toBe('');
    expect(backupLine(development.output)).toMatch(/^Backups: no schedule \(BACKUP_CRON is unset, and development mode has no default\)/);
  });

  it('a schedule that is set is kept in either mode, with the retention asked for', SLOW, async () => {
    const { backups, output } = await startWith({ APP_ENV: 'production', BACKUP_CRON: '30 2 * * 1', BACKUP_KEEP: '14' });
    expect(backups).toMatchObject({ cron: '30 2 * * 1', cronMaxKeep: 14 });
    expect(backupLine(output)).toMatch(/^Backups: on the schedule "30 2 \* \* 1" \(UTC\) to the data folder's backups\/.*, keeping the newest 14, and before migrations$/);
  });
});
