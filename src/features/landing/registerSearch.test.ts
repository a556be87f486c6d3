import { describe, expect, it } from 'vitest';
import { registerSearch, WAITLIST_SEARCH } from './registerSearch';

describe("the landing's way in names the masterclass it is about", () => {
  it('registers for it while on sale, and takes its waitlist while sold out or before sales open', () => {
    expect(registerSearch('on_sale', 'march-masterclass')).toEqual({ event: 'march-masterclass' });
    expect(registerSearch('sold_out', 'march-masterclass')).toEqual({ event: 'march-masterclass', waitlist: true });
    expect(registerSearch('scheduled', 'march-masterclass')).toEqual({ event: 'march-masterclass', waitlist: true });
  });

  it('the interest list, after sales close or the day, is for no one date', () => {
    for (const phase of ['closed', 'happening', 'past'] as const) expect(registerSearch(phase, 'march-masterclass')).toEqual(WAITLIST_SEARCH);
  });

  it('without a page address the link names none', () => {
    expect(registerSearch('on_sale', '')).toEqual({});
    expect(registerSearch('sold_out', '')).toEqual({ waitlist: true });
  });
});
