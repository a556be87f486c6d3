import MiniSearch, { type Options } from 'minisearch';
import { describe, expect, it, vi } from 'vitest';
import type { AiUseCaseRow } from '@/db';
import { addAllQuickly } from './addAllQuickly';
import { INDEX_OPTIONS } from './indexOptions';
import { libraryRow } from './testRows';

const WORDS = ['Forecasting', 'fraud', 'the', 'Detection', 'of', 'customer', 'service', 'AI', 'vision', 'supply-chain', 'chain', 'triage', 'a'];

/** Rows with repeated words, stop words, punctuation, empty and odd fields. */
function rows(count: number): AiUseCaseRow[] {
  const word = (index: number) => WORDS[index % WORDS.length]!;
  return Array.from({ length: count }, (_, index) => libraryRow(`case${String(index).padStart(11, '0')}`, {
    title: `${word(index)} ${word(index * 3)} ${word(index * 7)}, ${word(index)}! ${index}`,
    description: index % 5 === 0 ? '' : `${word(index * 2)} and ${word(index + 4)}: ${word(index + 1)} ${word(index + 1)}. `.repeat(3),
    industry: ['Retail', 'Health Care', ''][index % 3],
    ai_technique: word(index + 2),
    tags: index % 4 === 0 ? 'not a list' : [word(index), ` ${word(index + 5)} `, '', 7],
  }));
}

function bothWays<T>(options: Options<T>, documents: T[]) {
  const stock = new MiniSearch(options);
  stock.addAll(documents);
  const quick = new MiniSearch(options);
  // The quick way itself, not its fallback to addAll().
  const addAll = vi.spyOn(quick, 'addAll');
  addAllQuickly(quick, documents);
  expect(addAll).not.toHaveBeenCalled();
  return { stock, quick };
}

describe('adding a whole library at once', () => {
  it("builds MiniSearch's own index, term for term, with the library's options", () => {
    const { stock, quick } = bothWays(INDEX_OPTIONS, rows(300));
    expect(quick.toJSON()).toEqual(stock.toJSON());
    expect(quick.search('forec fraud').map((result) => [result.id, result.score])).toEqual(stock.search('forec fraud').map((result) => [result.id, result.score]));
  });

  it('matches addAll with default options and a term processor that answers several terms', () => {
    const options: Options<{ id: number; text: string; note?: string | null }> = {
      fields: ['text', 'note'],
      processTerm: (term) => (term.length > 3 ? [term.toLowerCase(), term.slice(0, 3).toLowerCase()] : term.toLowerCase()),
    };
    const documents = Array.from({ length: 50 }, (_, id) => ({ id, text: `${WORDS[id % 13]} ${WORDS[(id * 5) % 13]} ${WORDS[id % 13]}`, note: id % 2 ? null : 'Note note' }));
    const { stock, quick } = bothWays(options, documents);
    expect(quick.toJSON()).toEqual(stock.toJSON());
  });

  it('adds to an index that already holds documents, and refuses a duplicate id as addAll does', () => {
    const [first, ...rest] = rows(40);
    const stock = new MiniSearch(INDEX_OPTIONS);
    stock.addAll([first!]);
    stock.addAll(rest);
    const quick = new MiniSearch(INDEX_OPTIONS);
    addAllQuickly(quick, [first!]);
    addAllQuickly(quick, rest);
    expect(quick.toJSON()).toEqual(stock.toJSON());
    expect(() => addAllQuickly(quick, [first!])).toThrow(/duplicate ID/);
  });
});
