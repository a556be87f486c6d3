import { describe, expect, it } from 'vitest';
import { nextFromList, parseEmbeddedNext, type ListedMasterclass } from './nextMasterclass';

const listed = (id: string, on_sale: boolean, starts_at = '2027-03-10 01:00:00.000Z'): ListedMasterclass => ({
  id,
  slug: `masterclass-${id}`,
  starts_at,
  timezone: 'Australia/Adelaide',
  on_sale,
});

describe('the next masterclass beside the featured one', () => {
  it('is the soonest other one on sale, its date in its own zone', () => {
    const list = [listed('a', false), listed('b', false), listed('c', true, '2027-03-10 01:00:00.000Z'), listed('d', true, '2027-06-10 01:00:00.000Z')];
    expect(nextFromList(list, 'a')).toEqual({ id: 'c', slug: 'masterclass-c', date: 'Wednesday 10 March 2027' });
  });

  it('is the other one on sale while the featured one sells seats too, and none when nothing else is', () => {
    expect(nextFromList([listed('a', true), listed('b', true)], 'a')).toMatchObject({ id: 'b' });
    expect(nextFromList([listed('a', true), listed('b', false)], 'a')).toBeNull();
    expect(nextFromList([listed('a', false), listed('b', false)], 'a')).toBeNull();
    expect(nextFromList([], 'a')).toBeNull();
  });

  it('reads the server’s `next` from the landing data, and nothing that is not one', () => {
    expect(parseEmbeddedNext(JSON.stringify({ event: {}, next: { id: 'c', slug: 'masterclass-c', date: 'Wednesday 10 March 2027', starts_at: 'x' } }))).toEqual({
      id: 'c',
      slug: 'masterclass-c',
      date: 'Wednesday 10 March 2027',
    });
    expect(parseEmbeddedNext(JSON.stringify({ event: {}, next: null }))).toBeNull();
    expect(parseEmbeddedNext(JSON.stringify({ next: { id: 'c', slug: '' } }))).toBeNull();
    expect(parseEmbeddedNext('{not json')).toBeNull();
    expect(parseEmbeddedNext(null)).toBeNull();
  });
});
