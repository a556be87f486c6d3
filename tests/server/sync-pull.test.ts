// The portal's pull against a real PocketBase: the real engine (fake-indexeddb,
// pocketbaseTransport, no live channel) pulling GET /api/sync/changes by its
// checkpoints, in pages of two. A delete reaches the device as `gone`, an
// unsent edit of a deleted record is kept and marked failed with the reason,
// a device whose checkpoint is older than the pruned tombstones pulls
// everything again over several pages and drops what the server no longer
// has, and a device upgraded from the clock cursors does the same.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { MasterclassDb } from '@/db';
import { GONE_MESSAGE } from '@/sync/applyGone';
import { createSyncEngine, type SyncEngine } from '@/sync/createSyncEngine';
import { pocketbaseTransport } from '@/sync/pocketbaseTransport';
import { readCheckpoint } from '@/sync/pullCollection';
import { queueChange } from '@/sync/queueChange';
import { createSyncStatusStore } from '@/sync/syncStatusStore';
import { fakeConnectivity } from '@/sync/testing/syncHarness';
import type { TestServer } from '../support/pocketbase';
import { createUser, serverForFile, unique, type TestUser } from './helpers';

let server: TestServer;
let su: PocketBase;
let user: TestUser;
const engines: SyncEngine[] = [];
const noRealtime = async () => async () => {};

// Pruning deletes every tombstone older than a tenth of a millisecond.
serverForFile((started) => ({ server, su } = started), { env: { TOMBSTONE_RETENTION_DAYS: '0.000000001' } });

beforeAll(async () => {
  user = await createUser(server, su, 'attendee');
});

afterAll(async () => {
  await Promise.all(engines.map((engine) => engine.stop()));
});

function device(db = new MasterclassDb(unique('device'), { indexedDB: new IDBFactory(), IDBKeyRange })) {
  const network = fakeConnectivity();
  const transport = { ...pocketbaseTransport(user.client), subscribe: noRealtime, onReconnect: noRealtime };
  const engine = createSyncEngine({
    db, userId: user.id, transport, pageSize: 2, connectivity: network.connectivity, status: createSyncStatusStore(),
    wakeups: { subscribe: () => () => {} },
  });
  engines.push(engine);
  return { db, engine, network };
}

const titles = async (db: MasterclassDb) => (await db.businessCases.toArray()).map((row) => row.title).sort();

async function businessCases(...names: string[]) {
  const made = [];
  for (const title of names) made.push(await user.client.collection('business_cases').create({ owner: user.id, title, status: 'draft' }));
  return made;
}

async function removeAll() {
  for (const row of await su.collection('business_cases').getFullList()) await su.collection('business_cases').delete(row.id);
}

/** Prunes the tombstones (the daily job) and waits until a checkpoint before them is answered with a reset. */
async function pruneBefore(checkpoint: number) {
  await su.crons.run('pruneTombstones');
  await expect.poll(async () => (await user.client.send<{ reset?: boolean }>('/api/sync/changes', {
    query: { collection: 'business_cases', after: checkpoint, owner: 1 }, requestKey: null,
  })).reset, { timeout: 10_000 }).toBe(true);
}

describe('pulling by checkpoint from a real server', () => {
  it('brings changes over pages, deletes what was deleted, and keeps an unsent edit of a deleted record as failed with the reason', async () => {
    await removeAll();
    const [kept, deleted, edited] = await businessCases('Kept', 'Deleted elsewhere', 'Edited here', 'Fourth', 'Fifth');
    const phone = device();
    await phone.engine.request();
    expect(await titles(phone.db)).toEqual(['Deleted elsewhere', 'Edited here', 'Fifth', 'Fourth', 'Kept']);

    phone.network.set(false);
    await queueChange(phone.db, { collection: 'business_cases', recordId: edited!.id, op: 'update', patch: { title: 'Edited here, offline' } });
    await su.collection('business_cases').delete(deleted!.id);
    await su.collection('business_cases').delete(edited!.id);
    await su.collection('business_cases').update(kept!.id, { title: 'Kept, renamed by an administrator' });
    phone.network.set(true);
    await phone.engine.whenIdle();
    await phone.engine.request();

    expect(await titles(phone.db)).toEqual(['Edited here, offline', 'Fifth', 'Fourth', 'Kept, renamed by an administrator']);
    expect(await phone.db.outbox.toArray()).toEqual([expect.objectContaining({ recordId: edited!.id, status: 'failed', error: GONE_MESSAGE })]);
  });

  it('pulls everything again over several pages once the server pruned tombstones it had not seen, keeping rows with unsent changes', async () => {
    await removeAll();
    const made = await businessCases('One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven');
    const phone = device();
    await phone.engine.request();
    const checkpoint = await readCheckpoint(phone.db, 'business_cases');
    expect(await phone.db.businessCases.count()).toBe(7);

    // While the device is away: two deleted, their tombstones pruned since; the device keeps an edit of a third.
    phone.network.set(false);
    await queueChange(phone.db, { collection: 'business_cases', recordId: made[2]!.id, op: 'update', patch: { title: 'Three, edited offline' } });
    await su.collection('business_cases').delete(made[0]!.id);
    await su.collection('business_cases').delete(made[2]!.id);
    await su.collection('business_cases').update(made[6]!.id, { title: 'Seven, renamed' });
    await pruneBefore(checkpoint ?? 0);
    phone.network.set(true);
    await phone.engine.whenIdle();
    await phone.engine.request();

    expect(await titles(phone.db)).toEqual(['Five', 'Four', 'Seven, renamed', 'Six', 'Three, edited offline', 'Two']);
    expect(await phone.db.meta.get('refill:business_cases')).toBeUndefined();
    expect(await readCheckpoint(phone.db, 'business_cases')).toBeGreaterThan(checkpoint ?? 0);
  });

  it('upgraded from the clock cursors, drops the rows the server no longer has and keeps the outbox', async () => {
    await removeAll();
    const [first] = await businessCases('On the server', 'Also on the server', 'And this one');
    const db = new MasterclassDb(unique('device'), { indexedDB: new IDBFactory(), IDBKeyRange });
    // What the previous version stored: the rows (one deleted on the server long ago), a cursor, a waiting change.
    await db.businessCases.bulkPut([
      { ...first!, title: 'On the server' },
      { id: 'gonelongago0001', updated: '2025-01-01 00:00:00.000Z', owner: user.id, title: 'Deleted long ago' },
    ] as never);
    await db.meta.put({ key: 'cursor:business_cases', value: JSON.stringify({ updated: first!.updated, id: first!.id }) });
    await db.meta.put({ key: 'userId', value: user.id });
    const phone = device(db);
    phone.network.set(false);
    await queueChange(db, { collection: 'users', recordId: user.id, op: 'update', patch: { company: 'Typed before the upgrade' } });
    phone.network.set(true);

    await phone.engine.whenIdle();
    await phone.engine.request();

    expect(await titles(db)).toEqual(['Also on the server', 'And this one', 'On the server']);
    expect((await su.collection('users').getOne(user.id)).company).toBe('Typed before the upgrade');
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('GET /api/sync/changes with full=1', () => {
  const ask = (query: Record<string, string | number>) => fetch(`${server.url}/api/sync/changes?${new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]))}`, {
    headers: { Authorization: user.client.authStore.token },
  });

  it('answers the page of a pull from the start though its checkpoint is below the horizon, and refuses another value', async () => {
    const [doomed] = await businessCases('Deleted, then pruned');
    await su.collection('business_cases').delete(doomed!.id);
    await pruneBefore(1);

    expect(await (await ask({ collection: 'business_cases', after: 1, owner: 1 })).json()).toMatchObject({ reset: true });
    const page = await (await ask({ collection: 'business_cases', after: 1, owner: 1, full: 1 })).json() as { records: unknown[]; more: boolean; reset?: boolean };
    expect(page.reset).toBeUndefined();
    expect(Array.isArray(page.records)).toBe(true);

    const refused = await ask({ collection: 'business_cases', after: 1, full: 2 });
    expect(refused.status).toBe(400);
    expect((await refused.json()).data).toMatchObject({ full: { code: 'invalid' } });
  });
});

describe('the use case library through GET /api/sync/changes', () => {
  it('writes every row, odd ones included, exactly as the records API does, page by page', async () => {
    // Beside the seeded library: fields left empty, tags of every JSON kind, text beyond ASCII and quotes.
    const odd = [
      { title: 'Bare minimum' },
      { title: 'Tags not a list', tags: { not: 'a list' }, adoption_level: 'Growing' },
      { title: 'Tags a string', tags: 'plain', industry: 'Retail' },
      { title: 'Ünïcode “quotes” and \\ backslash', description: 'Line one\nline two\t"quoted" — done', tags: ['ça', 'naïve', '"x"'], adoption_level: 'Emerging' },
    ];
    const made: RecordModel[] = [];
    for (const fields of odd) made.push(await su.collection('ai_use_cases').create(fields));
    const asRecordsApi = new Map((await user.client.collection('ai_use_cases').getFullList({ batch: 1000, requestKey: null })).map((record) => [record.id, record]));

    const pulled = [];
    for (let after = 0; ;) {
      const page = await user.client.send<{ records: RecordModel[]; last: number; more: boolean }>('/api/sync/changes', {
        query: { collection: 'ai_use_cases', after, limit: 7, full: 1 }, requestKey: null,
      });
      pulled.push(...page.records);
      after = page.last;
      if (!page.more) break;
    }

    expect(pulled.map((record) => record.id).sort()).toEqual([...asRecordsApi.keys()].sort());
    for (const record of pulled) expect(record).toEqual(asRecordsApi.get(record.id));
    expect(pulled.find((record) => record.id === made[0]!.id)).toMatchObject({ tags: null, adoption_level: '', description: '' });
  });
});
