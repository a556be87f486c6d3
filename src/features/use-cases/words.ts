// How the library's search index splits text into words, quicker than
// MiniSearch's own tokenizer and word for word the same (words.test.ts
// compares them): MiniSearch splits on runs of line breaks, spaces and
// punctuation (`[\n\r\p{Z}\p{P}]+` with Unicode properties), which the regex
// engine tests character by character against the Unicode tables; text that
// is all ASCII (nearly every use case) is split on the same characters named
// one by one instead, and building the index reads such text character by
// character without cutting it into strings (addAllQuickly.ts).

/** MiniSearch's separators: line breaks, Unicode spaces and punctuation. */
const SPACE_OR_PUNCTUATION = /[\n\r\p{Z}\p{P}]+/u;

/** The same separators among the 128 ASCII characters (words.test.ts checks every one). */
const ASCII_SEPARATORS = '\n\r !"#%&\'()*,-./:;?@[\\]_{}';
const ASCII_SPACE_OR_PUNCTUATION = new RegExp(`[${ASCII_SEPARATORS.replace(/[\\\]\-^]/g, '\\$&')}]+`);

/** Per ASCII character code, 1 where MiniSearch's tokenizer splits. */
export const ASCII_SEPARATOR = new Uint8Array(128);
for (const character of ASCII_SEPARATORS) ASCII_SEPARATOR[character.charCodeAt(0)] = 1;

const NOT_ASCII = /[^\0-\x7f]/;

/** Whether every character of `text` is ASCII (its words are then split at ASCII_SEPARATOR). */
export const isAscii = (text: string): boolean => !NOT_ASCII.test(text);

/** The words of `text` as MiniSearch's default tokenizer gives them (empty strings included). */
export function tokenize(text: string): string[] {
  return text.split(isAscii(text) ? ASCII_SPACE_OR_PUNCTUATION : SPACE_OR_PUNCTUATION);
}

/** Per count: from the start, up to `count` runs of non-space with the spaces between them (sticky: lastIndex is where it ends). */
const openingsOf = new Map<number, RegExp>();
/** Whitespace that `split(/\s+/).join(' ')` would change: a run of two or more, or any but a plain space. */
const NOT_SINGLE_SPACES = /\s\s|[^\S ]/;

/**
 * The first `count` whitespace-separated words of `text`, joined by single
 * spaces: `text.split(/\s+/, count).join(' ')`, without splitting the whole
 * text when its spaces are plain single spaces (then it is a slice of it).
 */
export function openingWords(text: string, count: number): string {
  let opening = openingsOf.get(count);
  if (!opening) openingsOf.set(count, (opening = new RegExp(`\\S*(?:\\s+\\S*){0,${count - 1}}`, 'y')));
  opening.lastIndex = 0;
  opening.test(text);
  const slice = text.slice(0, opening.lastIndex);
  return NOT_SINGLE_SPACES.test(slice) ? text.split(/\s+/, count).join(' ') : slice;
}
