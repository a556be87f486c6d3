// Contact messages in the admin inbox: only administrators read them and mark
// them read or unread again; the mark is the only thing anyone can change (a
// message stays as the visitor wrote it); a visitor cannot send one already
// marked read.
import { beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import { allowed, createUser, serverForFile, unique, type TestUser } from './helpers';

let server: TestServer;
let su: PocketBase;
let admin: TestUser;
let attendee: TestUser;

serverForFile((started) => ({ server, su } = started));

beforeAll(async () => {
  [admin, attendee] = await Promise.all([createUser(server, su, 'administrator'), createUser(server, su, 'attendee')]);
});

async function sentMessage(): Promise<RecordModel> {
  const id = unique('msg').slice(0, 15).padEnd(15, '0');
  await server.guest().collection('contact_messages').create({
    id, name: 'Jo Citizen', email: 'jo@example.com', subject: 'Next event', message: 'When is the next one?',
  });
  return su.collection('contact_messages').getOne(id);
}

describe('contact messages in the admin inbox', () => {
  it('arrive unread, and only administrators read them', async () => {
    const message = await sentMessage();
    expect(message.read).toBe(false);
    expect(await allowed(() => server.guest().collection('contact_messages').getOne(message.id))).toBe(false);
    expect(await allowed(() => attendee.client.collection('contact_messages').getOne(message.id))).toBe(false);
    expect((await attendee.client.collection('contact_messages').getList(1, 50)).totalItems).toBe(0);
    const unread = await admin.client.collection('contact_messages').getList(1, 50, { filter: 'read = false', sort: '-created' });
    expect(unread.items.map((item) => item.id)).toContain(message.id);
  });

  it('lets an administrator mark a message read and unread again', async () => {
    const message = await sentMessage();
    expect((await admin.client.collection('contact_messages').update(message.id, { read: true })).read).toBe(true);
    expect((await su.collection('contact_messages').getOne(message.id)).read).toBe(true);
    expect((await admin.client.collection('contact_messages').update(message.id, { read: false })).read).toBe(false);
    expect((await su.collection('contact_messages').getOne(message.id)).read).toBe(false);
  });

  it('refuses the mark to guests and attendees', async () => {
    const message = await sentMessage();
    expect(await allowed(() => server.guest().collection('contact_messages').update(message.id, { read: true }))).toBe(false);
    expect(await allowed(() => attendee.client.collection('contact_messages').update(message.id, { read: true }))).toBe(false);
    expect((await su.collection('contact_messages').getOne(message.id)).read).toBe(false);
  });

  it('lets no administrator change anything but the mark, alone or beside it', async () => {
    const message = await sentMessage();
    const changes: Record<string, unknown>[] = [
      { subject: 'Changed' },
      { message: 'Rewritten' },
      { name: 'Someone else' },
      { email: 'other@example.com' },
      { read: true, subject: 'Changed' },
      { read: true, message: 'Rewritten' },
      {},
    ];
    for (const change of changes) {
      expect(await allowed(() => admin.client.collection('contact_messages').update(message.id, change)), JSON.stringify(change)).toBe(false);
    }
    const stored = await su.collection('contact_messages').getOne(message.id);
    expect(stored).toMatchObject({ name: 'Jo Citizen', email: 'jo@example.com', subject: 'Next event', message: 'When is the next one?', read: false });
    expect(stored.updated).toBe(message.updated);
  });

  it('refuses a message sent already marked read', async () => {
    const subject = unique('Marked ');
    expect(await allowed(() => server.guest().collection('contact_messages').create({
      name: 'Jo Citizen', email: 'jo@example.com', subject, message: 'Hello', read: true,
    }))).toBe(false);
    expect((await su.collection('contact_messages').getList(1, 1, { filter: su.filter('subject = {:subject}', { subject }) })).totalItems).toBe(0);
  });
});
