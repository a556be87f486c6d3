import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { MasterclassDb } from '@/db';
import { savedUseCaseId, saveUseCase, toggleSavedUseCase } from './savedUseCases';

vi.mock('@/sync/requestSync', () => ({ requestSync: () => Promise.resolve() }));

const owner = 'user00000000001';
const useCase = { id: 'usecase00000001', title: 'Card Fraud Detection' };
const freshDb = () => new MasterclassDb('saved-use-cases-test', { indexedDB: new IDBFactory(), IDBKeyRange });

describe('saving library use cases', () => {
  it("makes one id per owner and use case, in PocketBase's shape", () => {
    const id = savedUseCaseId(owner, useCase.id);
    expect(id).toMatch(/^[a-z0-9]{15}$/);
    expect(savedUseCaseId(owner, useCase.id)).toBe(id);
    expect(savedUseCaseId('user00000000002', useCase.id)).not.toBe(id);
    expect(savedUseCaseId(owner, 'usecase00000002')).not.toBe(id);
  });

  it('saves once, however often the heart is tapped, and queues the create for the server', async () => {
    const db = freshDb();
    await Promise.all([saveUseCase(db, owner, useCase), saveUseCase(db, owner, useCase)]);
    await saveUseCase(db, owner, useCase);
    expect(await db.savedUseCases.toArray()).toEqual([expect.objectContaining({ id: savedUseCaseId(owner, useCase.id), owner, use_case: useCase.id, title: useCase.title })]);
    const creates = await db.outbox.toArray();
    expect(creates.every((change) => change.op === 'create' && change.recordId === savedUseCaseId(owner, useCase.id))).toBe(true);
  });

  it('un-saving removes the row and queues its delete', async () => {
    const db = freshDb();
    expect(await toggleSavedUseCase(db, owner, useCase, false)).toBe(true);
    expect(await toggleSavedUseCase(db, owner, useCase, true)).toBe(false);
    expect(await db.savedUseCases.count()).toBe(0);
    expect((await db.outbox.toArray()).map((change) => change.op)).toEqual(['create', 'delete']);
  });
});
