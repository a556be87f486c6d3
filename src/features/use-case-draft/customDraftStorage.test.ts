import { beforeEach, describe, expect, it } from 'vitest';
import { memoryStorage } from '@/lib/testing/memoryStorage';
import { readCustomDraft, writeCustomDraft, type StoredCustomDraft } from './customDraftStorage';
import { generateDraft } from './generateDraft';

Object.assign(globalThis, { window: { localStorage: memoryStorage(), sessionStorage: memoryStorage() } });

const request = {
  industry: 'Retail',
  businessFunction: 'Customer service',
  problem: 'Customers call with the same questions about their orders every day.',
  dataAvailable: 'Call notes',
};
const state: StoredCustomDraft = {
  request,
  result: { ...generateDraft(request, []), source: 'device', reason: 'You are offline.', request },
  savedId: 'saved0000000001',
};

describe('the generator kept in this tab', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('comes back after a reload for the same account, in session storage only', () => {
    writeCustomDraft('user00000000001', state);
    expect(readCustomDraft('user00000000001')).toEqual(state);
    expect(window.localStorage.length).toBe(0);
  });

  it('is never shown to another account', () => {
    writeCustomDraft('user00000000001', state);
    expect(readCustomDraft('user00000000002')).toBeNull();
  });

  it('reads anything malformed as nothing', () => {
    for (const stored of ['{not json', JSON.stringify({ ...state, userId: 'user00000000001', result: { ...state.result, source: 'elsewhere' } }), JSON.stringify({ userId: 'user00000000001' })]) {
      window.sessionStorage.setItem('draft:custom-use-case', stored);
      expect(readCustomDraft('user00000000001')).toBeNull();
    }
  });
});
