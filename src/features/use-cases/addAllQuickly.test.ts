import MiniSearch, { type Options } from 'minisearch';
import { describe, expect, it, vi } from 'vitest';
import type { AiUseCaseRow } from '@/db';
import { addAllQuickly } from './addAllQuickly';
import { CATEGORY_FIELDS, INDEX_OPTIONS } from './indexOptions';
import { libraryRow } from './testRows';

const WORDS = ['Forecasting', 'fraud', 'the', 'Detection', 'of', 'customer', 'service', 'AI', 'vision', 'supply-chain', 'chain', 'triage', 'a', 'café', '(beta)', 'forecasting'];

/**
 * Rows with repeated words, stop words, punctuation (leading, trailing, in
 * runs), text that is not ASCII, empty and odd fields, and categories whose
 * values repeat a word or share one.
 */
function rows(count: number): AiUseCaseRow[] {
  const word = (index: number) => WORDS[index % WORDS.length]!;
  return Array.from({ length: count }, (_, index) => libraryRow(`case${String(index).padStart(11, '0')}`, {
    title: `${['', '"', '-- ', '  ', '\r\n'][index % 5]}${word(index)} ${word(index * 3)} ${word(index * 7)}, ${word(index)}! ${index}${index % 7 === 0 ? ' --' : ''}`,
    description: index % 5 === 0 ? '' : `${word(index * 2)} and ${word(index + 4)}:\r\n${word(index + 1)}  ${word(index + 1)}. `.repeat(3),
    industry: ['Retail', 'Health Care', '', 'Care (Aged Care)', 'Café & Hospitality'][index % 5],
    domain: ['', 'Fraud', 'Fraud Detection', '...'][index % 4],
    business_function: index % 9 === 0 ? (null as unknown as string) : `Function ${index % 4}`,
    ai_technique: word(index + 2),
    tags: index % 4 === 0 ? 'not a list' : [word(index), ` ${word(index + 5)} `, '', 7, '#ai'],
  }));
}

function bothWays<T>(options: Options<T>, documents: T[], repeating?: readonly string[]) {
  const stock = new MiniSearch(options);
  stock.addAll(documents);
  const quick = new MiniSearch(options);
  // The quick way itself, not its fallback to addAll().
  const addAll = vi.spyOn(quick, 'addAll');
  addAllQuickly(quick, documents, { repeating });
  expect(addAll).not.toHaveBeenCalled();
  return { stock, quick };
}

/** The whole index as MiniSearch serialises it, terms in the order its tree holds them (which ties in ranking follow). */
const serialised = (index: MiniSearch<never>) => JSON.stringify(index);

describe('adding a whole library at once', () => {
  it("builds MiniSearch's own index, term for term and in the same order, with the library's options", () => {
    for (const repeating of [undefined, CATEGORY_FIELDS]) {
      const { stock, quick } = bothWays(INDEX_OPTIONS, rows(300), repeating);
      expect(quick.toJSON()).toEqual(stock.toJSON());
      expect(serialised(quick as MiniSearch<never>)).toBe(serialised(stock as MiniSearch<never>));
      for (const query of ['forec fraud', 'care', 'cafe', 'beta', 'detection']) {
        expect(quick.search(query).map((result) => [result.id, result.score])).toEqual(stock.search(query).map((result) => [result.id, result.score]));
      }
    }
  });

  it('matches addAll with default options and a term processor that answers several terms', () => {
    const options: Options<{ id: number; text: string; note?: string | null }> = {
      fields: ['text', 'note'],
      processTerm: (term) => (term.length > 3 ? [term.toLowerCase(), term.slice(0, 3).toLowerCase()] : term.toLowerCase()),
    };
    const documents = Array.from({ length: 50 }, (_, id) => ({ id, text: `${WORDS[id % 13]} ${WORDS[(id * 5) % 13]} ${WORDS[id % 13]}`, note: id % 2 ? null : 'Note note' }));
    const { stock, quick } = bothWays(options, documents, ['note']);
    expect(serialised(quick as MiniSearch<never>)).toBe(serialised(stock as MiniSearch<never>));
  });

  it('adds to an index that already holds documents, and refuses a duplicate id as addAll does', () => {
    const [first, ...rest] = rows(40);
    const stock = new MiniSearch(INDEX_OPTIONS);
    stock.addAll([first!]);
    stock.addAll(rest);
    const quick = new MiniSearch(INDEX_OPTIONS);
    addAllQuickly(quick, [first!], { repeating: CATEGORY_FIELDS });
    addAllQuickly(quick, rest, { repeating: CATEGORY_FIELDS });
    expect(serialised(quick as MiniSearch<never>)).toBe(serialised(stock as MiniSearch<never>));
    expect(() => addAllQuickly(quick, [first!])).toThrow(/duplicate ID/);
  });
});
