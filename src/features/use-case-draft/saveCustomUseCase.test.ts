import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { MasterclassDb } from '@/db';
import type { DraftRequest } from './draftSchema';
import { draftUseCase } from './draftUseCase';
import { generateDraft } from './generateDraft';
import { DraftTooLargeError, GENERATED_MAX_BYTES, generatedBytes, generatedJson, isSavedAs, saveCustomUseCase, type CustomUseCase } from './saveCustomUseCase';

vi.mock('@/sync/requestSync', () => ({ requestSync: () => Promise.resolve() }));

const request: DraftRequest = {
  industry: 'Retail',
  businessFunction: 'Customer service',
  problem: 'Customers call with the same questions about their orders every day.',
  dataAvailable: 'Call notes and order history',
};
const OWNER = 'user00000000001';
const basedOn = [{ id: 'case00000000001', title: 'Citizen Enquiry Virtual Assistant' }];

function useCase(): CustomUseCase {
  return { draft: generateDraft(request, []).draft, basedOn, source: 'device', request };
}

describe('saving a custom use case', () => {
  it('creates a saved use case of the owner with the draft, what it was based on and which generator wrote it, and no library use case', async () => {
    const db = new MasterclassDb('custom-save-test', { indexedDB: new IDBFactory(), IDBKeyRange });
    const saved = useCase();
    const id = await saveCustomUseCase(db, OWNER, saved);

    const [change] = await db.outbox.toArray();
    expect(change).toMatchObject({ collection: 'saved_use_cases', op: 'create', recordId: id });
    expect(change?.patch).toEqual({
      id,
      owner: OWNER,
      title: saved.draft.title,
      generated: { ...saved.draft, based_on: basedOn, source: 'device', request },
    });
    expect(change?.patch).not.toHaveProperty('use_case');
    const row = await db.savedUseCases.get(id);
    expect(isSavedAs(row?.generated, saved.draft)).toBe(true);
    expect(isSavedAs(row?.generated, { ...saved.draft, title: 'Edited' })).toBe(false);
  });

  it('updates the same row on a later save, and makes a new one when that row was removed meanwhile', async () => {
    const db = new MasterclassDb('custom-save-test', { indexedDB: new IDBFactory(), IDBKeyRange });
    const first = useCase();
    const id = await saveCustomUseCase(db, OWNER, first);
    const edited = { ...first, draft: { ...first.draft, title: 'Order Questions Assistant', tags: ['chatbot'] } };
    expect(await saveCustomUseCase(db, OWNER, edited, id)).toBe(id);
    const changes = await db.outbox.toArray();
    expect(changes[1]).toMatchObject({ op: 'update', recordId: id, patch: { title: 'Order Questions Assistant' } });
    expect((await db.savedUseCases.get(id))?.title).toBe('Order Questions Assistant');

    await db.savedUseCases.delete(id);
    const again = await saveCustomUseCase(db, OWNER, edited, id);
    expect(again).not.toBe(id);
    expect((await db.outbox.toArray())[2]).toMatchObject({ op: 'create', recordId: again });
  });
});

describe('draftUseCase', () => {
  it('uses the model\'s draft when it gives one, keeping the device\'s closest cases when the model names none', async () => {
    const model = { ...generateDraft(request, []).draft, title: 'From the model' };
    const result = await draftUseCase(request, [], async (_request, closest) => {
      expect(closest).toEqual([]);
      return { source: 'model', draft: model };
    });
    expect(result).toEqual({ draft: model, basedOn: [], source: 'model', request });
  });

  it('drafts on the device, with the reason, when the model is not available', async () => {
    const result = await draftUseCase(request, [], async () => ({ source: 'device', reason: 'You are offline.' }));
    expect(result).toEqual({ ...generateDraft(request, []), source: 'device', reason: 'You are offline.', request });
  });
});

describe('a draft too large to save', () => {
  it('is refused on the device with the server\'s limit (64 KB as JSON) and queues nothing; one at every text limit in Latin letters saves', async () => {
    const db = new MasterclassDb('custom-save-large', { indexedDB: new IDBFactory(), IDBKeyRange });
    const base = useCase();
    const long = (char: string) => ({ description: char.repeat(5000), problem_statement: char.repeat(5000), value_proposition: char.repeat(5000), solution_summary: char.repeat(5000), challenges_risks: char.repeat(5000) });
    // 25,000 characters of three bytes each
    const wide = { ...base, draft: { ...base.draft, ...long('漢') } };
    expect(GENERATED_MAX_BYTES).toBe(65536);
    expect(generatedBytes(generatedJson(wide))).toBeGreaterThan(GENERATED_MAX_BYTES);
    await expect(saveCustomUseCase(db, OWNER, wide)).rejects.toThrow(DraftTooLargeError);
    await expect(saveCustomUseCase(db, OWNER, wide)).rejects.toThrow('A saved use case can hold at most 64 KB of draft: shorten the longest texts and save again.');
    expect(await db.outbox.count()).toBe(0);
    expect(await db.savedUseCases.count()).toBe(0);

    await saveCustomUseCase(db, OWNER, { ...base, draft: { ...base.draft, ...long('e') } });
    expect(await db.outbox.count()).toBe(1);
    // < > & are stored as six-byte escapes, and counted so
    expect(generatedBytes({ a: '<&>' }) - generatedBytes({ a: 'xyz' })).toBe(15);
  });
});
