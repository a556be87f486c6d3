// Speakers belong to a masterclass, against a real PocketBase: the seeded
// speakers belong to the seeded masterclass; a draft's line-up is hidden from
// guests and attendees until it is published; every speaker names its event;
// and creating the next masterclass copies the featured one's speakers, photos
// included, and its session materials with their files, leaving the originals
// as they were; a photo is a JPEG, PNG or WebP image by its content, whatever
// its name says.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import { masterclassEvent } from '../support/masterclassEvent';
import { createUser, fieldErrors, serverForFile, type TestUser } from './helpers';
import { LIMITS_RAISED, minutesFromNow } from './registration-helpers';

let server: TestServer;
let su: PocketBase;
let admin: TestUser;
let attendee: TestUser;
let seeded: RecordModel;
const created: string[] = [];

serverForFile((started) => ({ server, su } = started), { env: LIMITS_RAISED });

beforeAll(async () => {
  [admin, attendee] = await Promise.all([createUser(server, su, 'administrator'), createUser(server, su, 'attendee')]);
  seeded = await masterclassEvent(su);
});

afterEach(async () => {
  // Events made by a test go, and their speakers with them (cascade).
  for (const id of created.splice(0)) await su.collection('events').delete(id);
});

const DAY = 24 * 60;

async function draftEvent(): Promise<RecordModel> {
  const record = await su.collection('events').create({
    title: 'AI CHAMPIONS MASTERCLASS', starts_at: minutesFromNow(90 * DAY), ends_at: minutesFromNow(90 * DAY + 180),
    timezone: 'Australia/Adelaide', location: 'Adelaide, South Australia', venue: 'Lot Fourteen', capacity: 30,
    max_per_registration: 5, price_cents: 59500, currency: 'AUD', sales_state: 'open',
    portal_unlock_at: minutesFromNow(90 * DAY - 60), published: false,
  });
  created.push(record.id);
  return record;
}

/** A small PNG (1×1), as a browser would upload a resized photo. */
function photo(name = 'photo.png'): File {
  const bytes = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));
  return new File([bytes], name, { type: 'image/png' });
}

describe('speakers per masterclass', () => {
  it('the seeded speakers belong to the seeded masterclass', async () => {
    const speakers = await server.guest().collection('speakers').getFullList({ sort: 'sort' });
    expect(speakers.length).toBeGreaterThan(0);
    expect(new Set(speakers.map((speaker) => speaker.event))).toEqual(new Set([seeded.id]));
  });

  it("a draft's speakers are hidden from guests and attendees until the draft is published", async () => {
    const draft = await draftEvent();
    const speaker = await admin.client.collection('speakers').create({ event: draft.id, name: 'Dr Priya Raman', role: 'Head of AI', sort: 1 });
    const seenBy = async (client: PocketBase) => (await client.collection('speakers').getFullList()).some((row) => row.id === speaker.id);
    expect(await seenBy(server.guest())).toBe(false);
    expect(await seenBy(attendee.client)).toBe(false);
    expect(await seenBy(admin.client)).toBe(true);
    await expect(server.guest().collection('speakers').getOne(speaker.id)).rejects.toMatchObject({ status: 404 });
    await su.collection('events').update(draft.id, { published: true });
    expect(await seenBy(server.guest())).toBe(true);
  });

  it('a speaker must name its masterclass', async () => {
    const errors = await fieldErrors(() => admin.client.collection('speakers').create({ name: 'No Event', role: 'Guest' }));
    expect(Object.keys(errors)).toEqual(['event']);
    expect(await su.collection('speakers').getFullList({ filter: 'name = "No Event"' })).toEqual([]);
  });

  it("creating the next masterclass copies the featured one's speakers in order, photos included, and its session materials with their files", async () => {
    const originals = await su.collection('speakers').getFullList({ filter: su.filter('event = {:id}', { id: seeded.id }), sort: 'sort' });
    // One speaker with an uploaded photo, beside the seeded illustrated portraits.
    const withPhoto = await admin.client.collection('speakers').create({ event: seeded.id, name: 'Photo Speaker', role: 'Guest', sort: 99, image: photo() });
    try {
      const response = await fetch(`${server.url}/api/masterclass/admin/events/next`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: admin.client.authStore.token },
        body: JSON.stringify({ starts_at: new Date(Date.now() + 120 * DAY * 60_000).toISOString(), ends_at: new Date(Date.now() + (120 * DAY + 180) * 60_000).toISOString() }),
      });
      const answer = await response.json();
      expect(response.status).toBe(201);
      created.push(answer.id);
      expect(answer.speakers).toBe(originals.length + 1);

      // The session materials come along too, files included (protected files: read with a file token).
      const token = await su.files.getToken();
      const materialsOf = (id: string) => su.collection('materials').getFullList({ filter: su.filter('event = {:id}', { id }), sort: 'sort' });
      const [sourceMaterials, copiedMaterials] = await Promise.all([materialsOf(seeded.id), materialsOf(answer.id)]);
      expect(sourceMaterials.length).toBeGreaterThan(0);
      expect(answer.materials).toBe(sourceMaterials.length);
      expect(copiedMaterials.map((row) => [row.title, row.description, row.sort])).toEqual(sourceMaterials.map((row) => [row.title, row.description, row.sort]));
      for (const [copy, original] of copiedMaterials.map((row, index) => [row, sourceMaterials[index]!] as const)) {
        const [copiedBytes, sourceBytes] = await Promise.all([copy, original].map(async (row) => new Uint8Array(await (await fetch(su.files.getURL(row, row.file, { token }))).arrayBuffer())));
        expect(copiedBytes.length).toBeGreaterThan(0);
        expect(copiedBytes).toEqual(sourceBytes);
      }

      const copies = await su.collection('speakers').getFullList({ filter: su.filter('event = {:id}', { id: answer.id }), sort: 'sort' });
      expect(copies.map((speaker) => [speaker.name, speaker.role, speaker.organisation, speaker.sort])).toEqual(
        [...originals, withPhoto].map((speaker) => [speaker.name, speaker.role, speaker.organisation, speaker.sort]),
      );
      for (const [copy, original] of copies.map((speaker, index) => [speaker, [...originals, withPhoto][index]] as const)) {
        expect(copy.id).not.toBe(original.id);
        expect(copy.image).not.toBe('');
        const [copied, source] = await Promise.all([copy, original].map(async (row) => new Uint8Array(await (await fetch(su.files.getURL(row, row.image))).arrayBuffer())));
        expect(copied).toEqual(source);
      }
      // The originals are unchanged and still the featured masterclass's.
      const after = await su.collection('speakers').getFullList({ filter: su.filter('event = {:id}', { id: seeded.id }), sort: 'sort' });
      expect(after.map((speaker) => speaker.id)).toEqual([...originals, withPhoto].map((speaker) => speaker.id));
    } finally {
      await su.collection('speakers').delete(withPhoto.id);
    }
  });
});

describe('speaker photos', () => {
  const PHOTO_MESSAGE = 'Choose a photo in JPEG, PNG or WebP format.';
  const SCRIPTED_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>';
  const bytesOf = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const JPEG = bytesOf('/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=');
  const WEBP = bytesOf('UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAwA0JaQAA3AA/vuUAAA=');
  const file = (content: BlobPart, name: string, type: string) => new File([content], name, { type });

  async function refusedPhoto(request: () => Promise<unknown>): Promise<void> {
    const errors = await fieldErrors(request);
    expect(errors.image?.message).toBe(PHOTO_MESSAGE);
  }

  it('the server refuses anything but a JPEG, PNG or WebP photo, judged by its content and not its name, and saves nothing', async () => {
    const before = (await su.collection('speakers').getList(1, 1)).totalItems;
    const create = (image: File) => () => admin.client.collection('speakers').create({ event: seeded.id, name: 'Refused Photo', role: 'Guest', image });
    await refusedPhoto(create(file(SCRIPTED_SVG, 'portrait.svg', 'image/svg+xml')));
    // the same SVG named and typed as a PNG
    await refusedPhoto(create(file(SCRIPTED_SVG, 'portrait.png', 'image/png')));
    await refusedPhoto(create(file('<!doctype html><html><body><script>alert(1)</script></body></html>', 'portrait.jpg', 'image/jpeg')));
    await refusedPhoto(create(file(bytesOf('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7'), 'portrait.gif', 'image/gif')));
    expect((await su.collection('speakers').getList(1, 1)).totalItems).toBe(before);
    // the dashboard's superuser too
    await refusedPhoto(() => su.collection('speakers').create({ event: seeded.id, name: 'Refused Photo', role: 'Guest', image: file(SCRIPTED_SVG, 'portrait.webp', 'image/webp') }));
    expect((await su.collection('speakers').getList(1, 1)).totalItems).toBe(before);
  });

  it('an edit with a refused photo changes nothing, and JPEG, PNG and WebP photos are taken', async () => {
    const speaker = await admin.client.collection('speakers').create({ event: seeded.id, name: 'Photo Types', role: 'Guest', sort: 98, image: photo() });
    try {
      await refusedPhoto(() => admin.client.collection('speakers').update(speaker.id, { name: 'Renamed', image: file(SCRIPTED_SVG, 'new.png', 'image/png') }));
      expect(await su.collection('speakers').getOne(speaker.id)).toMatchObject({ name: 'Photo Types', image: speaker.image });
      for (const [bytes, name, type] of [[JPEG, 'p.jpg', 'image/jpeg'], [WEBP, 'p.webp', 'image/webp']] as const) {
        const saved = await admin.client.collection('speakers').update(speaker.id, { image: file(bytes, name, type) });
        expect(saved.image).toMatch(new RegExp(`\\.${name.split('.')[1]}$`));
      }
      const collection = await su.collections.getOne('speakers');
      const field = collection.fields.find((candidate) => candidate.name === 'image');
      expect([...((field?.mimeTypes ?? []) as string[])].sort()).toEqual(['image/jpeg', 'image/png', 'image/webp']);
    } finally {
      await su.collection('speakers').delete(speaker.id);
    }
  });

  it('session materials take only their document types, judged by content too', async () => {
    const create = (content: string, name: string, type: string) => () =>
      admin.client.collection('materials').create({ event: seeded.id, title: 'Refused handout', file: file(content, name, type) });
    for (const [content, name, type] of [[SCRIPTED_SVG, 'handout.pdf', 'application/pdf'], ['<html><body><script>alert(1)</script></body></html>', 'notes.txt', 'text/plain']]) {
      expect(Object.keys(await fieldErrors(create(content, name, type)))).toEqual(['file']);
    }
    expect(await su.collection('materials').getFullList({ filter: 'title = "Refused handout"' })).toEqual([]);
  });

  it('the seeded portraits are PNG photos', async () => {
    const speakers = await su.collection('speakers').getFullList({ filter: su.filter('event = {:id}', { id: seeded.id }) });
    const seededOnes = speakers.filter((speaker) => ['Dr Amelia Hart', 'Marcus Nguyen'].includes(speaker.name));
    expect(seededOnes).toHaveLength(2);
    for (const speaker of seededOnes) {
      expect(speaker.image).toMatch(/\.png$/);
      const bytes = new Uint8Array(await (await fetch(su.files.getURL(speaker, speaker.image))).arrayBuffer());
      expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    }
  });
});
