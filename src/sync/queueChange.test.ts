import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { MasterclassDb } from '@/db';
import { queueChange } from './queueChange';

const freshDb = () => new MasterclassDb('queue-test', { indexedDB: new IDBFactory(), IDBKeyRange });

describe('queueChange', () => {
  it('writes the local row and its outbox entry together', async () => {
    const db = freshDb();
    const id = await queueChange(db, { collection: 'saved_use_cases', op: 'create', patch: { owner: 'u', title: 'Saved' } });

    expect(id).toMatch(/^[a-z0-9]{15}$/);
    expect(await db.savedUseCases.get(id)).toEqual({ id, owner: 'u', title: 'Saved', updated: '' });
    expect(await db.outbox.toArray()).toEqual([expect.objectContaining({
      seq: 1, collection: 'saved_use_cases', recordId: id, op: 'create', patch: { owner: 'u', title: 'Saved', id }, status: 'pending', attempts: 0,
    })]);
  });

  it('applies an update over the stored row and queues only the patch', async () => {
    const db = freshDb();
    await db.profiles.put({ id: 'me', updated: 'stamp', full_name: 'Ada', company: 'Old' } as never);

    await queueChange(db, { collection: 'users', recordId: 'me', op: 'update', patch: { company: 'New' } });

    expect(await db.profiles.get('me')).toEqual({ id: 'me', updated: 'stamp', full_name: 'Ada', company: 'New' });
    expect((await db.outbox.toArray())[0]?.patch).toEqual({ company: 'New' });
  });

  it('removes the local row of a delete at once', async () => {
    const db = freshDb();
    await db.businessCases.put({ id: 'case', updated: 'stamp', title: 'Gone' } as never);

    await queueChange(db, { collection: 'business_cases', recordId: 'case', op: 'delete' });

    expect(await db.businessCases.count()).toBe(0);
    expect((await db.outbox.toArray())[0]).toMatchObject({ op: 'delete', recordId: 'case' });
  });
});
