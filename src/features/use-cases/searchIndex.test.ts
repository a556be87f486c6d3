import { describe, expect, it } from 'vitest';
import { UseCaseIndex } from './searchIndex';
import { libraryRow } from './testRows';

const forecasting = libraryRow('forecast000001', { title: 'Emergency Department Demand Forecasting', description: 'Predicts hourly arrivals.', tags: ['forecasting', 'rostering'] });
const fraud = libraryRow('fraud000000001', { title: 'Card Fraud Detection', description: 'Flags unusual card payments as they happen.', industry: 'Financial Services' });
const produce = libraryRow('produce0000001', { title: 'Store Replenishment', description: 'Forecasting daily sales of fresh produce.', industry: 'Retail' });
const rows = [forecasting, fraud, produce];

function indexOf(...list: typeof rows) {
  const index = new UseCaseIndex();
  index.sync(list);
  return index;
}

describe('the use case search index', () => {
  it('forgives a typo and ranks a title match first, naming the words that matched', () => {
    const hits = indexOf(...rows).search('forcasting');
    expect(hits?.ids).toEqual(['forecast000001', 'produce0000001']);
    expect(hits?.terms.get('forecast000001')).toContain('forecasting');
  });

  it('finds a word from its first letters while it is typed', () => {
    expect(indexOf(...rows).search('frau')?.ids).toEqual(['fraud000000001']);
  });

  it('needs every word: a second word narrows the results', () => {
    const index = indexOf(...rows);
    expect(index.search('forecasting produce')?.ids).toEqual(['produce0000001']);
    expect(index.search('forecasting zebra')?.ids).toEqual([]);
  });

  it('searches tags and industries too', () => {
    const index = indexOf(...rows);
    expect(index.search('rostering')?.ids).toEqual(['forecast000001']);
    expect(index.search('financial')?.ids).toEqual(['fraud000000001']);
  });

  it('answers null (everything) to a search without words or with single letters only', () => {
    const index = indexOf(...rows);
    expect(index.search('')).toBeNull();
    expect(index.search('  ,.;  ')).toBeNull();
    expect(index.search('f')).toBeNull();
  });

  it('reads a word being typed as a prefix even when it is a common word, and ignores a single letter after a word', () => {
    const index = indexOf(...rows);
    expect(index.search('for')?.ids).toEqual(['forecast000001', 'produce0000001']);
    expect(index.search('card f')?.ids).toEqual(['fraud000000001']);
  });

  it('leaves common words out of the index', () => {
    const index = indexOf(libraryRow('plain000000001', { title: 'The Best of Them', description: 'and with for' }));
    expect(index.search('them best')?.ids).toEqual([]);
    expect(index.search('best')?.ids).toEqual(['plain000000001']);
  });

  it('follows the rows: a changed row is searched by its new text, a removed one is gone, a new one is added', () => {
    const index = indexOf(...rows);
    index.sync([
      { ...forecasting, title: 'Emergency Department Staffing', description: 'Rosters', tags: [], updated: '2025-06-02 00:00:00.000Z' },
      fraud,
      libraryRow('chatbot0000001', { title: 'Citizen Enquiry Chatbot' }),
    ]);
    expect(index.size).toBe(3);
    expect(index.search('forecasting')?.ids).toEqual([]);
    expect(index.search('staffing')?.ids).toEqual(['forecast000001']);
    expect(index.search('chatbot')?.ids).toEqual(['chatbot0000001']);
  });

  it('replaces a row saved again within the same millisecond: its change number differs though its stamp does not', () => {
    const index = indexOf({ ...forecasting, sync_seq: 7 }, fraud);
    index.sync([{ ...forecasting, sync_seq: 8, title: 'Emergency Department Staffing' }, fraud]);
    expect(index.search('staffing')?.ids).toEqual(['forecast000001']);
  });
});

describe('searching while a word is typed', () => {
  const chatbot = libraryRow('chatbot0000001', { title: 'Citizen Enquiry Chatbot', description: 'Answers council questions.', tags: ['conversational'] });
  const vision = libraryRow('vision00000001', { title: 'Shelf Gap Detection', description: 'Computer vision counts stock on shelves.', ai_technique: 'Computer Vision' });
  const assistant = libraryRow('ai000000000001', { title: 'Rostering Assistant', description: 'Suggests shifts.', tags: ['ai', 'rostering'] });

  it('reads two letters as a whole word anywhere or the start of a title or tag word', () => {
    const index = indexOf(forecasting, chatbot, vision, assistant);
    expect(index.search('co')?.ids).toEqual(['chatbot0000001']);
    expect(index.search('ai')?.ids).toEqual(['ai000000000001']);
    expect(index.search('shelf co')?.ids).toEqual([]);
    expect(index.search('com')?.ids).toEqual(['vision00000001']);
    expect(index.search('citizen co')?.ids).toEqual(['chatbot0000001']);
  });

  it('answers a search again from memory until the rows change', () => {
    const index = indexOf(forecasting, chatbot);
    const first = index.search('chatbot');
    expect(index.search('chatbot')).toBe(first);
    index.sync([forecasting, { ...chatbot, title: 'Citizen Enquiry Assistant', updated: '2025-06-02 00:00:00.000Z' }]);
    expect(index.search('chatbot')?.ids).toEqual([]);
  });
});
