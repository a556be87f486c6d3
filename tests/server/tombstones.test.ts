// Deleting a record of a synced collection leaves a tombstone that offline
// clients pull to drop it: shared ones for every signed-in user, a tool
// record's only for its owner; other collections leave none.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type PocketBase from 'pocketbase';
import { masterclassEvent } from '../support/masterclassEvent';
import { startTestServer, type TestServer } from '../support/pocketbase';
import { arrangeAttendee } from './account-helpers';
import { createUser, samplePdf, serverForFile, type TestUser } from './helpers';

let server: TestServer;
let su: PocketBase;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;

serverForFile((started) => ({ server, su } = started));

beforeAll(async () => {
  [owner, other, admin] = await Promise.all([
    createUser(server, su, 'attendee'),
    createUser(server, su, 'attendee'),
    createUser(server, su, 'administrator'),
  ]);
});

async function tombstonesOf(client: PocketBase, recordId: string) {
  return client.collection('tombstones').getFullList({ filter: client.filter('record_id = {:recordId}', { recordId }) });
}

describe('tombstones', () => {
  it('are written for every synced shared collection and visible to all signed-in users', async () => {
    const eventId = (await masterclassEvent(su)).id;
    const created = {
      speakers: await su.collection('speakers').create({ event: eventId, name: 'Temp Speaker', role: 'Guest' }),
      materials: await su.collection('materials').create({ event: eventId, title: 'Temp', file: samplePdf() }),
      ai_use_cases: await su.collection('ai_use_cases').create({ title: 'Temp use case' }),
      events: await su.collection('events').create({
        title: 'Temp event', starts_at: '2026-01-01 00:00:00.000Z', ends_at: '2026-01-01 01:00:00.000Z', timezone: 'Australia/Adelaide',
        location: 'Adelaide', capacity: 5, currency: 'AUD', sales_state: 'closed', portal_unlock_at: '2026-01-01 00:00:00.000Z', max_per_registration: 10,
      }),
    };
    for (const [collection, record] of Object.entries(created)) {
      await admin.client.collection(collection).delete(record.id);
      for (const reader of [owner.client, other.client, admin.client]) {
        const tombstones = await tombstonesOf(reader, record.id);
        expect(tombstones.map((tombstone) => [tombstone.collection, tombstone.owner])).toEqual([[collection, '']]);
      }
      expect(await tombstonesOf(server.guest(), record.id)).toEqual([]);
    }
  });

  it('of a tool record are visible to its owner only', async () => {
    for (const [collection, body] of [
      ['readiness_assessments', { status: 'in_progress', score: 70 }],
      ['business_cases', { title: 'Deleted case', status: 'draft' }],
      ['saved_use_cases', { title: 'Deleted bookmark' }],
    ] as const) {
      const record = await owner.client.collection(collection).create({ owner: owner.id, ...body });
      await owner.client.collection(collection).delete(record.id);
      expect((await tombstonesOf(owner.client, record.id)).map((tombstone) => tombstone.owner)).toEqual([owner.id]);
      expect(await tombstonesOf(other.client, record.id)).toEqual([]);
      expect(await tombstonesOf(admin.client, record.id)).toEqual([]);
    }
  });

  it("of an attendee row are visible to that attendee's user only", async () => {
    const attendee = await arrangeAttendee(su, { user: owner.id, email: owner.email });
    await su.collection('attendees').delete(attendee.id);
    expect((await tombstonesOf(owner.client, attendee.id)).map((tombstone) => [tombstone.collection, tombstone.owner]))
      .toEqual([['attendees', owner.id]]);
    expect(await tombstonesOf(other.client, attendee.id)).toEqual([]);
  });

  it('are written for cascaded deletes too', async () => {
    const useCase = await su.collection('ai_use_cases').create({ title: 'Soon removed from the library' });
    const bookmark = await owner.client.collection('saved_use_cases').create({ owner: owner.id, use_case: useCase.id, title: 'Bookmark' });
    await admin.client.collection('ai_use_cases').delete(useCase.id);
    await expect(su.collection('saved_use_cases').getOne(bookmark.id)).rejects.toMatchObject({ status: 404 });
    expect((await tombstonesOf(owner.client, bookmark.id)).map((tombstone) => tombstone.collection)).toEqual(['saved_use_cases']);
  });

  it('are refreshed, not duplicated, when a reused id is deleted again', async () => {
    const id = 'reusedspeaker01';
    const event = (await masterclassEvent(su)).id;
    await su.collection('speakers').create({ id, event, name: 'First', role: 'Guest' });
    await su.collection('speakers').delete(id);
    const [first] = await tombstonesOf(su, id);
    await new Promise((resolve) => setTimeout(resolve, 10));
    await su.collection('speakers').create({ id, event, name: 'Second', role: 'Guest' });
    await su.collection('speakers').delete(id);
    const again = await tombstonesOf(su, id);
    expect(again).toHaveLength(1);
    expect(again[0].id).toBe(first.id);
    expect(again[0].updated > first.updated).toBe(true);
  });

  it('are not written for collections clients do not sync', async () => {
    const message = await su.collection('contact_messages').create({ name: 'Jo', email: 'jo@test.local', subject: 'Hi', message: 'Hello' });
    await admin.client.collection('contact_messages').delete(message.id);
    expect(await tombstonesOf(su, message.id)).toEqual([]);
  });

  it('leave the record in place when the delete is refused', async () => {
    const speaker = await su.collection('speakers').create({ event: (await masterclassEvent(su)).id, name: 'Protected', role: 'Guest' });
    await expect(owner.client.collection('speakers').delete(speaker.id)).rejects.toMatchObject({ status: 404 });
    expect((await su.collection('speakers').getOne(speaker.id)).name).toBe('Protected');
    expect(await tombstonesOf(su, speaker.id)).toEqual([]);
  });

  it('older than the retention are deleted by the daily job, newer ones kept', async () => {
    // A retention of five seconds (TOMBSTONE_RETENTION_DAYS may be a fraction): room for a busy machine.
    const pruning = await startTestServer({ env: { TOMBSTONE_RETENTION_DAYS: String(5 / 86400) } });
    try {
      const admin_ = await pruning.admin();
      const event = (await masterclassEvent(admin_)).id;
      const old = await admin_.collection('speakers').create({ event, name: 'Old', role: 'Guest' });
      await admin_.collection('speakers').delete(old.id);
      await new Promise((resolve) => setTimeout(resolve, 6000));
      const fresh = await admin_.collection('speakers').create({ event, name: 'Fresh', role: 'Guest' });
      await admin_.collection('speakers').delete(fresh.id);

      // PocketBase starts the job and answers at once: wait for it to have pruned.
      await admin_.crons.run('pruneTombstones');

      await vi.waitFor(async () => expect(await tombstonesOf(admin_, old.id)).toEqual([]), { timeout: 10_000, interval: 200 });
      expect(await tombstonesOf(admin_, fresh.id)).toHaveLength(1);
    } finally {
      await pruning.stop();
    }
  });
});
