import { describe, expect, it } from 'vitest';
import { parseReadinessSearch } from './readinessSearch';

describe('the readiness address', () => {
  it('keeps a known view, a record id and a whole step from 1', () => {
    expect(parseReadinessSearch({ view: 'assessment', id: 'abc123def456ghi', step: '3' })).toEqual({ view: 'assessment', id: 'abc123def456ghi', step: 3 });
    expect(parseReadinessSearch({ view: 'results', id: 'abc123def456ghi', step: 2 })).toEqual({ view: 'results', id: 'abc123def456ghi', step: undefined });
  });

  it('drops anything else: the introduction is shown', () => {
    expect(parseReadinessSearch({ view: 'admin', id: 'x', step: 1 })).toEqual({ view: undefined, id: undefined, step: undefined });
    expect(parseReadinessSearch({ view: 'assessment', id: '../../etc', step: '2.5' })).toEqual({ view: 'assessment', id: undefined, step: undefined });
    expect(parseReadinessSearch({ view: 'assessment', step: 0 }).step).toBeUndefined();
    expect(parseReadinessSearch({ view: 'assessment', step: 'NaN' }).step).toBeUndefined();
  });
});
