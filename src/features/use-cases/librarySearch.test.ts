import { describe, expect, it } from 'vitest';
import { activeFilterCount, validateLibrarySearch, withoutFilters } from './librarySearch';

describe('the library URL', () => {
  it('reads the search text, industry, filter lists and tab', () => {
    expect(validateLibrarySearch({ q: 'forecast', industry: 'Retail', adoption: ['Growing', 'Emerging'], tags: ['waste'], view: 'saved' })).toEqual({
      q: 'forecast', industry: 'Retail', adoption: ['Growing', 'Emerging'], fn: undefined, technique: undefined, tags: ['waste'], view: 'saved',
    });
  });

  it('takes a single value as a list and drops blanks, repeats and values that are not text', () => {
    const search = validateLibrarySearch({ fn: 'Operations', technique: ['NLP', 'NLP', '', 3, { x: 1 }, null], tags: [] });
    expect([search.fn, search.technique, search.tags]).toEqual([['Operations'], ['NLP', '3'], undefined]);
  });

  it('ignores an unknown tab, a blank search and over-long text', () => {
    const search = validateLibrarySearch({ view: 'admin', q: '   ', industry: 'x'.repeat(500) });
    expect(search.view).toBeUndefined();
    expect(search.q).toBeUndefined();
    expect(search.industry).toHaveLength(200);
  });

  it('counts the chosen filters and clears them all but the tab', () => {
    const search = validateLibrarySearch({ q: 'a', industry: 'Retail', adoption: ['Growing'], tags: ['x', 'y'], view: 'saved' });
    expect(activeFilterCount(search)).toBe(4);
    expect(withoutFilters(search)).toEqual({ view: 'saved' });
  });
});
