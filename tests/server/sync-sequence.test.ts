// The sync sequence and GET /api/sync/changes against a real PocketBase:
// every write takes a new number in commit order (so a device pulling during
// concurrent writes, or across writes stamped in the same millisecond, misses
// nothing), changes of who may read a row reach devices that synced before
// (publishing, seats, roles), `gone` tells a device what to drop and never
// names another account's rows, pruned tombstones send old checkpoints back
// to a full pull, and the list rules apply exactly as in the records API.
// (How fast 10,000 use cases pull is a benchmark: bench/sync-changes.mjs.)
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { masterclassEvent } from '../support/masterclassEvent';
import type { TestServer } from '../support/pocketbase';
import { createUser, samplePdf, seatAt, serverForFile, unique, type TestUser } from './helpers';

let server: TestServer;
let su: PocketBase;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let admin: TestUser;

// Pruning (the last test) deletes every tombstone older than a tenth of a millisecond.
serverForFile((started) => ({ server, su } = started), { env: { TOMBSTONE_RETENTION_DAYS: '0.000000001' } });

beforeAll(async () => {
  [alice, bob, carol, admin] = await Promise.all([
    createUser(server, su, 'attendee'),
    createUser(server, su, 'attendee'),
    createUser(server, su, 'attendee'),
    createUser(server, su, 'administrator'),
  ]);
});

interface Changes {
  records: RecordModel[];
  gone: string[];
  last: number;
  more: boolean;
  reset?: boolean;
  horizon?: number;
}

type Params = Record<string, string | number>;

function changes(client: PocketBase, collection: string, after: number, params: Params = {}): Promise<Changes> {
  return client.send<Changes>('/api/sync/changes', { query: { collection, after, ...params }, requestKey: null });
}

/** A device's pull: pages until `more` is false, applying `gone` and records; the rows it holds and the checkpoint. */
async function pullAll(client: PocketBase, collection: string, after: number, params: Params = {}, held = new Map<string, RecordModel>()) {
  const gone: string[] = [];
  let checkpoint = after;
  let pages = 0;
  for (;;) {
    const page = await changes(client, collection, checkpoint, params);
    expect(page.reset, `a pull of ${collection} after ${checkpoint} was reset`).toBeUndefined();
    const seqs = page.records.map((record) => Number(record.sync_seq));
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(seqs.every((seq) => seq > checkpoint && seq <= page.last)).toBe(true);
    expect(page.gone.filter((id) => page.records.some((record) => record.id === id))).toEqual([]);
    for (const id of page.gone) {
      held.delete(id);
      gone.push(id);
    }
    for (const record of page.records) held.set(record.id, record);
    checkpoint = page.last;
    pages += 1;
    if (!page.more) break;
  }
  return { held, gone, last: checkpoint, pages };
}

const ids = (records: RecordModel[] | Map<string, RecordModel>) => (records instanceof Map ? [...records.values()] : records).map((record) => record.id);

async function newEvent(fields: Record<string, unknown> = {}) {
  return su.collection('events').create({
    title: unique('Sync event '), starts_at: '2099-02-01 00:00:00.000Z', ends_at: '2099-02-01 03:00:00.000Z', timezone: 'Australia/Adelaide',
    location: 'Adelaide', capacity: 5, currency: 'AUD', sales_state: 'closed', portal_unlock_at: '2025-01-01 00:00:00.000Z',
    max_per_registration: 10, published: true, ...fields,
  });
}

async function enableBatches() {
  await su.settings.update({ batch: { enabled: true, maxRequests: 500, timeout: 60, maxBodySize: 0 } });
}

/** The use cases, created in one batch (one transaction: many share a millisecond). */
async function batchCreateUseCases(titles: string[]) {
  const batch = su.createBatch();
  for (const title of titles) batch.collection('ai_use_cases').create({ title, description: `${title}: a use case made in bulk.` });
  await batch.send();
}

describe('the sync sequence', () => {
  it('gives every create and update its own number in commit order, so a device pulling during concurrent writes misses nothing', async () => {
    const tag = unique('Concurrent ');
    const device = await pullAll(alice.client, 'ai_use_cases', 0);
    let checkpoint = device.last;
    let writing = true;
    let pulls = 0;
    const puller = (async () => {
      while (writing) {
        checkpoint = (await pullAll(alice.client, 'ai_use_cases', checkpoint, { limit: 3 }, device.held)).last;
        pulls += 1;
      }
    })();

    const created = await Promise.all(Array.from({ length: 30 }, (_, index) =>
      su.collection('ai_use_cases').create({ title: `${tag} ${index}` })));
    await Promise.all(created.flatMap((record) => [1, 2].map((edit) =>
      su.collection('ai_use_cases').update(record.id, { description: `edit ${edit} of ${record.title}` }))));
    writing = false;
    await puller;
    checkpoint = (await pullAll(alice.client, 'ai_use_cases', checkpoint, { limit: 3 }, device.held)).last;
    expect(pulls).toBeGreaterThan(0);

    const server_ = await su.collection('ai_use_cases').getFullList({ batch: 1000 });
    const seqs = server_.map((record) => Number(record.sync_seq));
    expect(new Set(seqs).size).toBe(server_.length);
    expect(seqs.every((seq) => seq > 0)).toBe(true);
    for (const record of server_.filter((row) => row.title.startsWith(tag))) {
      expect(device.held.get(record.id)).toEqual(record);
    }
  });

  it('pulls rows written in the same millisecond across page boundaries', async () => {
    await enableBatches();
    const tag = unique('Same millisecond ');
    const { last } = await pullAll(alice.client, 'ai_use_cases', 0);
    // The case the sequence is for: more rows than stamps. One batch is one transaction, and on an idle
    // machine its 40 rows share a few milliseconds; a loaded machine may stamp each in its own, so the
    // batch is written again, larger, until it holds rows stamped alike (what is judged is the pull below).
    let written: RecordModel[] = [];
    for (const size of [40, 120, 360]) {
      const before = written.length;
      await batchCreateUseCases(Array.from({ length: size }, (_, index) => `${tag} ${before + index}`));
      written = await su.collection('ai_use_cases').getFullList({ filter: su.filter('title ~ {:tag}', { tag }) });
      expect(written).toHaveLength(before + size);
      if (new Set(written.map((record) => record.updated)).size < written.length) break;
    }
    expect(new Set(written.map((record) => record.updated)).size).toBeLessThan(written.length);

    const device = await pullAll(alice.client, 'ai_use_cases', last, { limit: 1 });
    expect(device.pages).toBeGreaterThanOrEqual(written.length);
    expect(ids(device.held).sort()).toEqual(ids(written).sort());
  });

  it('ignores a sync_seq sent by an API caller, and answers a save with the number it took', async () => {
    const { last } = await changes(alice.client, 'business_cases', 0, { owner: 1, limit: 1 });
    const created = await alice.client.collection('business_cases').create({ owner: alice.id, title: 'Numbered', status: 'draft', sync_seq: 999_999_999 });
    expect(created.sync_seq).toBeGreaterThan(last);
    expect(created.sync_seq).toBeLessThan(999_999_999);
    const updated = await alice.client.collection('business_cases').update(created.id, { title: 'Renumbered', sync_seq: 1 });
    expect(updated.sync_seq).toBeGreaterThan(created.sync_seq);

    const pulled = await pullAll(alice.client, 'business_cases', last, { owner: 1 });
    expect(pulled.held.get(created.id)).toEqual(updated);
    expect((await su.collection('business_cases').getOne(created.id)).sync_seq).toBe(updated.sync_seq);
  });

  it('announces a saved record over realtime with the number it took', async () => {
    // PocketBase's realtime over a plain fetch: the connect event names the client, a POST subscribes it.
    const controller = new AbortController();
    const response = await fetch(`${server.url}/api/realtime`, { signal: controller.signal });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    const nextEvent = async (name: string) => {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event:(.*)$/m.exec(block)?.[1].trim();
          const data = /^data:(.*)$/m.exec(block)?.[1] ?? '';
          if (event === name) return JSON.parse(data) as Record<string, unknown>;
          continue;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('realtime closed');
        buffer += value;
      }
    };
    try {
      const { clientId } = await nextEvent('PB_CONNECT') as { clientId: string };
      const subscribed = await fetch(`${server.url}/api/realtime`, {
        method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: alice.client.authStore.token },
        body: JSON.stringify({ clientId, subscriptions: ['ai_use_cases'] }),
      });
      expect(subscribed.status).toBe(204);
      const created = await su.collection('ai_use_cases').create({ title: unique('Announced ') });
      const message = await nextEvent('ai_use_cases') as { action: string; record: RecordModel };
      expect(message.action).toBe('create');
      expect(message.record.id).toBe(created.id);
      expect(message.record.sync_seq).toBe(created.sync_seq);
      expect(created.sync_seq).toBeGreaterThan(0);
      const updated = await su.collection('ai_use_cases').update(created.id, { title: `${created.title} again` });
      const change = await nextEvent('ai_use_cases') as { action: string; record: RecordModel };
      expect(change.record.sync_seq).toBe(updated.sync_seq);
      expect(updated.sync_seq).toBeGreaterThan(created.sync_seq);
    } finally {
      controller.abort();
    }
  });

  it('keeps numbering rows after a field is added to the collection through PocketBase', async () => {
    const event = (await masterclassEvent(su)).id;
    const speaker = await su.collection('speakers').create({ event, name: 'Before the field', role: 'Guest' });
    const collection = await su.collections.getOne('speakers');
    await su.collections.update('speakers', { fields: [...collection.fields, { name: 'sync_probe', type: 'text' }] });
    try {
      const { last } = await pullAll(admin.client, 'speakers', 0);
      const updated = await su.collection('speakers').update(speaker.id, { name: 'After the field', sync_probe: 'x' });
      const added = await su.collection('speakers').create({ event, name: 'Added after the field', role: 'Guest' });
      expect(updated.sync_seq).toBeGreaterThan(last);
      expect(added.sync_seq).toBeGreaterThan(updated.sync_seq);
      const pulled = await pullAll(admin.client, 'speakers', last);
      expect(ids(pulled.held).sort()).toEqual([speaker.id, added.id].sort());
    } finally {
      await su.collections.update('speakers', { fields: collection.fields });
    }
    const after = await su.collection('speakers').update(speaker.id, { name: 'Field removed again' });
    expect(after.sync_seq).toBeGreaterThan(speaker.sync_seq);
  });
});

describe('changes of who may read a row', () => {
  it('delivers the speakers of a draft event once it is published to a device that synced before, and takes them away when unpublished', async () => {
    const draft = await newEvent({ published: false });
    const speakers = await Promise.all(['First', 'Second'].map((name) => su.collection('speakers').create({ event: draft.id, name, role: 'Guest' })));
    const events = await pullAll(alice.client, 'events', 0);
    const held = await pullAll(alice.client, 'speakers', 0);
    expect(events.held.has(draft.id)).toBe(false);
    expect(ids(held.held)).not.toContain(speakers[0].id);

    await su.collection('events').update(draft.id, { published: true });
    const published = await pullAll(alice.client, 'speakers', held.last, {}, held.held);
    expect(ids(published.held)).toEqual(expect.arrayContaining(ids(speakers)));
    expect((await pullAll(alice.client, 'events', events.last, {}, events.held)).held.has(draft.id)).toBe(true);
    // the speakers themselves did not change
    for (const speaker of speakers) expect(published.held.get(speaker.id)?.updated).toBe(speaker.updated);

    await su.collection('events').update(draft.id, { published: false });
    const unpublished = await pullAll(alice.client, 'speakers', published.last, {}, published.held);
    expect(unpublished.gone).toEqual(expect.arrayContaining(ids(speakers)));
    expect(ids(unpublished.held)).not.toContain(speakers[0].id);
    expect((await pullAll(alice.client, 'events', 0)).held.has(draft.id)).toBe(false);
  });

  it('takes an event\'s materials away from an attendee whose seat is cancelled, and only from them', async () => {
    const event = await newEvent();
    const material = await su.collection('materials').create({ event: event.id, title: 'Slides', file: samplePdf() });
    const aliceSeat = await seatAt(su, alice, event.id);
    await seatAt(su, bob, event.id);
    const aliceDevice = await pullAll(alice.client, 'materials', 0);
    const bobDevice = await pullAll(bob.client, 'materials', 0);
    expect(aliceDevice.held.has(material.id)).toBe(true);
    expect(bobDevice.held.has(material.id)).toBe(true);

    await su.collection('attendees').update(aliceSeat.id, { registration_status: 'cancelled' });
    const alicePull = await pullAll(alice.client, 'materials', aliceDevice.last, {}, aliceDevice.held);
    expect(alicePull.gone).toContain(material.id);
    expect(alicePull.held.has(material.id)).toBe(false);
    const bobPull = await pullAll(bob.client, 'materials', bobDevice.last, {}, bobDevice.held);
    expect(bobPull.gone).not.toContain(material.id);
    expect(bobPull.held.has(material.id)).toBe(true);
  });

  it('delivers every material to a user made administrator', async () => {
    const event = await newEvent();
    const material = await su.collection('materials').create({ event: event.id, title: 'Workbook', file: samplePdf() });
    const user = await createUser(server, su, 'attendee');
    const device = await pullAll(user.client, 'materials', 0);
    expect(device.held.has(material.id)).toBe(false);
    await su.collection('users').update(user.id, { role: 'administrator' });
    await user.client.collection('users').authRefresh();
    expect((await pullAll(user.client, 'materials', device.last, {}, device.held)).held.has(material.id)).toBe(true);
  });

  it('tells the account an attendee row moved away from that it is gone, and nobody else', async () => {
    const event = await newEvent();
    const seat = await seatAt(su, alice, event.id);
    const before = {
      alice: await pullAll(alice.client, 'attendees', 0, { owner: 1 }),
      bob: await pullAll(bob.client, 'attendees', 0, { owner: 1 }),
      carol: await pullAll(carol.client, 'attendees', 0),
      door: await pullAll(admin.client, 'attendees', 0),
    };
    expect(before.alice.held.has(seat.id)).toBe(true);

    await su.collection('attendees').update(seat.id, { user: bob.id, email: bob.email });
    const alicePull = await pullAll(alice.client, 'attendees', before.alice.last, { owner: 1 }, before.alice.held);
    expect(alicePull.gone).toEqual([seat.id]);
    expect(alicePull.held.has(seat.id)).toBe(false);
    const bobPull = await pullAll(bob.client, 'attendees', before.bob.last, { owner: 1 }, before.bob.held);
    expect(bobPull.gone).toEqual([]);
    expect(bobPull.held.get(seat.id)?.user).toBe(bob.id);
    const carolPull = await pullAll(carol.client, 'attendees', before.carol.last);
    expect([...carolPull.gone, ...ids(carolPull.held)]).not.toContain(seat.id);
    // the door keeps the row: it moved, it was not deleted
    const doorPull = await pullAll(admin.client, 'attendees', before.door.last, {}, before.door.held);
    expect(doorPull.gone).not.toContain(seat.id);
    expect(doorPull.held.get(seat.id)?.user).toBe(bob.id);

    // moved back: Alice holds it again, though her tombstone for it stays
    await su.collection('attendees').update(seat.id, { user: alice.id, email: alice.email });
    const back = await pullAll(alice.client, 'attendees', 0, { owner: 1 });
    expect(back.gone).not.toContain(seat.id);
    expect(back.held.get(seat.id)?.user).toBe(alice.id);
    expect((await pullAll(bob.client, 'attendees', bobPull.last, { owner: 1 })).gone).toEqual([seat.id]);
  });

  it('tells both accounts an attendee row moved between them and then anonymised is gone', async () => {
    const event = await newEvent();
    const seat = await seatAt(su, alice, event.id);
    const before = { alice: await pullAll(alice.client, 'attendees', 0, { owner: 1 }), bob: await pullAll(bob.client, 'attendees', 0, { owner: 1 }) };
    await su.collection('attendees').update(seat.id, { user: bob.id, email: bob.email });
    const response = await fetch(`${server.url}/api/masterclass/admin/attendees/${seat.id}/anonymise`, {
      method: 'POST', headers: { Authorization: admin.client.authStore.token },
    });
    expect(response.status).toBe(200);
    expect((await pullAll(alice.client, 'attendees', before.alice.last, { owner: 1 })).gone).toEqual([seat.id]);
    const bobPull = await pullAll(bob.client, 'attendees', before.bob.last, { owner: 1 });
    expect(bobPull.gone).toEqual([seat.id]);
    expect(bobPull.held.has(seat.id)).toBe(false);
  });

  it('never names another account\'s business case in anyone\'s gone', async () => {
    const start = await changes(alice.client, 'business_cases', 0, { owner: 1, limit: 1 });
    const plan = await alice.client.collection('business_cases').create({ owner: alice.id, title: 'Private plan', status: 'draft' });
    await alice.client.collection('business_cases').delete(plan.id);

    expect((await pullAll(alice.client, 'business_cases', start.last, { owner: 1 })).gone).toEqual([plan.id]);
    // (A guest's owner pull is refused outright: see the 401 test below.)
    for (const [client, options] of [[bob.client, [{ owner: 1 }, {}]], [admin.client, [{ owner: 1 }, {}]], [server.guest(), [{}]]] as const) {
      for (const params of options as readonly Params[]) {
        const pulled = await pullAll(client, 'business_cases', 0, params);
        expect([...pulled.gone, ...ids(pulled.held)]).not.toContain(plan.id);
      }
    }
    const tombstones = await pullAll(bob.client, 'tombstones', 0);
    expect([...tombstones.held.values()].map((tombstone) => tombstone.record_id)).not.toContain(plan.id);
  });
});

describe('rules', () => {
  it('gives an attendee only their own rows, written exactly as the records API writes them', async () => {
    await alice.client.collection('readiness_assessments').create({ owner: alice.id, status: 'in_progress', score: 40 });
    await bob.client.collection('readiness_assessments').create({ owner: bob.id, status: 'in_progress', score: 60 });
    for (const collection of ['readiness_assessments', 'business_cases', 'saved_use_cases', 'attendees', 'users']) {
      for (const params of [{ owner: 1 }, {}] as Params[]) {
        const pulled = await pullAll(bob.client, collection, 0, params);
        for (const record of pulled.held.values()) {
          const owner = collection === 'users' ? record.id : collection === 'attendees' ? record.user : record.owner;
          expect(owner, `${collection} ${record.id}`).toBe(bob.id);
          expect(record).toEqual(await bob.client.collection(collection).getOne(record.id));
        }
      }
    }
    const me = (await pullAll(bob.client, 'users', 0, { owner: 1 })).held.get(bob.id);
    expect(me?.email).toBe(bob.email);
    expect(me).not.toHaveProperty('password');
    expect(me).not.toHaveProperty('tokenKey');

    // an administrator reads every user, emails as the records API shows them
    const everyone = await pullAll(admin.client, 'users', 0);
    expect(everyone.held.get(alice.id)).toEqual(await admin.client.collection('users').getOne(alice.id));
    // hidden fields stay hidden
    const events = await pullAll(alice.client, 'events', 0);
    expect([...events.held.values()].every((event) => !('materials_released_at' in event))).toBe(true);

    // every collection's JSON is the records API's, field for field (files, relations, numbers, JSON, dates)
    await su.collection('check_ins').create({
      attendee: (await seatAt(su, carol, (await masterclassEvent(su)).id)).id, event: (await masterclassEvent(su)).id, method: 'scan',
      scanned_at: '2026-01-01 00:00:00.000Z', received_at: '2026-01-01 00:00:01.000Z', ordered_at: '2026-01-01 00:00:00.000Z', device_name: 'Door 1',
    });
    const removed = await su.collection('speakers').create({ event: (await masterclassEvent(su)).id, name: 'Removed', role: 'Guest' });
    await su.collection('speakers').delete(removed.id);
    for (const collection of ['events', 'speakers', 'materials', 'attendees', 'check_ins', 'tombstones', 'ai_use_cases']) {
      const pulled = await pullAll(admin.client, collection, 0);
      expect(pulled.held.size, collection).toBeGreaterThan(0);
      const listed = await admin.client.collection(collection).getFullList({ batch: 1000 });
      expect(new Map(listed.map((record) => [record.id, record])), collection).toEqual(pulled.held);
    }
  });

  it('gives a guest only public rows', async () => {
    const draft = await newEvent({ published: false });
    const guest = server.guest();
    const events = await pullAll(guest, 'events', 0);
    expect(events.held.size).toBeGreaterThan(0);
    expect([...events.held.values()].every((event) => event.published === true)).toBe(true);
    expect(events.held.has(draft.id)).toBe(false);
    for (const event of events.held.values()) expect(event).toEqual(await guest.collection('events').getOne(event.id));
    for (const collection of ['users', 'attendees', 'business_cases', 'readiness_assessments', 'saved_use_cases', 'ai_use_cases', 'materials', 'check_ins', 'tombstones']) {
      expect((await pullAll(guest, collection, 0)).held.size, collection).toBe(0);
    }
  });

  it('answers a pull with a session the server no longer accepts, or an owner pull with none, with 401: never as a guest', async () => {
    const ended = server.guest();
    // A token that was valid once: alice's, after her password changed (PocketBase then refuses it).
    const user = await createUser(server, su, 'attendee');
    ended.authStore.save(user.client.authStore.token, user.client.authStore.record);
    await su.collection('users').update(user.id, { password: 'a-new-password-1', passwordConfirm: 'a-new-password-1' });
    for (const [collection, params] of [['events', {}], ['materials', {}], ['attendees', { owner: 1 }]] as const) {
      await expect(changes(ended, collection, 1, params), collection).rejects.toMatchObject({ status: 401 });
    }
    await expect(changes(server.guest(), 'business_cases', 0, { owner: 1 })).rejects.toMatchObject({ status: 401 });
    // A guest without a token still reads what is public.
    expect((await changes(server.guest(), 'events', 0)).records.length).toBeGreaterThan(0);
  });

  it('refuses bad parameters with a clear 400, never a 500', async () => {
    const cases: [string, string][] = [
      ['collection=events&after=-1', 'after'],
      ['collection=events&after=abc', 'after'],
      ['collection=events&after=1.5', 'after'],
      ['collection=events&after=99999999999999999999', 'after'],
      ['collection=events&limit=0', 'limit'],
      ['collection=events&limit=99999', 'limit'],
      ['collection=events&limit=ten', 'limit'],
      ['collection=events&owner=yes', 'owner'],
      ['collection=events&full=2', 'full'],
      ['collection=_superusers', 'collection'],
      ['collection=missing', 'collection'],
      ['collection=', 'collection'],
      ['after=0', 'collection'],
    ];
    for (const [query, param] of cases) {
      const response = await fetch(`${server.url}/api/sync/changes?${query}`, { headers: { Authorization: alice.client.authStore.token } });
      const body = await response.json() as { status: number; message: string; data: Record<string, { message: string }> };
      expect(response.status, query).toBe(400);
      expect(body.status).toBe(400);
      expect(Object.keys(body.data), query).toEqual([param]);
      expect(body.message.length).toBeGreaterThan(20);
    }
    const defaults = await changes(alice.client, 'events', 0);
    expect(defaults.more).toBe(false);
  });
});

describe('the horizon', () => {
  it('sends a checkpoint older than the pruned tombstones back to a full pull; after=0 never', async () => {
    const { last } = await pullAll(alice.client, 'speakers', 0);
    const speaker = await su.collection('speakers').create({ event: (await masterclassEvent(su)).id, name: 'Pruned soon', role: 'Guest' });
    await su.collection('speakers').delete(speaker.id);
    expect((await pullAll(alice.client, 'speakers', last)).gone).toContain(speaker.id);

    await su.crons.run('pruneTombstones');
    await vi.waitFor(async () => expect(await changes(alice.client, 'speakers', last)).toEqual({ reset: true, horizon: expect.any(Number), history: expect.any(String) }), { timeout: 10_000, interval: 50 });
    const { horizon } = await changes(alice.client, 'speakers', last);
    expect(horizon).toBeGreaterThan(last);
    // the same answer for every collection: the horizon is the whole sequence's
    expect((await changes(alice.client, 'events', last)).reset).toBe(true);
    expect((await changes(alice.client, 'speakers', 0)).reset).toBeUndefined();
    expect((await changes(alice.client, 'speakers', horizon!)).reset).toBeUndefined();
    // a page of a pull that started at 0 is below the horizon too, and goes on
    expect((await changes(alice.client, 'speakers', last, { full: 1 })).reset).toBeUndefined();
    // a checkpoint from beyond this server's sequence (a backup restored) pulls everything again too
    const full = await pullAll(alice.client, 'speakers', 0);
    expect((await changes(alice.client, 'speakers', full.last + 1_000_000)).reset).toBe(true);
  });
});
