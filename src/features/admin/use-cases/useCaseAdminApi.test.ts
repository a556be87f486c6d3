import { describe, expect, it } from 'vitest';
import { EMPTY_USE_CASE, bodyOfUseCase, filterOfUseCases } from './useCaseAdminApi';

describe('bodyOfUseCase', () => {
  it('trims text and splits, trims and de-duplicates tags', () => {
    const body = bodyOfUseCase({ ...EMPTY_USE_CASE, title: '  Triage  ', tags: ['routing, warehouse', ' routing ', '', 'ops,'] });
    expect(body.title).toBe('Triage');
    expect(body.tags).toEqual(['routing', 'warehouse', 'ops']);
  });
});

describe('filterOfUseCases', () => {
  it('binds each filled filter as a contains match and leaves blanks out', () => {
    expect(filterOfUseCases({ title: '', industry: ' ', aiTechnique: '' })).toBe('');
    const filter = filterOfUseCases({ title: 'a"b', industry: 'Health', aiTechnique: '' });
    expect(filter).toBe('title ~ "a\\"b" && industry ~ "Health"');
  });
});
