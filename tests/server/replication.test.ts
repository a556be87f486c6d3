// Continuous replication and the point-in-time restore (docs/backups.md,
// "Replication"): a server with REPLICATION=on runs Litestream beside it,
// replicating into a real S3-compatible server (gofakes3). Data is made (a
// registration, a speaker photo kept by the nightly backup, then a stream of
// business cases written one after another); a few seconds after the last
// write the machine is lost: Litestream and the server are killed (SIGKILL,
// nothing shipped on the way out) and the data folder deleted. The one-line
// restore brings the latest the replica holds into an empty folder, with the
// uploaded files from the newest backup; served, every row is the same as
// before the loss, and the photo byte for byte. A restore to a point in time
// between two writes has the first and not the second. Measured: how long a
// write takes to reach the bucket (the recovery point), the restore's time.
// Around it: the replica's files stay out of the backups' lists, the state
// reaches job_runs (working, and failing with the reason for a bucket that
// does not exist), and bad settings or flags stop with a clear message.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PocketBase, { type RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startPocketBase } from '../../scripts/lib/pocketbase-process.mjs';
import { pocketbaseBin } from '../../scripts/lib/paths.mjs';
import { ensureGoTool } from '../../scripts/lib/test-tools.mjs';
import { startTestServer, type TestServer } from '../support/pocketbase';
import { startS3, S3_START_TIMEOUT_MS, type S3Server } from '../support/s3';
import { createUser } from './helpers';
import { attendee, openSales, register, waitlistBody } from './registration-helpers';

const QUIET_CRON = '720h';
const TEST_ENV = { APP_ENV: '', SIMULATED_CHECKOUT: 'on', STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '', AI_API_URL: '', AI_API_KEY: '' };
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let s3: S3Server;
let litestream: string;
let replicationEnv: Record<string, string>;
const cleanup: string[] = [];
const stops: (() => Promise<void>)[] = [];

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanup.push(dir);
  return dir;
}

function runBinary(args: string[], env: Record<string, string> = {}) {
  const started = performance.now();
  const result = spawnSync(pocketbaseBin, args, { env: { ...process.env, ...TEST_ENV, ...env }, encoding: 'utf8', timeout: 120_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}`, ms: performance.now() - started };
}

/** Every collection's rows as the superuser reads them, by collection name (PocketBase's own log and the job runs, which a start writes, left out). */
async function everyRow(client: PocketBase): Promise<Record<string, RecordModel[]>> {
  const rows: Record<string, RecordModel[]> = {};
  for (const collection of await client.collections.getFullList({ sort: 'name' })) {
    if (['job_runs', 'sync_history', '_authOrigins'].includes(collection.name)) continue;
    rows[collection.name] = await client.collection(collection.name).getFullList({ sort: 'id', batch: 1000 });
  }
  return rows;
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

const replicaKeys = async () => (await s3.keys()).filter((key) => key.startsWith('litestream/'));

/** Serves a data folder (the suite's environment); stopped after the suite. */
async function serve(dataDir: string, env: Record<string, string>) {
  const port = await freePort();
  const started = await startPocketBase({ dataDir, httpAddr: `127.0.0.1:${port}`, env: { ...TEST_ENV, CRON_INTERVAL: QUIET_CRON, ...env } });
  stops.push(started.stop);
  return started;
}

describe('continuous replication', () => {
  let server: TestServer;
  let su: PocketBase;
  /** Killed by the drill, as a lost machine: nothing to stop afterwards. */
  let serverLost = false;

  beforeAll(async () => {
    litestream = ensureGoTool('litestream');
    s3 = await startS3();
    replicationEnv = { ...s3.backupEnv, REPLICATION: 'on', LITESTREAM_BIN: litestream, REPLICATION_INTERVAL: '1s' };
    server = await startTestServer({ env: { ...TEST_ENV, ...replicationEnv, CRON_INTERVAL: QUIET_CRON } });
    su = await server.admin();
  }, S3_START_TIMEOUT_MS);

  afterAll(async () => {
    for (const stop of stops) await stop().catch(() => {});
    if (serverLost) rmSync(server.dataDir, { recursive: true, force: true });
    else await server?.stop();
    await s3?.stop();
    for (const dir of cleanup) rmSync(dir, { recursive: true, force: true });
  });

  it('survives a lost machine: the latest restore has every row, a point in time has what was written before it', { timeout: 300_000 }, async () => {
    expect(server.output()).toContain(`Replication: every change of the database to s3://${s3.bucket}/litestream/ within 1s`);

    // --- data, a photo, and the nightly backup that keeps the files
    const event = await openSales(su);
    expect((await register(server, waitlistBody({ attendees: [attendee({ fullName: '𠮷田 Zoë' })] }))).status).toBe(201);
    const speaker = await su.collection('speakers').create({ event: event.id, name: 'Dr Replica', role: 'Guest', sort: 98, image: new File([PNG], 'replica.png', { type: 'image/png' }) });
    await su.backups.create('nightly.zip');
    // the lists of backups leave the replica's files out, though they share the bucket
    await until('the first replica files', async () => ((await replicaKeys()).length > 0 ? true : undefined));
    expect((await su.backups.getFullList()).map((backup) => backup.key)).toEqual(['nightly.zip']);
    const listed = runBinary(['restore'], s3.backupEnv);
    expect(listed.output).toContain('nightly.zip');
    expect(listed.output).not.toContain('litestream/');

    // --- the recovery point: how long a write takes to reach the bucket
    const owner = await createUser(server, su, 'attendee', { full_name: 'عائشة Replica' });
    const lagsMs: number[] = [];
    for (let index = 1; index <= 5; index += 1) {
      const before = new Set(await replicaKeys());
      const wrote = performance.now();
      await owner.client.collection('business_cases').create({ owner: owner.id, title: `Lag probe ${index}`, status: 'draft' });
      await until('the write in the bucket', async () => ((await replicaKeys()).some((key) => !before.has(key)) ? true : undefined), 30_000);
      lagsMs.push(performance.now() - wrote);
    }

    // its state is recorded: working
    await until('replication recorded as working', async () => {
      const [row] = await su.collection('job_runs').getFullList({ filter: 'job = "replication"' });
      return row && row.last_ok_at && row.failures === 0 ? row : undefined;
    }, 60_000);

    // --- writes one after another, with a gap for the point in time
    // (the point is taken once the first write is in the bucket: the replica knows a change from when it shipped it)
    const shipped = new Set(await replicaKeys());
    const early = await owner.client.collection('business_cases').create({ owner: owner.id, title: 'Written before the point', status: 'draft' });
    await until('the write before the point in the bucket', async () => ((await replicaKeys()).some((key) => !shipped.has(key)) ? true : undefined), 30_000);
    await sleep(1500);
    const point = new Date().toISOString();
    await sleep(1500);
    const late = await owner.client.collection('business_cases').create({ owner: owner.id, title: 'Written after the point', status: 'draft' });
    const last = await owner.client.collection('business_cases').create({ owner: owner.id, title: 'The last write 🎟️', status: 'draft' });
    const rowsBefore = await everyRow(su);

    // --- a few seconds later the machine is lost: no graceful stop, no last upload
    await sleep(3000);
    const lostAt = Date.now();
    const children = execFileSync('pgrep', ['-P', String(server.pid)], { encoding: 'utf8' }).trim().split('\n').filter(Boolean).map(Number);
    expect(children.length).toBeGreaterThan(0);
    for (const pid of children) process.kill(pid, 'SIGKILL');
    process.kill(server.pid, 'SIGKILL');
    serverLost = true;
    await until('the server gone', async () => { try { process.kill(server.pid, 0); return undefined; } catch { return true; } });
    rmSync(server.dataDir, { recursive: true, force: true });

    // --- restore the latest into an empty folder, with one command
    const latestDir = path.join(tempDir('replica-latest-'), 'pb_data');
    const restored = runBinary(['restore', '--replica', '--dir', latestDir], { ...s3.backupEnv, LITESTREAM_BIN: litestream });
    expect(restored.output).toMatch(new RegExp(`^Restored the database from the replica in s3://${s3.bucket}/litestream/ \\(the latest it holds\\) and the uploaded files \\(\\d+\\) from the newest backup, nightly\\.zip of `));
    expect(restored.status).toBe(0);
    const back = await serve(latestDir, replicationEnv);
    const client = new PocketBase(back.url);
    client.autoCancellation(false);
    await client.collection('_superusers').authWithPassword(server.superuser.email, server.superuser.password);
    expect(await everyRow(client)).toEqual(rowsBefore);
    const photo = readFileSync(path.join(latestDir, 'storage', speaker.collectionId, speaker.id, speaker.image));
    expect(sha256(photo)).toBe(sha256(PNG));
    // the restored server replicates again, with no error
    await owner.client.collection('business_cases').create({ owner: owner.id, title: 'After the restore', status: 'draft' }).catch(() => {});
    expect(back.output()).toContain('Replication: every change of the database');

    // --- restore to a point in time: what was written before it, not after
    const pointDir = path.join(tempDir('replica-point-'), 'pb_data');
    const atPoint = runBinary(['restore', '--replica', '--at', point, '--dir', pointDir], { ...s3.backupEnv, LITESTREAM_BIN: litestream });
    expect(atPoint.output).toContain(`(as it was at ${point.slice(0, 19)}`);
    const pointServer = await serve(pointDir, { ...s3.backupEnv, REPLICATION: 'off' });
    const pointClient = new PocketBase(pointServer.url);
    pointClient.autoCancellation(false);
    await pointClient.collection('_superusers').authWithPassword(server.superuser.email, server.superuser.password);
    const titles = (await pointClient.collection('business_cases').getFullList()).map((row) => row.title);
    expect(titles).toContain(early.title);
    expect(titles).not.toContain(late.title);
    expect(titles).not.toContain(last.title);

    const sorted = [...lagsMs].sort((a, b) => a - b);
    const figures = {
      measuredAt: new Date().toISOString(),
      replicationIntervalS: 1,
      writeToBucketMs: { median: Math.round(sorted[Math.floor(sorted.length / 2)]!), min: Math.round(sorted[0]!), max: Math.round(sorted.at(-1)!), samples: sorted.map(Math.round) },
      lossAfterLastWriteMs: lostAt - new Date(last.created.replace(' ', 'T')).getTime(),
      rowsLost: 0,
      restoreLatestMs: Math.round(restored.ms),
      restorePointMs: Math.round(atPoint.ms),
      cpus: os.cpus().length,
      loadAverage: os.loadavg().map((value) => Math.round(value * 10) / 10),
    };
    process.stdout.write(`Replication drill: ${JSON.stringify(figures)}\n`);
    if (process.env.REPLICATION_FIGURES) writeFileSync(process.env.REPLICATION_FIGURES, `${JSON.stringify(figures, null, 2)}\n`);
  });

  it('records its state: working, and failing with the reason for a bucket that does not exist', { timeout: 180_000 }, async () => {
    const wrong = await startTestServer({ env: { ...TEST_ENV, ...replicationEnv, BACKUP_S3_BUCKET: 'no-such-bucket', CRON_INTERVAL: QUIET_CRON } });
    stops.push(wrong.stop);
    const client = await wrong.admin();
    const row = await until('the replication job failing', async () => {
      const rows = await client.collection('job_runs').getFullList({ filter: 'job = "replication"' });
      return rows[0] && rows[0].failures > 0 ? rows[0] : undefined;
    }, 90_000);
    expect(row.last_error).toMatch(/\S/);
    expect(row.last_error).not.toContain(s3.backupEnv.BACKUP_S3_SECRET);
    // the alerts job tells the administrators (here the dashboard's superusers: no administrator account)
    await client.send('/api/crons/masterclass_health_alerts', { method: 'POST' });
    const alert = await until('the replication alert in the outbox', async () => {
      const rows = await client.collection('emails').getFullList({ filter: 'template = "admin_alert_replication_failed"' });
      return rows[0];
    }, 30_000);
    expect(alert.subject).toBe('The database is not being replicated');
    expect(alert.text).toContain('Changes to the database are not reaching the replica in the bucket');
  });

  it('refuses settings and flags that cannot work, with the reason', () => {
    const dir = tempDir('replica-refused-');
    const noBucket = runBinary(['serve', '--dir', path.join(dir, 'a'), '--http', '127.0.0.1:0'], { REPLICATION: 'on', LITESTREAM_BIN: litestream });
    expect(noBucket.status).not.toBe(0);
    expect(noBucket.output).toContain('REPLICATION=on needs the BACKUP_S3_* bucket to replicate to');
    const badInterval = runBinary(['serve', '--dir', path.join(dir, 'b'), '--http', '127.0.0.1:0'], { ...replicationEnv, REPLICATION_INTERVAL: 'often' });
    expect(badInterval.output).toContain('REPLICATION_INTERVAL must be a duration from 1s to 1h');
    const badAt = runBinary(['restore', '--replica', '--at', 'yesterday', '--dir', path.join(dir, 'c')], { ...s3.backupEnv, LITESTREAM_BIN: litestream });
    expect(badAt.status).not.toBe(0);
    expect(badAt.output).toContain('--at must be a time in UTC such as 2026-12-02T09:30:00Z');
    expect(existsSync(path.join(dir, 'c')) ? readdirSync(path.join(dir, 'c')) : []).toEqual([]);
    const atWithoutReplica = runBinary(['restore', 'nightly.zip', '--at', '2026-12-02T09:30:00Z', '--dir', path.join(dir, 'd')], s3.backupEnv);
    expect(atWithoutReplica.output).toContain('--at is a point in time of the replica: use it with --replica');
  });
});
