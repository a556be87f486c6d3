// Rows that become visible without changing themselves reach devices that
// already synced: session materials of an event whose portal unlocks later
// than another event's (by time passing, or by an administrator moving the
// unlock earlier) are pulled even though they were written before the device's
// materials checkpoint, and so are all materials for a user made administrator:
// the server gives them new sync_seq numbers when they become readable. (The
// second waited between them is from the clock cursors' days: it keeps the
// rows' `updated` stamps apart, which the pull no longer reads.)
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { MasterclassDb } from '@/db';
import { createSyncEngine, type SyncEngine } from '@/sync/createSyncEngine';
import { pocketbaseTransport } from '@/sync/pocketbaseTransport';
import { masterclassEvent } from '../support/masterclassEvent';
import type { TestServer } from '../support/pocketbase';
import { createUser, samplePdf, seatAt, serverForFile, type TestUser } from './helpers';

let server: TestServer;
let su: PocketBase;
let user: TestUser;
const engines: SyncEngine[] = [];
const noRealtime = async () => async () => {};
const OVERLAP_MS = 1000;
const FUTURE = '2099-01-01 00:00:00.000Z';
const PAST = '2025-01-01 00:00:00.000Z';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const stamp = (ms: number) => new Date(ms).toISOString().replace('T', ' ');

serverForFile((started) => ({ server, su } = started));

beforeAll(async () => {
  user = await createUser(server, su, 'attendee');
  await seatAt(su, user, (await masterclassEvent(su)).id);
});

afterAll(async () => {
  await Promise.all(engines.map((engine) => engine.stop()));
});

function device(client: PocketBase, userId: string) {
  const db = new MasterclassDb('masterclass', { indexedDB: new IDBFactory(), IDBKeyRange });
  const transport = { ...pocketbaseTransport(client), subscribe: noRealtime, onReconnect: noRealtime };
  const engine = createSyncEngine({ db, userId, transport, pageSize: 10, wakeups: { subscribe: () => () => {} } });
  engines.push(engine);
  return { db, engine };
}

async function lockedEventWithMaterial(title: string, seated = true) {
  const event = await su.collection('events').create({
    title, starts_at: '2099-02-01 00:00:00.000Z', ends_at: '2099-02-01 03:00:00.000Z', timezone: 'Australia/Adelaide',
    location: 'Adelaide', capacity: 5, currency: 'AUD', sales_state: 'closed', portal_unlock_at: FUTURE, max_per_registration: 10,
  });
  const material = await su.collection('materials').create({ event: event.id, title: `${title} slides`, file: samplePdf() });
  if (seated) await seatAt(su, user, event.id);
  return { event, material };
}

/** A device whose materials checkpoint is past `older` (another event's material, newer, pulled). */
async function syncedPast(older: RecordModel) {
  await sleep(OVERLAP_MS + 200);
  const seeded = await masterclassEvent(su);
  await su.collection('events').update(seeded.id, { portal_unlock_at: PAST });
  const newer = await su.collection('materials').create({ event: seeded.id, title: 'Newer handout', file: samplePdf() });
  expect(String(newer.updated) > String(older.updated)).toBe(true);
  const phone = device(user.client, user.id);
  await phone.engine.request();
  expect(await phone.db.materials.get(newer.id)).toBeDefined();
  return phone;
}

describe('rows made visible by a rule change', () => {
  it('pulls the materials of an event an administrator unlocks after the device synced another event', async () => {
    const second = await lockedEventWithMaterial('Second masterclass');
    const phone = await syncedPast(second.material);
    expect(await phone.db.materials.get(second.material.id)).toBeUndefined();

    await su.collection('events').update(second.event.id, { portal_unlock_at: stamp(Date.now() - 60_000) });
    await phone.engine.request();

    expect(await phone.db.materials.get(second.material.id)).toMatchObject({ title: 'Second masterclass slides' });
  });

  it("pulls them once the event's unlock time passes (the minute job)", async () => {
    const third = await lockedEventWithMaterial('Third masterclass');
    const phone = await syncedPast(third.material);
    await su.collection('events').update(third.event.id, { portal_unlock_at: stamp(Date.now() + 1500) });
    await phone.engine.request();
    expect(await phone.db.materials.get(third.material.id)).toBeUndefined();

    await sleep(1700);
    await su.crons.run('releaseUnlockedMaterials');
    // The cron route answers before its job ends: sync until the touched material arrives.
    await expect
      .poll(async () => {
        await phone.engine.request();
        return (await phone.db.materials.get(third.material.id))?.title;
      }, { timeout: 10_000 })
      .toBe('Third masterclass slides');
  });

  it('does not touch the materials of an event still locked', async () => {
    const locked = await lockedEventWithMaterial('Locked masterclass');
    await su.crons.run('releaseUnlockedMaterials');
    await su.collection('events').update(locked.event.id, { title: 'Locked masterclass (renamed)' });

    expect((await su.collection('materials').getOne(locked.material.id)).updated).toBe(locked.material.updated);
    const asUser = await user.client.collection('materials').getList(1, 50, { filter: `event = "${locked.event.id}"` });
    expect(asUser.items).toEqual([]);
  });

  it('pulls the materials of an unlocked event once the account gets a seat there, and not before', async () => {
    const fifth = await lockedEventWithMaterial('Fifth masterclass', false);
    await su.collection('events').update(fifth.event.id, { portal_unlock_at: PAST });
    const phone = await syncedPast(fifth.material);
    expect(await phone.db.materials.get(fifth.material.id)).toBeUndefined();

    // A waitlisted row gives no seat: nothing to pull yet.
    const row = await seatAt(su, user, fifth.event.id, 'waitlisted');
    await phone.engine.request();
    expect(await phone.db.materials.get(fifth.material.id)).toBeUndefined();

    await su.collection('attendees').update(row.id, { registration_status: 'confirmed' });
    await phone.engine.request();

    expect(await phone.db.materials.get(fifth.material.id)).toMatchObject({ title: 'Fifth masterclass slides' });
  });

  it('pulls every material for a user made administrator', async () => {
    const admin = await createUser(server, su, 'attendee');
    const fourth = await lockedEventWithMaterial('Fourth masterclass');
    await sleep(OVERLAP_MS + 200);
    const seeded = await masterclassEvent(su);
    await su.collection('events').update(seeded.id, { portal_unlock_at: PAST });
    await su.collection('materials').create({ event: seeded.id, title: 'Another newer handout', file: samplePdf() });
    const laptop = device(admin.client, admin.id);
    await laptop.engine.request();
    expect(await laptop.db.materials.get(fourth.material.id)).toBeUndefined();

    await su.collection('users').update(admin.id, { role: 'administrator' });
    await laptop.engine.request();

    expect(await laptop.db.materials.get(fourth.material.id)).toMatchObject({ title: 'Fourth masterclass slides' });
  });

  it('keeps the event hidden stamp out of every answer', async () => {
    const event = await masterclassEvent(user.client);
    expect(Object.keys(event)).not.toContain('materials_released_at');
  });
});

describe("what a guest's pull tells", () => {
  type Page = { records: RecordModel[]; gone: string[]; last: number; more: boolean };
  const guestPull = (collection: string, after = 0) =>
    server.guest().send<Page>('/api/sync/changes', { query: { collection, after, limit: 5000 }, requestKey: null });

  it('names no material to a guest, who can never read one, whatever changes', async () => {
    const { material } = await lockedEventWithMaterial('Guest-proof masterclass');
    const first = await guestPull('materials');
    expect(first).toMatchObject({ records: [], gone: [] });
    await su.collection('materials').update(material.id, { title: 'Guest-proof slides, renamed' });
    await su.collection('materials').delete(material.id);
    expect(await guestPull('materials', first.last)).toMatchObject({ records: [], gone: [] });
  });

  it('names no draft to a guest, from the start or after a checkpoint', async () => {
    const first = await guestPull('events');
    const { event } = await lockedEventWithMaterial('Draft for nobody');
    await su.collection('events').update(event.id, { published: false, title: 'Draft for nobody (renamed)' });
    expect((await guestPull('events')).gone).not.toContain(event.id);
    expect((await guestPull('events', first.last)).gone).not.toContain(event.id);
  });

  it("ends a guest's page at a number that does not move when a seat is sold", async () => {
    const seeded = await masterclassEvent(su);
    const before = Object.fromEntries(await Promise.all(['events', 'speakers', 'materials', 'ai_use_cases'].map(async (name) => [name, (await guestPull(name)).last] as const)));
    const buyer = await createUser(server, su, 'attendee');
    await seatAt(su, buyer, seeded.id);
    await seatAt(su, { id: '', email: `${buyer.email}.guest` }, seeded.id);
    for (const [name, last] of Object.entries(before)) {
      const page = await guestPull(name, last);
      expect(page.last, name).toBe(last);
      expect(page.gone, name).toEqual([]);
    }
  });

  it('never tells a guest where the counter stands: a checkpoint above it is an empty page, not a reset', async () => {
    const counter = await su.send<{ last: number }>('/api/sync/changes', { query: { collection: 'events', after: 0, limit: 1 }, requestKey: null });
    for (const after of [1, 10 ** 9]) {
      const page = await guestPull('events', after) as Page & { reset?: boolean };
      expect(page.reset, String(after)).toBeUndefined();
      expect(page.last, String(after)).toBeGreaterThanOrEqual(Math.min(after, counter.last));
    }
  });
});
