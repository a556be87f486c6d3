// The restore drill (docs/backups.md): a server keeping its backups in a real
// S3-compatible server (gofakes3) takes registrations (one paid through the
// simulated checkout, one on the waitlist), a check-in at the door, an uploaded
// speaker photo and a session material; a backup goes to the bucket; the data
// folder is wiped; the one-line restore brings the backup into an empty folder;
// the server starts on it (applying a newer migration, so the backup before
// migrations is made and lands in the bucket too) and every collection's rows
// and every stored file are the same, byte for byte. The recovery time
// (restore + start) is measured. Around it: the settings the environment sets
// (the dashboard shows them, the secret never leaves the server), a half-set
// S3 configuration stopping the start with a clear message, the restore
// refusing a folder that holds anything, and a failed backup recorded with
// what retries it. Two devices (the real sync engine) synced before the
// backup, one of them also after writes the restore loses, end equal to the
// restored server after more writes past their checkpoints.
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import PocketBase, { type RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MasterclassDb } from '@/db';
import { newRecordId } from '@/lib/ids';
import { createSyncEngine, type SyncEngine } from '@/sync/createSyncEngine';
import { pocketbaseTransport } from '@/sync/pocketbaseTransport';
import { readCheckpoint } from '@/sync/pullCollection';
import { createSyncStatusStore } from '@/sync/syncStatusStore';
import { fakeConnectivity } from '@/sync/testing/syncHarness';
import { freePort } from '../../scripts/lib/pocketbase-process.mjs';
import { distDir, hooksDir, migrationsDir, pocketbaseBin } from '../../scripts/lib/paths.mjs';
import { startTestServer, type TestServer } from '../support/pocketbase';
import { startS3, S3_START_TIMEOUT_MS, type S3Server } from '../support/s3';
import { createUser, samplePdf, type TestUser } from './helpers';
import { openSales, paidBody, post, register, waitlistBody } from './registration-helpers';

const SCHEDULE = '0 3 * * *';
/** The scheduler never ticks during the drill: nothing changes between the snapshot and the backup. */
const QUIET_CRON = '720h';
const TEST_ENV = { APP_ENV: '', SIMULATED_CHECKOUT: 'on', STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '', AI_API_URL: '', AI_API_KEY: '' };

let s3: S3Server;
let server: TestServer;
let su: PocketBase;
let admin: TestUser;
const cleanup: string[] = [];

/** A small PNG (1×1), as a browser uploads a resized photo. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanup.push(dir);
  return dir;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Every file under dir, by its path inside it: its SHA-256 (files are compared byte for byte through it). */
function filesUnder(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else files.set(path.relative(dir, full), sha256(readFileSync(full)));
    }
  };
  if (existsSync(dir)) walk(dir);
  return files;
}

/** Every collection's rows, as the superuser reads them (hidden fields included), by collection name. */
async function everyRow(client: PocketBase): Promise<Record<string, RecordModel[]>> {
  const rows: Record<string, RecordModel[]> = {};
  for (const collection of await client.collections.getFullList({ sort: 'name' })) {
    rows[collection.name] = await client.collection(collection.name).getFullList({ sort: 'id', batch: 1000 });
  }
  return rows;
}

function runBinary(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(pocketbaseBin, args, { env: { ...process.env, ...TEST_ENV, ...env }, encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** Serves a data folder with the project's hooks and the given migrations; resolves when healthy. */
async function serve(dataDir: string, migrations: string, env: Record<string, string>) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(pocketbaseBin, [
    'serve', '--dev=false', '--http', `127.0.0.1:${port}`, '--dir', dataDir, '--hooksDir', hooksDir, '--migrationsDir', migrations,
    '--publicDir', distDir, '--hooksPool', process.env.HOOKS_POOL || '4',
  ], { env: { ...process.env, APP_URL: url, ...TEST_ENV, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => { output += chunk; });
  child.stderr.on('data', (chunk) => { output += chunk; });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`PocketBase exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`PocketBase did not become healthy:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    output: () => output,
    stop: () => new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    }),
  };
}

beforeAll(async () => {
  s3 = await startS3();
  server = await startTestServer({ env: { ...s3.backupEnv, BACKUP_CRON: SCHEDULE, BACKUP_KEEP: '5', CRON_INTERVAL: QUIET_CRON } });
  su = await server.admin();
  admin = await createUser(server, su, 'administrator', { full_name: 'Door Admin' });
}, S3_START_TIMEOUT_MS);

let serverStopped = false;
const engines: SyncEngine[] = [];

/** A device of `client`'s account: the real sync engine over the pull route, no live channel. */
function syncedDevice(client: PocketBase, userId: string) {
  const db = new MasterclassDb(`drill-device-${randomBytes(4).toString('hex')}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  const noRealtime = async () => async () => {};
  const engine = createSyncEngine({
    db, userId, transport: { ...pocketbaseTransport(client), subscribe: noRealtime, onReconnect: noRealtime }, pageSize: 50,
    connectivity: fakeConnectivity().connectivity, status: createSyncStatusStore(), wakeups: { subscribe: () => () => {} },
  });
  engines.push(engine);
  return { db, engine };
}

/** The account's business cases as `reader` sees them on the server, and as the device holds them (id → title). */
async function casesOnBothSides(reader: PocketBase, db: MasterclassDb) {
  const onServer = Object.fromEntries((await reader.collection('business_cases').getFullList()).map((row) => [row.id, row.title]));
  const onDevice = Object.fromEntries((await db.businessCases.toArray()).map((row) => [row.id, row.title]));
  return { onServer, onDevice };
}

afterAll(async () => {
  await Promise.all(engines.map((engine) => engine.stop()));
  if (!serverStopped) await server?.stop();
  await s3?.stop();
  for (const dir of cleanup) rmSync(dir, { recursive: true, force: true });
});

describe('backup settings from the environment', () => {
  it('the dashboard shows the schedule, the retention and the bucket; the secret never leaves the server', async () => {
    const settings = await su.settings.getAll();
    expect(settings.backups).toMatchObject({
      cron: SCHEDULE,
      cronMaxKeep: 5,
      s3: { enabled: true, bucket: s3.bucket, endpoint: s3.url, region: 'us-east-1', accessKey: 'drill-access-key', forcePathStyle: true },
    });
    expect(JSON.stringify(settings)).not.toContain(s3.backupEnv.BACKUP_S3_SECRET);
    // a fresh database is not backed up before its first migrations
    expect(await s3.keys()).toEqual([]);
  });

  it('a half-set S3 configuration stops the start and names what is missing, never a value', () => {
    const dir = tempDir('backup-halfset-');
    const { status, output } = runBinary(['serve', '--dir', dir, '--http', '127.0.0.1:0', '--hooksDir', hooksDir, '--migrationsDir', migrationsDir], {
      BACKUP_S3_BUCKET: 'half-bucket', BACKUP_S3_SECRET: 'half-secret-value',
    });
    expect(status).not.toBe(0);
    expect(output).toContain('the S3 storage for backups is half set: BACKUP_S3_BUCKET, BACKUP_S3_SECRET are set but BACKUP_S3_ENDPOINT, BACKUP_S3_REGION, BACKUP_S3_ACCESS_KEY are missing');
    expect(output).not.toContain('half-secret-value');
    expect(output).not.toContain('half-bucket');
  });

  it('a schedule that is not a cron expression stops the start with the reason', () => {
    const { status, output } = runBinary(['serve', '--dir', tempDir('backup-cron-'), '--http', '127.0.0.1:0', '--hooksDir', hooksDir, '--migrationsDir', migrationsDir], {
      BACKUP_CRON: 'every night',
    });
    expect(status).not.toBe(0);
    expect(output).toContain('BACKUP_CRON must be a cron expression in UTC such as "0 3 * * *"');
  });
});

describe('the restore drill', () => {
  it('data made, backed up to S3, wiped, restored into an empty folder with one command, served: every row and every file the same', async () => {
    // --- the data: a paid registration through the simulated checkout, a waitlist one, a check-in, a speaker photo, a session material
    const event = await openSales(su);
    const paid = await register(server, paidBody(1));
    expect(paid.status).toBe(201);
    expect((await post(server, `/api/masterclass/checkout/simulated/${encodeURIComponent(paid.body.sessionId)}/pay`)).body.outcome).toBe('fulfilled');
    const [attendee] = await su.collection('attendees').getFullList({ filter: su.filter('registration = {:id}', { id: paid.body.registrationId }) });
    expect(attendee!.registration_status).toBe('confirmed');
    await su.collection('events').update(event.id, { sales_state: 'sold_out' });
    expect((await register(server, waitlistBody())).status).toBe(201);
    const pushed = await admin.client.send('/api/masterclass/admin/check-in/push', {
      method: 'POST',
      body: { event: event.id, sent_at: new Date().toISOString(), check_ins: [{ id: newRecordId(), attendee: attendee!.id, method: 'scan', scanned_at: new Date().toISOString(), device_name: 'North door' }] },
    });
    expect(pushed.refused).toEqual([]);
    const speaker = await admin.client.collection('speakers').create({ event: event.id, name: 'Dr Drill', role: 'Guest', sort: 99, image: new File([PNG], 'drill.png', { type: 'image/png' }) });
    const pdf = samplePdf('drill-handout.pdf');
    const pdfBytes = Buffer.from(await pdf.arrayBuffer());
    const material = await su.collection('materials').create({ event: event.id, title: 'Drill handout', file: pdf });
    // An attendee with two devices, both synced before the backup.
    const owner = await createUser(server, su, 'attendee', { full_name: 'Drill Device Owner' });
    const writeCases = async (client: PocketBase, prefix: string, count: number) => {
      for (let index = 1; index <= count; index += 1) await client.collection('business_cases').create({ owner: owner.id, title: `${prefix} ${index}`, status: 'draft' });
    };
    await writeCases(owner.client, 'Before the backup', 3);
    const phone = syncedDevice(owner.client, owner.id);
    const laptop = syncedDevice(owner.client, owner.id);
    await phone.engine.request();
    await laptop.engine.request();

    const rowsBefore = await everyRow(su);
    expect(rowsBefore.registrations!.some((row) => row.kind === 'paid' && row.status === 'completed')).toBe(true);
    expect(rowsBefore.check_ins).toHaveLength(1);
    // `npm run bench -- restore` adds RESTORE_DRILL_EXTRA_MB of incompressible files (photos and PDFs do not compress) to see the figures grow
    const extraMb = Number(process.env.RESTORE_DRILL_EXTRA_MB || 0);
    if (extraMb > 0) {
      const extraDir = path.join(server.dataDir, 'storage', 'bench_extra');
      mkdirSync(extraDir, { recursive: true });
      for (let mb = 0; mb < extraMb; mb += 1) writeFileSync(path.join(extraDir, `file-${mb}.bin`), randomBytes(1024 * 1024));
    }
    const filesBefore = filesUnder(path.join(server.dataDir, 'storage'));
    expect([...filesBefore.values()]).toContain(sha256(PNG));
    expect([...filesBefore.values()]).toContain(sha256(pdfBytes));

    // --- the backup, through PocketBase's own backups, into the bucket
    await su.backups.create('drill.zip');
    expect(await s3.keys()).toEqual(['drill.zip']);
    const [run] = await su.collection('backup_runs').getFullList({ filter: 'name = "drill.zip"' });
    const [listed] = await su.backups.getFullList();
    expect(run).toMatchObject({ kind: 'manual', ok: true, storage: 's3', size_bytes: listed!.size, error: '', retry: '' });
    expect(listed!.size).toBeGreaterThan(10_000 + extraMb * 1024 * 1024);
    const job = await su.collection('job_runs').getFirstListItem('job = "backup"');
    expect(job).toMatchObject({ runs: 1, failures: 0 });

    // Written after the backup and pulled by the phone (not the laptop): the restore loses them.
    await writeCases(owner.client, 'After the backup', 4);
    await phone.engine.request();
    const phoneCheckpoint = (await readCheckpoint(phone.db, 'business_cases'))!;
    expect(Object.values((await casesOnBothSides(owner.client, phone.db)).onDevice)).toContain('After the backup 4');

    // --- the disaster: the server stops and its data folder is gone
    const { superuser } = server;
    await server.stop();
    serverStopped = true;
    expect(existsSync(server.dataDir)).toBe(false);

    // the restore refuses a folder holding anything, and changes nothing in it
    const occupied = tempDir('backup-occupied-');
    writeFileSync(path.join(occupied, 'data.db'), 'live data');
    const refused = runBinary(['restore', 'drill.zip', '--dir', occupied], s3.backupEnv);
    expect(refused.status).not.toBe(0);
    expect(refused.output).toContain(`refusing to restore into ${occupied}: the folder is not empty (it holds data.db)`);
    expect(readFileSync(path.join(occupied, 'data.db'), 'utf8')).toBe('live data');
    // an unknown backup is named, and the empty folder stays empty
    const empty = tempDir('backup-restored-');
    const unknown = runBinary(['restore', 'no-such-backup.zip', '--dir', empty], s3.backupEnv);
    expect(unknown.status).not.toBe(0);
    expect(unknown.output).toContain(`there is no file no-such-backup.zip here, and no backup of that name in S3 bucket "${s3.bucket}"`);
    expect(readdirSync(empty)).toEqual([]);

    // --- the one-line restore, then a newer release starting on it (one migration more)
    const restoreStarted = performance.now();
    const restored = runBinary(['restore', 'drill.zip', '--dir', empty], s3.backupEnv);
    const restoreMs = performance.now() - restoreStarted;
    expect(restored.output).toContain(`Restored drill.zip from S3 bucket "${s3.bucket}"`);
    expect(restored.status).toBe(0);
    const newerMigrations = tempDir('backup-migrations-');
    for (const name of readdirSync(migrationsDir)) copyFileSync(path.join(migrationsDir, name), path.join(newerMigrations, name));
    writeFileSync(path.join(newerMigrations, '1999999999_drill_newer_release.js'), 'migrate(() => {}, () => {});\n');
    const startStarted = performance.now();
    const back = await serve(empty, newerMigrations, { ...s3.backupEnv, BACKUP_CRON: SCHEDULE, CRON_INTERVAL: QUIET_CRON });
    const startMs = performance.now() - startStarted;
    let preMigrationBackupMs = 0;
    try {
      const client = new PocketBase(back.url);
      client.autoCancellation(false);
      await client.collection('_superusers').authWithPassword(superuser.email, superuser.password);

      // the backup before that migration went to the bucket, and is recorded
      const keys = await s3.keys();
      expect(keys).toHaveLength(2);
      const preMigration = keys.find((key) => key !== 'drill.zip')!;
      expect(preMigration).toMatch(/^pre-migrate-\d{8}-\d{6}\.zip$/);
      expect(existsSync(path.join(empty, 'backups', preMigration))).toBe(false);
      const rowsAfter = await everyRow(client);
      const newRuns = rowsAfter.backup_runs!.filter((row) => !rowsBefore.backup_runs!.some((before) => before.id === row.id));
      expect(newRuns).toMatchObject([{ name: preMigration, kind: 'pre_migration', ok: true, storage: 's3', error: '' }]);
      expect(newRuns[0]!.size_bytes).toBeGreaterThan(10_000);
      preMigrationBackupMs = newRuns[0]!.duration_ms;

      // every collection's rows as they were (the pre-migration backup's own record aside)
      rowsAfter.backup_runs = rowsAfter.backup_runs!.filter((row) => row.id !== newRuns[0]!.id);
      const jobBefore = rowsBefore.job_runs!.find((row) => row.job === 'backup');
      expect(jobBefore).toBeUndefined(); // the snapshot was taken before the drill's backup
      rowsAfter.job_runs = rowsAfter.job_runs!.filter((row) => row.job !== 'backup');
      // signing in to the restored server to read it touches the superuser's known device (its `updated`), nothing else
      const withoutUpdated = (rows: RecordModel[]) => rows.map((row) => ({ ...row, updated: undefined }));
      expect(withoutUpdated(rowsAfter._authOrigins!)).toEqual(withoutUpdated(rowsBefore._authOrigins!));
      rowsAfter._authOrigins = rowsBefore._authOrigins!;
      expect(Object.keys(rowsAfter)).toEqual(Object.keys(rowsBefore));
      for (const name of Object.keys(rowsBefore)) expect({ [name]: rowsAfter[name] }).toEqual({ [name]: rowsBefore[name] });

      // every stored file byte for byte, and the photo and the material served as uploaded
      const filesAfter = filesUnder(path.join(empty, 'storage'));
      expect([...filesAfter.keys()].sort()).toEqual([...filesBefore.keys()].sort());
      for (const [name, digest] of filesBefore) expect(filesAfter.get(name), name).toBe(digest);
      const token = await client.files.getToken();
      const photo = Buffer.from(await (await fetch(client.files.getURL(speaker, speaker.image, { token }))).arrayBuffer());
      const handout = Buffer.from(await (await fetch(client.files.getURL(material, material.file, { token }))).arrayBuffer());
      expect(photo.equals(PNG)).toBe(true);
      expect(handout.equals(pdfBytes)).toBe(true);

      // --- the devices synced before the backup: more writes, past the phone's checkpoint, then each syncs
      // with the restored server (same session, new address) and ends equal to it
      owner.client.baseURL = back.url;
      await writeCases(owner.client, 'After the restore', 12);
      for (const device of [phone, laptop]) {
        await device.engine.request();
        const { onServer, onDevice } = await casesOnBothSides(owner.client, device.db);
        expect(Object.keys(onServer)).toHaveLength(15);
        expect(onDevice).toEqual(onServer);
      }
      expect(await readCheckpoint(phone.db, 'business_cases')).toBeGreaterThan(phoneCheckpoint);

      // --- a backup that fails (the storage is gone) is recorded with what retries it, and logged
      await s3.stop();
      await expect(client.backups.create('')).rejects.toMatchObject({ status: 400 });
      const failed = await client.collection('backup_runs').getFirstListItem('ok = false');
      expect(failed).toMatchObject({ kind: 'manual', storage: 's3', retry: 'not retried: make it again in the dashboard (Settings, Backups)' });
      expect(failed.name).toMatch(/^pb_backup_ai_champions_masterclass_\d{14}\.zip$/);
      expect(failed.error).not.toBe('');
      expect(await client.collection('job_runs').getFirstListItem('job = "backup"')).toMatchObject({ failures: 1 });
      expect(back.output()).toContain(`Backup ${failed.name} failed:`);
      expect(back.output()).not.toContain(s3.backupEnv.BACKUP_S3_SECRET);
      // PocketBase writes its log in batches, a few seconds later
      const failureLogs = async () => (await client.logs.getList(1, 200, { filter: 'message = "Backup failed"' })).items;
      await expect.poll(async () => (await failureLogs()).map((log) => log.data.backup), { timeout: 15_000, interval: 500 }).toContain(failed.name);
      expect(JSON.stringify(await client.logs.getList(1, 500))).not.toContain(s3.backupEnv.BACKUP_S3_SECRET);
    } finally {
      await back.stop();
    }

    const result = {
      measuredAt: new Date().toISOString(),
      backupBytes: listed!.size,
      restoreMs: Math.round(restoreMs),
      startMs: Math.round(startMs),
      preMigrationBackupMs,
      recoveryTimeMs: Math.round(restoreMs + startMs),
      recoveryPoint: `the last backup: the schedule BACKUP_CRON (here "${SCHEDULE}", at most 24 hours of data lost), and a backup before every start with migrations`,
      rows: Object.values(rowsBefore).reduce((sum, rows) => sum + rows.length, 0),
      files: filesBefore.size,
      extraMb,
    };
    // `npm run bench -- restore` keeps the figures; the drill in the tests only checks them
    if (process.env.RESTORE_RESULT_FILE) {
      mkdirSync(path.dirname(process.env.RESTORE_RESULT_FILE), { recursive: true });
      writeFileSync(process.env.RESTORE_RESULT_FILE, `${JSON.stringify(result, null, 2)}\n`);
    }
    expect(result.recoveryTimeMs).toBeLessThan(60_000);
    expect(statSync(path.join(empty, 'data.db')).size).toBeGreaterThan(0);
  }, 120_000 + Number(process.env.RESTORE_DRILL_EXTRA_MB || 0) * 1000);
});
