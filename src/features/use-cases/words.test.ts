import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { ASCII_SEPARATOR, isAscii, openingWords, tokenize } from './words';

const miniSearchTokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];

const TEXTS = [
  '', ' ', '  ', 'a', ' a', 'a ', 'a  b', '--a--b--', 'Card Fraud Detection.', 'Demand Forecasting (Retail)',
  'C++ & C# / F#', 'AI/ML: "beta" release!', 'x_y x-y x.y x,y', '$100 + 5% <tag> ^caret `tick` |pipe ~tilde =eq',
  'line\nbreak\r\nand\ttab', '{braces} [brackets] @at ?question ;semi', "it's 'quoted'",
  'naïve café', 'AI—driven “quoted” text…', 'emoji 🤖 bot', 'no\u00a0break\u2028line\u2029para', '\u3000ideographic space',
];

describe('the words the library index reads', () => {
  it('splits ASCII text at exactly the characters MiniSearch splits at', () => {
    const splitsAt = /[\n\r\p{Z}\p{P}]/u;
    for (let code = 0; code < 128; code += 1) {
      expect([code, ASCII_SEPARATOR[code] === 1]).toEqual([code, splitsAt.test(String.fromCharCode(code))]);
    }
  });

  it("gives MiniSearch's own words, empty ones included, for ASCII and other text", () => {
    for (const text of TEXTS) expect([text, tokenize(text)]).toEqual([text, miniSearchTokenize(text)]);
    for (let code = 0; code < 256; code += 1) {
      const text = `a${String.fromCharCode(code)}b ${String.fromCharCode(code)}`;
      expect([code, tokenize(text)]).toEqual([code, miniSearchTokenize(text)]);
    }
  });

  it('tells ASCII text from other text', () => {
    expect(isAscii('Card Fraud Detection, 2025!')).toBe(true);
    expect(isAscii('')).toBe(true);
    expect(isAscii('café')).toBe(false);
    expect(isAscii('emoji 🤖')).toBe(false);
  });

  it("takes a description's opening words as split(/\\s+/, n).join(' ') does", () => {
    const long = 'Predicts hourly emergency department arrivals up to seven days ahead so rosters, beds and theatre lists can be planned.';
    const texts = [...TEXTS, long, `  ${long}`, `${long}  `, long.replaceAll(' ', '  '), long.replace(' ', '\t'), long.replace('so', '\u00a0so'), 'one two'];
    for (const text of texts) {
      for (const count of [1, 3, 12]) expect([text, count, openingWords(text, count)]).toEqual([text, count, text.split(/\s+/, count).join(' ')]);
    }
    expect(openingWords(long, 12)).toBe('Predicts hourly emergency department arrivals up to seven days ahead so rosters,');
  });
});
