// The sync engine against a real PocketBase, with fake-indexeddb standing in
// for two devices of one attendee: the first pull fills the tables (materials
// only once the portal unlocks), a profile edit made on one device reaches the
// server as a patch and arrives on the other device by pull, and an expired
// session pauses syncing instead of failing the user's changes (a delete the
// server answers 404 as to a guest included); a record re-created with the id
// of a deleted one survives its tombstone; a request that never gets an answer
// is aborted at its deadline.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import PocketBase from 'pocketbase';
import { MasterclassDb } from '@/db';
import { newRecordId } from '@/lib/ids';
import { queueChange } from '@/sync';
import { createSyncEngine, type SyncEngine } from '@/sync/createSyncEngine';
import { pocketbaseTransport } from '@/sync/pocketbaseTransport';
import { createSyncStatusStore, type SyncStatusStore } from '@/sync/syncStatusStore';
import type { SyncTransport } from '@/sync/transport';
import { EVENT_TITLE, masterclassEvent } from '../support/masterclassEvent';
import type { TestServer } from '../support/pocketbase';
import { createUser, seatAt, serverForFile, type TestUser } from './helpers';

let server: TestServer;
let su: PocketBase;
let user: TestUser;
let eventId: string;
const engines: SyncEngine[] = [];
const noRealtime = async () => async () => {};

interface Device { db: MasterclassDb; engine: SyncEngine; status: SyncStatusStore }

async function device(client: PocketBase, overrides: Partial<SyncTransport> = {}, requestTimeoutMs?: number): Promise<Device> {
  const db = new MasterclassDb('masterclass', { indexedDB: new IDBFactory(), IDBKeyRange });
  const status = createSyncStatusStore();
  // Node 20 has no EventSource for the SDK's realtime channel: this test
  // proves pull and push over HTTP; realtime is proved against the fake server.
  const transport = { ...pocketbaseTransport(client), subscribe: noRealtime, onReconnect: noRealtime, ...overrides };
  // A small page so the keyset paging runs against the real filter syntax.
  const engine = createSyncEngine({ db, userId: user.id, transport, status, pageSize: 10, requestTimeoutMs });
  engines.push(engine);
  return { db, engine, status };
}

async function secondClient(): Promise<PocketBase> {
  const client = new PocketBase(server.url);
  client.autoCancellation(false);
  await client.collection('users').authWithPassword(user.email, user.password);
  return client;
}

async function setUnlock(at: string): Promise<void> {
  await su.collection('events').update(eventId, { portal_unlock_at: at });
}

serverForFile((started) => ({ server, su } = started));

beforeAll(async () => {
  user = await createUser(server, su, 'attendee', { company: 'Before Co', job_title: 'Analyst' });
  eventId = (await masterclassEvent(su)).id;
  await seatAt(su, user, eventId);
});

afterAll(async () => {
  await Promise.all(engines.map((engine) => engine.stop()));
});

describe('sync against PocketBase', () => {
  it('pulls the event, speakers, use cases and profile, and the materials once the portal unlocks', async () => {
    await setUnlock('2099-01-01 00:00:00.000Z');
    const { db, engine, status } = await device(user.client);

    await engine.request();

    expect(status.get()).toMatchObject({ paused: null, pending: 0, failed: 0 });
    expect(status.get().lastSyncedAt).not.toBeNull();
    expect((await db.events.toArray()).map((row) => row.title)).toContain(EVENT_TITLE);
    expect(await db.speakers.count()).toBe(2);
    const useCaseIds = (await su.collection('ai_use_cases').getFullList({ fields: 'id' })).map((row) => row.id);
    expect((await db.aiUseCases.toCollection().primaryKeys()).sort()).toEqual(useCaseIds.sort());
    expect(await db.materials.count()).toBe(0);
    expect(await db.profiles.toArray()).toEqual([expect.objectContaining({ id: user.id, email: user.email, company: 'Before Co' })]);

    await setUnlock('2025-06-17 23:30:00.000Z');
    await engine.request();

    expect(await db.materials.count()).toBe(4);
  });

  it('pushes a profile patch that a second device receives by pull', async () => {
    const first = await device(user.client);
    await first.engine.request();
    // Changed on the server meanwhile (another field): the patch must not undo it.
    await user.client.collection('users').update(user.id, { job_title: 'Director' });

    await queueChange(first.db, { collection: 'users', recordId: user.id, op: 'update', patch: { company: 'After Co' } });
    await first.engine.request();

    expect(first.status.get()).toMatchObject({ pending: 0, failed: 0 });
    expect(await su.collection('users').getOne(user.id)).toMatchObject({ company: 'After Co', job_title: 'Director' });

    const second = await device(await secondClient());
    await second.engine.request();

    expect(await second.db.profiles.get(user.id)).toMatchObject({ company: 'After Co', job_title: 'Director' });
  });

  it('treats a replayed create as done and marks a refused change failed', async () => {
    const { db, engine, status } = await device(user.client);
    const id = newRecordId();
    await user.client.collection('saved_use_cases').create({ id, owner: user.id, title: 'Sent before, answer lost' });

    await queueChange(db, { collection: 'saved_use_cases', recordId: id, op: 'create', patch: { owner: user.id, title: 'Sent before, answer lost' } });
    await queueChange(db, { collection: 'business_cases', op: 'create', patch: { owner: user.id, title: '', status: 'draft' } });
    await engine.request();

    expect(status.get()).toMatchObject({ pending: 0, failed: 1 });
    expect((await db.outbox.toArray())[0]).toMatchObject({ collection: 'business_cases', status: 'failed' });
    expect(await su.collection('saved_use_cases').getFullList({ filter: su.filter('id = {:id}', { id }) })).toHaveLength(1);
    expect((await db.savedUseCases.get(id))?.updated).not.toBe('');
  });

  it('pauses on an expired session without failing the change, and pushes it after signing in again', async () => {
    const client = await secondClient();
    const { db, engine, status } = await device(client);
    await engine.request();
    const { token, record } = client.authStore;
    // The server answers a token it no longer accepts as if no one were signed in.
    client.authStore.save(`${token.slice(0, -4)}xxxx`, record);

    await queueChange(db, { collection: 'users', recordId: user.id, op: 'update', patch: { job_title: 'Chief AI Officer' } });
    await engine.request();

    expect(status.get()).toMatchObject({ paused: 'signin', pending: 1, failed: 0 });
    expect((await db.profiles.get(user.id))?.job_title).toBe('Chief AI Officer');

    await client.collection('users').authWithPassword(user.email, user.password);
    await engine.resume();

    expect(status.get()).toMatchObject({ paused: null, pending: 0, failed: 0 });
    expect((await su.collection('users').getOne(user.id)).job_title).toBe('Chief AI Officer');
  });

  it('keeps a delete the server answers 404 because the session expired mid-pass, and sends it after signing in again', async () => {
    const client = await secondClient();
    const id = newRecordId();
    await client.collection('business_cases').create({ id, owner: user.id, title: 'Delete me later', status: 'draft' });
    const real = pocketbaseTransport(client);
    let expireBeforeDelete = true;
    const { db, engine, status } = await device(client, {
      // The session check at the start of the pass passes; the token expires just before the (first) delete.
      async delete(collection, recordId, signal) {
        if (expireBeforeDelete) client.authStore.save(`${client.authStore.token.slice(0, -4)}xxxx`, client.authStore.record);
        expireBeforeDelete = false;
        await real.delete(collection, recordId, signal);
      },
    });
    await engine.request();
    await queueChange(db, { collection: 'business_cases', recordId: id, op: 'delete' });

    await engine.request();

    expect(status.get()).toMatchObject({ paused: 'signin', pending: 1, failed: 0 });
    expect(await su.collection('business_cases').getOne(id)).toMatchObject({ id });

    await client.collection('users').authWithPassword(user.email, user.password);
    await engine.resume();

    expect(status.get()).toMatchObject({ paused: null, pending: 0, failed: 0 });
    await expect(su.collection('business_cases').getOne(id)).rejects.toMatchObject({ status: 404 });
  });

  it('keeps a record re-created with the id of a deleted one when a new device pulls both', async () => {
    const id = newRecordId();
    await su.collection('business_cases').create({ id, owner: user.id, title: 'First life', status: 'draft' });
    await su.collection('business_cases').delete(id);
    await su.collection('business_cases').create({ id, owner: user.id, title: 'Second life', status: 'draft' });
    const { db, engine } = await device(await secondClient());

    await engine.request();

    expect(await db.businessCases.get(id)).toMatchObject({ title: 'Second life' });
  });

  it('aborts a request that never gets an answer at its deadline instead of holding the pass', async () => {
    const sockets = new Set<Socket>();
    const silent: Server = createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const address = silent.address() as AddressInfo;
      const client = new PocketBase(`http://127.0.0.1:${address.port}`);
      client.authStore.save(user.client.authStore.token, user.client.authStore.record);
      const { engine, status } = await device(client, {}, 300);
      const started = Date.now();

      await engine.request();

      expect(Date.now() - started).toBeLessThan(5_000);
      expect(status.get()).toMatchObject({ paused: null, syncing: false, lastSyncedAt: null });
      await engine.stop();
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
