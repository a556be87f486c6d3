import { describe, expect, it } from 'vitest';
import { facetCounts, filterUseCases, industriesOf } from './filterUseCases';
import { libraryRow } from './testRows';

const rows = [
  libraryRow('a', { industry: 'Retail', adoption_level: 'Emerging', tags: ['forecasting', 'waste'] }),
  libraryRow('b', { industry: 'Retail', adoption_level: 'Growing', tags: ['forecasting'] }),
  libraryRow('c', { industry: 'Healthcare', adoption_level: 'Growing', tags: ['triage'] }),
  libraryRow('d', { industry: 'Healthcare', adoption_level: 'Mainstream', tags: 'not a list' }),
];
const ids = (list: { id: string }[]) => list.map((row) => row.id);

describe('library filters', () => {
  it('any chosen value within a group matches; groups and the industry all apply', () => {
    expect(ids(filterUseCases(rows, { adoption: ['Emerging', 'Growing'] }))).toEqual(['a', 'b', 'c']);
    expect(ids(filterUseCases(rows, { adoption: ['Emerging', 'Growing'], tags: ['forecasting'] }))).toEqual(['a', 'b']);
    expect(ids(filterUseCases(rows, { industry: 'Healthcare', adoption: ['Emerging', 'Growing'] }))).toEqual(['c']);
    expect(ids(filterUseCases(rows, {}))).toEqual(['a', 'b', 'c', 'd']);
  });

  it("counts each value with every other group's choice kept", () => {
    const counts = facetCounts(rows, { industry: 'Retail', adoption: ['Growing'] });
    // Adoption counts ignore the adoption choice itself (they say what picking another would add)…
    expect(Object.fromEntries(counts.adoption)).toEqual({ Emerging: 1, Growing: 1, Mainstream: 0 });
    // …while tags are counted within Retail and Growing.
    expect(Object.fromEntries(counts.tags)).toEqual({ forecasting: 1, waste: 0, triage: 0 });
  });

  it('lists each industry once, sorted', () => {
    expect(industriesOf(rows)).toEqual(['Healthcare', 'Retail']);
  });
});
