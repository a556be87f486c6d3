// The session check that starts every sync pass, against a real PocketBase:
// a token the device's clock calls expired is still offered to the server and
// renewed when the server takes it; a token the server refuses pauses syncing
// for a new sign-in, with every local row and waiting change kept.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import PocketBase from 'pocketbase';
import { MasterclassDb } from '@/db';
import { queueChange } from '@/sync';
import { createSyncEngine } from '@/sync/createSyncEngine';
import { pocketbaseTransport } from '@/sync/pocketbaseTransport';
import { createSyncStatusStore } from '@/sync/syncStatusStore';
import type { TestServer } from '../support/pocketbase';
import { createUser, serverForFile } from './helpers';

let server: TestServer;
let su: PocketBase;
serverForFile((started) => ({ server, su } = started));

const noRealtime = async () => async () => {};
const DAY_MS = 86_400_000;

function device(client: PocketBase, userId: string) {
  const db = new MasterclassDb('masterclass', { indexedDB: new IDBFactory(), IDBKeyRange });
  const status = createSyncStatusStore();
  const transport = { ...pocketbaseTransport(client), subscribe: noRealtime, onReconnect: noRealtime };
  const engine = createSyncEngine({ db, userId, transport, status });
  return { db, status, engine };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the session check of a sync pass', () => {
  it('renews a token the device clock calls expired when the server still accepts it', async () => {
    const user = await createUser(server, su, 'attendee');
    const before = user.client.authStore.token;
    // A renewed token differs from the first one only once a second has passed.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    // The device's clock runs 30 days ahead (the token lasts 7): locally the session looks over.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 30 * DAY_MS);
    expect(user.client.authStore.isValid).toBe(false);

    const { engine, status } = device(user.client, user.id);
    await engine.request();
    await engine.stop();

    expect(status.get().paused).toBeNull();
    expect(status.get().lastSyncedAt).not.toBeNull();
    expect(user.client.authStore.token).not.toBe(before);
    expect(user.client.authStore.record?.id).toBe(user.id);
  });

  it('pauses for a new sign-in when the server refuses an expired token, keeping rows and waiting changes', async () => {
    const user = await createUser(server, su, 'attendee', { company: 'Kept Co' });
    const { db, status, engine } = device(user.client, user.id);
    await engine.request();
    expect((await db.profiles.get(user.id))?.company).toBe('Kept Co');

    // A real token that expires one second after it is made.
    const shortLived = await su.collection('users').impersonate(user.id, 1);
    user.client.authStore.save(shortLived.authStore.token, user.client.authStore.record);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await queueChange(db, { collection: 'users', recordId: user.id, op: 'update', patch: { company: 'Offline Co' } });
    await engine.request();
    await engine.stop();

    expect(status.get()).toMatchObject({ paused: 'signin', pending: 1, failed: 0 });
    expect((await db.profiles.get(user.id))?.company).toBe('Offline Co');
    expect(await db.outbox.count()).toBe(1);
    expect((await su.collection('users').getOne(user.id)).company).toBe('Kept Co');
  });
});
