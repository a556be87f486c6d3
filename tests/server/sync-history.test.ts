// The sync history against a real PocketBase (docs/sync.md "After a restore"):
// the real engine (fake-indexeddb, pocketbaseTransport, no live channel) on a
// device that synced before a backup and after it; the backup restored, by our
// `pocketbase restore` command into a new folder served on the same address,
// and by PocketBase's backup API (the process restarts itself); more writes
// after each, past the device's checkpoint: the device ends equal to the
// server, with no row the server lost and none missing. A plain restart makes
// no device refill. An app without the history (no `history` parameter) is
// answered as before; a malformed one gets PocketBase's 400.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MasterclassDb } from '@/db';
import { createSyncEngine, type SyncEngine } from '@/sync/createSyncEngine';
import { pocketbaseTransport } from '@/sync/pocketbaseTransport';
import { readCheckpoint } from '@/sync/pullCollection';
import { createSyncStatusStore } from '@/sync/syncStatusStore';
import { fakeConnectivity } from '@/sync/testing/syncHarness';
import type { ChangesQuery } from '@/sync/transport';
import { freePort, startPocketBase } from '../../scripts/lib/pocketbase-process.mjs';
import { pocketbaseBin } from '../../scripts/lib/paths.mjs';
import { LIMITS_RAISED, startTestServer } from '../support/pocketbase';
import { unique } from './helpers';

const ENV = {
  APP_ENV: '', SIMULATED_CHECKOUT: 'on', STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '', AI_API_URL: '', AI_API_KEY: '',
  PASSWORD_HASH_COST: '4', ...LIMITS_RAISED,
};

type Served = Awaited<ReturnType<typeof startPocketBase>>;
const dirs: string[] = [];
const engines: SyncEngine[] = [];
let running: Served | null = null;
let httpAddr = '';
let superuser: { email: string; password: string };
let su: PocketBase;
let user: { id: string; email: string; password: string; client: PocketBase };

function tempDir(prefix: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

/** Serves `dataDir` on the file's one address (the devices keep talking to it). */
async function serve(dataDir: string) {
  running = await startPocketBase({ dataDir, httpAddr, env: ENV });
  su = new PocketBase(running.url);
  su.autoCancellation(false);
  await su.collection('_superusers').authWithPassword(superuser.email, superuser.password);
}

async function stop() {
  await running?.stop();
  running = null;
}

/** Our documented restore: the backup into an empty folder, then the server started on it. */
async function restoreWithCommand(backupZip: string) {
  await stop();
  const folder = tempDir('sync-history-restored-');
  const restored = spawnSync(pocketbaseBin, ['restore', backupZip, '--dir', folder], { env: { ...process.env, ...ENV }, encoding: 'utf8', timeout: 60_000 });
  expect(`${restored.stdout}${restored.stderr}`).toContain('Restored');
  expect(restored.status).toBe(0);
  await serve(folder);
  return folder;
}

beforeAll(async () => {
  // A migrated data folder with a superuser: a test server's, taken as a backup and restored into a folder this file serves.
  const seed = await startTestServer({ env: LIMITS_RAISED });
  superuser = seed.superuser;
  await (await seed.admin()).backups.create('seed.zip');
  const seedZip = path.join(tempDir('sync-history-seed-'), 'seed.zip');
  spawnSync('cp', [path.join(seed.dataDir, 'backups', 'seed.zip'), seedZip]);
  await seed.stop();
  // The first start takes another free address if this one was taken meanwhile (other suites start servers too).
  for (let attempt = 1; ; attempt += 1) {
    httpAddr = `127.0.0.1:${await freePort()}`;
    try {
      await restoreWithCommand(seedZip);
      break;
    } catch (error) {
      if (attempt === 3 || !String(error).includes('address already in use')) throw error;
    }
  }
  const email = `${unique('attendee')}@test.local`;
  const password = unique('pw-');
  const record = await su.collection('users').create({ email, password, passwordConfirm: password, role: 'attendee', verified: true, full_name: 'Device Owner' });
  const client = new PocketBase(running!.url);
  client.autoCancellation(false);
  await client.collection('users').authWithPassword(email, password);
  user = { id: record.id, email, password, client };
}, 120_000);

afterAll(async () => {
  await Promise.all(engines.map((engine) => engine.stop()));
  await stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A device: the real engine over the real route; every pull's query and answer is kept. */
function device() {
  const db = new MasterclassDb(unique('device'), { indexedDB: new IDBFactory(), IDBKeyRange });
  const network = fakeConnectivity();
  const base = pocketbaseTransport(user.client);
  const pulls: { collection: string; query: ChangesQuery; reset: boolean; history?: string }[] = [];
  const noRealtime = async () => async () => {};
  const transport = {
    ...base,
    subscribe: noRealtime,
    onReconnect: noRealtime,
    async changes(collection: string, query: ChangesQuery, signal?: AbortSignal) {
      const answer = await base.changes(collection, query, signal);
      pulls.push({ collection, query, reset: 'reset' in answer, history: answer.history });
      return answer;
    },
  };
  const engine = createSyncEngine({
    db, userId: user.id, transport, pageSize: 3, connectivity: network.connectivity, status: createSyncStatusStore(),
    wakeups: { subscribe: () => () => {} },
  });
  engines.push(engine);
  return { db, engine, pulls };
}

async function write(...titles: string[]) {
  for (const title of titles) await user.client.collection('business_cases').create({ owner: user.id, title, status: 'draft' });
}

/** The business cases as the server has them and as the device holds them, id → title. */
async function bothSides(db: MasterclassDb) {
  const onServer = Object.fromEntries((await su.collection('business_cases').getFullList({ filter: su.filter('owner = {:id}', { id: user.id }) }))
    .map((row) => [row.id, row.title]));
  const onDevice = Object.fromEntries((await db.businessCases.toArray()).map((row) => [row.id, row.title]));
  return { onServer, onDevice };
}

/** The counter now: the checkpoint a complete pull from 0 ends at. */
async function counter(): Promise<number> {
  return (await user.client.send<{ last: number }>('/api/sync/changes', { query: { collection: 'business_cases', after: 0, limit: 5000, owner: 1 }, requestKey: null })).last;
}

describe('a device and a restored backup', () => {
  it('our restore command: a device synced before the backup and after it ends equal to the server after more writes past its checkpoint', async () => {
    await write('Before 1', 'Before 2', 'Before 3');
    const phone = device();
    await phone.engine.request();
    await su.backups.create('drill.zip');
    const backupZip = path.join(tempDir('sync-history-backup-'), 'drill.zip');
    spawnSync('cp', [path.join(dataDirOf(), 'backups', 'drill.zip'), backupZip]);

    // Written after the backup, and pulled by the device: the restore loses them.
    await write('After 1', 'After 2', 'After 3', 'After 4');
    const [first] = await su.collection('business_cases').getFullList({ filter: su.filter('title = "Before 1" && owner = {:id}', { id: user.id }) });
    await user.client.collection('business_cases').update(first!.id, { title: 'Before 1, renamed after the backup' });
    await phone.engine.request();
    const checkpoint = (await readCheckpoint(phone.db, 'business_cases'))!;
    expect(Object.values((await bothSides(phone.db)).onDevice)).toContain('After 4');

    await restoreWithCommand(backupZip);
    // Enough writes to take the counter past the device's checkpoint: numbers it holds are given out again.
    await write(...Array.from({ length: 12 }, (_, index) => `Restored ${index + 1}`));
    expect(await counter()).toBeGreaterThan(checkpoint);

    phone.pulls.length = 0;
    await phone.engine.request();
    expect(phone.pulls.find((pull) => pull.collection === 'business_cases')).toMatchObject({ reset: true, query: { after: checkpoint } });
    const { onServer, onDevice } = await bothSides(phone.db);
    expect(Object.keys(onServer)).toHaveLength(15);
    expect(onDevice).toEqual(onServer);
    expect(Object.values(onDevice)).toContain('Before 1');
    // The other collections pulled as well, and the device keeps no checkpoint from the lost history.
    expect(await readCheckpoint(phone.db, 'business_cases')).toBe(await counter());
  }, 120_000);

  it('a plain restart makes no device refill', async () => {
    const phone = device();
    await phone.engine.request();
    const before = (await phone.db.meta.get('history:business_cases'))?.value;
    const folder = dataDirOf();
    await stop();
    await serve(folder);
    await write('After a restart');
    phone.pulls.length = 0;
    await phone.engine.request();
    expect(phone.pulls.length).toBeGreaterThan(0);
    expect(phone.pulls.filter((pull) => pull.reset || pull.query.full)).toEqual([]);
    expect(phone.pulls.find((pull) => pull.collection === 'business_cases')?.query.history).toBe(before);
    // The answers name the new history, and the device keeps it.
    const now = (await phone.db.meta.get('history:business_cases'))?.value;
    expect(now).not.toBe(before);
    expect(now).toBe(phone.pulls.at(-1)?.history);
    const { onServer, onDevice } = await bothSides(phone.db);
    expect(onDevice).toEqual(onServer);
  }, 60_000);

  it("PocketBase's backup API restore (the process restarts itself): the device ends equal to the server", async () => {
    const phone = device();
    await phone.engine.request();
    await su.backups.create('api.zip');
    await write('After the API backup 1', 'After the API backup 2', 'After the API backup 3');
    await phone.engine.request();
    const checkpoint = (await readCheckpoint(phone.db, 'business_cases'))!;
    const lost = Object.keys((await bothSides(phone.db)).onServer);

    await su.backups.restore('api.zip');
    // The same process serves the backup once it has restarted: the rows written after it are gone.
    await expect.poll(async () => {
      try {
        const client = new PocketBase(running!.url);
        await client.collection('_superusers').authWithPassword(superuser.email, superuser.password);
        su = client;
        su.autoCancellation(false);
        return (await su.collection('business_cases').getFullList({ filter: 'title ~ "After the API backup"' })).length;
      } catch {
        return -1;
      }
    }, { timeout: 60_000, interval: 500 }).toBe(0);
    await write(...Array.from({ length: 6 }, (_, index) => `After the API restore ${index + 1}`));
    expect(await counter()).toBeGreaterThan(checkpoint);

    await phone.engine.request();
    const { onServer, onDevice } = await bothSides(phone.db);
    expect(onDevice).toEqual(onServer);
    expect(Object.keys(onDevice).filter((id) => lost.includes(id) && !(id in onServer))).toEqual([]);
    expect(Object.values(onDevice)).toContain('After the API restore 6');
  }, 120_000);
});

describe('the history parameter', () => {
  const changes = (query: Record<string, unknown>) => user.client.send<Record<string, unknown>>('/api/sync/changes', {
    query: { collection: 'business_cases', owner: 1, ...query }, requestKey: null,
  });

  it('every answer names the history; an app without it is answered as before; an unknown history is a reset', async () => {
    const now = await counter();
    const page = await changes({ after: 0, limit: 1 });
    expect(page.history).toMatch(/^[a-z0-9]{15}$/);
    // No history (an app from before it): a checkpoint within the counter is answered with records, as before.
    expect(await changes({ after: now })).toMatchObject({ records: [], last: now, history: page.history });
    expect(await changes({ after: now + 1 })).toMatchObject({ reset: true, history: page.history });
    expect(await changes({ after: now, history: page.history })).toMatchObject({ records: [], last: now });
    expect(await changes({ after: now, history: 'nosuchhistory00' })).toMatchObject({ reset: true, history: page.history });
    // A pull from 0 never starts again.
    expect(await changes({ after: 0, history: 'nosuchhistory00' })).toMatchObject({ records: expect.any(Array) });
  });

  it('a version the device holds from outside its pulls (seen) is judged as the checkpoint is; a malformed one gets the 400', async () => {
    const now = await counter();
    const { history } = await changes({ after: 0, limit: 1 });
    expect(await changes({ after: now, history, seen: now })).toMatchObject({ records: [], last: now });
    expect(await changes({ after: now, history, seen: now + 1 })).toMatchObject({ reset: true, history });
    for (const seen of ['-1', 'x', '1.5']) {
      await expect(changes({ after: 1, seen })).rejects.toMatchObject({ status: 400, response: { data: { seen: { code: 'invalid' } } } });
    }
  });

  it('a malformed history gets the 400 naming the parameter', async () => {
    for (const history of ['', 'not valid!', 'x'.repeat(65)]) {
      await expect(changes({ after: 1, history })).rejects.toMatchObject({
        status: 400, response: { data: { history: { code: 'invalid' } } },
      });
    }
    const twice = await fetch(`${running!.url}/api/sync/changes?collection=business_cases&after=1&history=a&history=b`, { headers: { Authorization: user.client.authStore.token } });
    expect(twice.status).toBe(400);
  });
});

function dataDirOf(): string {
  const args = running!.child.spawnargs;
  return args[args.indexOf('--dir') + 1]!;
}
