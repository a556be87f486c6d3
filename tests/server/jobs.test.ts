// The background jobs never run on a finished transaction. PocketBase's JS
// runtimes are pooled: a record hook leaves the runtime's global `$app` bound
// to its transaction, and a cron job later run on that runtime used it after
// the commit ("sql: transaction has already been committed or rolled back").
// Here the scheduler ticks every second (CRON_INTERVAL), so each every-minute
// job runs about once a second, while registrations, payments, waitlist
// sign-ups, cancellations and capacity changes make the record hooks run in
// their transactions. PocketBase's own log must then hold no job failure.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hooksDir } from '../../scripts/lib/paths.mjs';
import type PocketBase from 'pocketbase';
import { startTestServer, type TestServer } from '../support/pocketbase';
import { createUser, type TestUser } from './helpers';
import { LIMITS_RAISED, minutesFromNow, openSales, paidBody, post, promoBody, register, waitlistBody } from './registration-helpers';
import { adminCancel } from './cancellation-helpers';
import { masterclassEvent } from '../support/masterclassEvent';

/** The jobs that run every minute, so every second here: every one the hooks register, read from pb_hooks/*.pb.js. */
const EVERY_MINUTE_JOBS = readdirSync(hooksDir)
  .filter((file) => file.endsWith('.pb.js'))
  .flatMap((file) => [...readFileSync(path.join(hooksDir, file), 'utf8').matchAll(/cronAdd\(\s*"([^"]+)",\s*"\* \* \* \* \*"/g)].map((match) => match[1]!));

/** How long the mixed traffic runs: about 20 runs of each every-minute job (the previous code failed dozens of them in 40 s). */
const TRAFFIC_MS = 20_000;

let server: TestServer;
let su: PocketBase;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer({ env: { ...LIMITS_RAISED, CRON_INTERVAL: '1s' } });
  su = await server.admin();
  admin = await createUser(server, su, 'administrator');
});

afterAll(async () => {
  await server?.stop();
});

interface LogRow {
  level: number;
  message: string;
  data: Record<string, unknown>;
}

/** Warnings and errors PocketBase has logged (its logs are written in batches: wait for a marker first). */
async function problemsLogged(): Promise<LogRow[]> {
  const rows = await su.send<{ items: LogRow[] }>('/api/logs', { query: { filter: 'level >= 4', perPage: 500, sort: '-created' } });
  return rows.items;
}

const describeRow = (row: LogRow) => `${row.message} ${JSON.stringify(row.data)}`;
const JOB_FAILURE = /transaction has already been committed|failed to execute cron job|Background job failed|sql: /i;

/** One round of traffic: each kind of write that runs record hooks inside a transaction. */
async function oneRound(code: string, capacity: number): Promise<void> {
  const paid = await register(server, paidBody(2));
  const promo = await register(server, promoBody(code));
  await register(server, waitlistBody());
  if (paid.status === 201) await post(server, `/api/masterclass/checkout/simulated/${paid.body.sessionId}/pay`);
  if (promo.status === 201) {
    const [row] = await su.collection('attendees').getFullList({ filter: su.filter('registration = {:id}', { id: promo.body.registrationId }) });
    if (row) await adminCancel(server, row.id, { amountCents: 0, reason: 'Seat given back' }, admin.client.authStore.token);
  }
  // capacity raised: the offer pass runs after the save and in the jobs
  const event = await masterclassEvent(su);
  await su.collection('events').update(event.id, { capacity });
}

describe('background jobs beside record hooks', () => {
  it('run every second for 20 seconds of registrations, payments, cancellations and capacity changes without one failure', async () => {
    // the hooks register seven every-minute jobs today; fewer read here means the reading broke
    expect(EVERY_MINUTE_JOBS.length).toBeGreaterThanOrEqual(7);
    const event = await openSales(su, { capacity: 1000 });
    const code = `JOBS${Date.now()}`;
    await su.collection('promo_codes').create({ code, event: event.id, max_uses: 100_000, used_count: 0, expires_at: minutesFromNow(60), active: true });

    const ends = Date.now() + TRAFFIC_MS;
    let rounds = 0;
    while (Date.now() < ends) {
      await oneRound(code, 1000 + rounds);
      rounds += 1;
    }
    expect(rounds).toBeGreaterThan(5);

    // the jobs really ran meanwhile, each counting its runs in job_runs, and none failed
    const runs = await su.collection('job_runs').getFullList();
    const byJob = Object.fromEntries(runs.map((row) => [row.job, row]));
    for (const job of EVERY_MINUTE_JOBS) {
      expect(byJob[job], job).toBeDefined();
      expect(byJob[job]!.runs, job).toBeGreaterThanOrEqual(10);
      expect({ job, failures: byJob[job]!.failures, error: byJob[job]!.last_error }).toEqual({ job, failures: 0, error: '' });
      expect(byJob[job]!.last_ok_at, job).not.toBe('');
    }

    // PocketBase writes its log in batches: a marker request, then wait until it is readable
    const marker = `jobs-test-marker-${Date.now()}`;
    await fetch(`${server.url}/api/${marker}`);
    await expect.poll(async () => (await su.send<{ items: LogRow[] }>('/api/logs', { query: { filter: `data.url ~ "${marker}"` } })).items.length, { timeout: 20_000, interval: 500 }).toBeGreaterThan(0);

    const failures = (await problemsLogged()).filter((row) => JOB_FAILURE.test(describeRow(row)));
    expect(failures.map(describeRow)).toEqual([]);
  }, 120_000);
});

describe('a job that fails', () => {
  it('logs one line naming the job, the error and when it is retried, and counts the failure', async () => {
    const { loadHookModule } = await import('../support/hook-module');
    const logged: unknown[][] = [];
    const recorded: unknown[][] = [];
    const mainApp = { logger: () => ({ error: (...args: unknown[]) => logged.push(args) }) };
    const jobs = loadHookModule<{ runJob: (id: string, retry: string, work: (app: unknown) => void) => void; RETRY: Record<string, string> }>(
      'core/jobs',
      { $mainApp: mainApp, $recordJobRun: (...args: unknown[]) => recorded.push(args) },
    );
    let given: unknown;
    const before = Date.now();
    jobs.runJob('expireLapsedHolds', jobs.RETRY.everyMinute!, (app) => {
      given = app;
      throw new Error('database is locked');
    });
    expect(given).toBe(mainApp);
    expect(logged).toEqual([['Background job failed', 'job', 'expireLapsedHolds', 'retry', 'at the next run, within a minute', 'error', 'database is locked']]);
    // counted through the server binary's one writer of job_runs (pocketbase/jobruns.go): app, job, retry, start (ms), error
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toEqual([mainApp, 'expireLapsedHolds', 'at the next run, within a minute', expect.any(Number), 'database is locked']);
    expect(recorded[0]![3]).toBeGreaterThanOrEqual(before);
    expect(recorded[0]![3]).toBeLessThanOrEqual(Date.now());

    jobs.runJob('expireLapsedHolds', jobs.RETRY.everyMinute!, () => {});
    expect(logged).toHaveLength(1);
    expect(recorded[1]).toEqual([mainApp, 'expireLapsedHolds', 'at the next run, within a minute', expect.any(Number), '']);

    // a run that cannot be counted is logged, never thrown into the scheduler
    const refusing = loadHookModule<{ runJob: (id: string, retry: string, work: (app: unknown) => void) => void }>(
      'core/jobs',
      { $mainApp: mainApp, $recordJobRun: () => { throw new Error('no such table: job_runs'); } },
    );
    refusing.runJob('expireLapsedHolds', jobs.RETRY.everyMinute!, () => {});
    expect(logged[1]).toEqual(['Background job run not recorded', 'job', 'expireLapsedHolds', 'error', 'no such table: job_runs']);
  });
});
