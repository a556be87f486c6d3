import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { ClientResponseError } from 'pocketbase';
import { describe, expect, it } from 'vitest';
import { PublicDb } from '@/db/publicDatabase';
import { flushContactOutbox, outboxMayHoldMessages, queueContactMessage, type OutgoingContactMessage } from './contactOutbox';

const freshDb = () => new PublicDb(`outbox-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
const message = (id: string): OutgoingContactMessage => ({ id, name: 'Jane', email: 'jane@example.com', subject: 'Hi', message: `Message ${id}` });
const answered = (status: number, text = 'Refused.') => new ClientResponseError({ status, response: { status, message: text, data: {} } });
const noAnswer = () => new ClientResponseError({ status: 0, response: {}, isAbort: false });

describe('contact outbox', () => {
  it('sends queued messages oldest first, each once, and empties the outbox', async () => {
    const db = freshDb();
    await queueContactMessage(message('aaaaaaaaaaaaaaa'), db);
    await new Promise((resolve) => setTimeout(resolve, 2));
    await queueContactMessage(message('bbbbbbbbbbbbbbb'), db);
    const sent: string[] = [];
    const result = await flushContactOutbox(db, async (m) => void sent.push(m.id));
    expect(sent).toEqual(['aaaaaaaaaaaaaaa', 'bbbbbbbbbbbbbbb']);
    expect(result.sent.map((m) => m.id)).toEqual(sent);
    expect(await db.contactOutbox.count()).toBe(0);
    expect((await flushContactOutbox(db, async (m) => void sent.push(m.id))).sent).toEqual([]);
    expect(sent).toHaveLength(2);
  });

  it('keeps everything when there is no connection, and sends it later under the same id', async () => {
    const db = freshDb();
    await queueContactMessage(message('ccccccccccccccc'), db);
    await queueContactMessage(message('ddddddddddddddd'), db);
    const offline = await flushContactOutbox(db, () => Promise.reject(noAnswer()), 1_000);
    expect(offline).toMatchObject({ sent: [], waiting: 2 });
    expect(await db.contactOutbox.count()).toBe(2);
    const ids: string[] = [];
    // As soon as the connection is back, each with the id it was written with.
    const later = await flushContactOutbox(db, async (m) => void ids.push(m.id), 2_000);
    expect(later.sent).toHaveLength(2);
    expect(ids.sort()).toEqual(['ccccccccccccccc', 'ddddddddddddddd']);
  });

  it('waits after a rate limit and drops a message refused for its content, telling why', async () => {
    const db = freshDb();
    await queueContactMessage(message('eeeeeeeeeeeeeee'), db);
    const limited = await flushContactOutbox(db, () => Promise.reject(answered(429)), 0);
    expect(limited).toMatchObject({ sent: [], refused: [], waiting: 1 });
    expect((await db.contactOutbox.get('eeeeeeeeeeeeeee'))?.attempts).toBe(1);
    // Not again before its back-off.
    let calls = 0;
    expect((await flushContactOutbox(db, async () => void (calls += 1), 1_000)).waiting).toBe(1);
    expect(calls).toBe(0);
    const refused = await flushContactOutbox(db, () => Promise.reject(answered(400, 'Failed to create record.')), 60 * 60_000);
    expect(refused.refused).toEqual([{ message: message('eeeeeeeeeeeeeee'), reason: 'Failed to create record.' }]);
    expect(await db.contactOutbox.count()).toBe(0);
  });
});

describe('whether the outbox may hold a message, asked without Dexie', () => {
  it('says no with no database and with an empty outbox, yes with a message waiting', async () => {
    const factory = new IDBFactory();
    expect(await outboxMayHoldMessages(factory, 'outbox-check')).toBe(false);
    const db = new PublicDb('outbox-check', { indexedDB: factory, IDBKeyRange });
    await db.copies.put({ key: 'event', value: { title: 'Zoë 𠮷田' }, savedAt: 1 });
    db.close();
    expect(await outboxMayHoldMessages(factory, 'outbox-check')).toBe(false);
    await db.open();
    await queueContactMessage(message('ccccccccccccccc'), db);
    db.close();
    expect(await outboxMayHoldMessages(factory, 'outbox-check')).toBe(true);
  });

  it('says it cannot tell (yes) where the browser cannot list its databases', async () => {
    expect(await outboxMayHoldMessages(null)).toBe(true);
    expect(await outboxMayHoldMessages({ open: () => { throw new Error('no'); } } as unknown as IDBFactory)).toBe(true);
  });
});
