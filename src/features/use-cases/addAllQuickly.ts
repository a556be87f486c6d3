// MiniSearch's addAll() for a whole library at once, in less time: the same
// index, term for term and score for score (addAllQuickly.test.ts compares
// the two), with less work per word read:
// - each distinct word of a field is processed (processTerm) and its entry in
//   MiniSearch's radix tree found once per library; a word read again is
//   found in a table of the words read so far by its characters, and ASCII
//   text with the library's tokenizer (words.ts) is read character by
//   character, never cut into strings;
// - a field's distinct words (its length for ranking) are counted by marking
//   each word's entry, not with a set made per field;
// - a field whose values repeat across the library (`repeating`: the
//   library's categories, such as its industry) is read once per distinct
//   value, each document with that value then taking the value's terms;
// - a term's documents in a field are listed as they are read (a document
//   once per reading) and put in the term's Map at the end, one Map after the
//   other, each with its count of readings.
// It steps through MiniSearch's own bookkeeping (the methods and fields `add`
// uses in 7.2); on an index laid out otherwise it leaves the work to addAll().
import type MiniSearch from 'minisearch';
import { ASCII_SEPARATOR, isAscii, tokenize as libraryTokenize } from './words';

/** The parts of a MiniSearch instance that `add` uses (private in its typings). */
interface MiniSearchInternals {
  _options: {
    fields: string[];
    idField: string;
    extractField: (document: unknown, field: string) => unknown;
    stringifyField: (value: unknown, field: string) => string;
    tokenize: (text: string, field: string) => string[];
    processTerm: (term: string, field: string) => string | string[] | null | undefined | false;
    storeFields: string[];
  };
  _fieldIds: Record<string, number>;
  _idToShortId: Map<unknown, number>;
  _documentCount: number;
  _index: { fetch<T>(term: string, initial: () => T): T };
  addDocumentId(id: unknown): number;
  addFieldLength(documentId: number, fieldId: number, count: number, length: number): void;
}

/** A term's entry in the radix tree: per field id, document short id → term frequency. */
type TermData = Map<number, Map<number, number>>;

const newTermData = (): TermData => new Map();

/** A term's documents in one field, listed while reading (a document once per reading of the term) and put in its Map at the end. */
interface Postings {
  map: Map<number, number>;
  documents: number[];
}

/** A term met while adding, with its postings per field (by the field's position in `fields`). */
interface Term {
  data: TermData;
  postings: (Postings | undefined)[];
}

/** A word as read (before processTerm) in one field. */
interface Word {
  /** The field reading (a number per field read) that last counted this word. */
  seen: number;
  /** The postings in this field of each term processTerm made of it (none for a word left out of the index). */
  postings: Postings[];
}

/** A repeating field's value, read once: its number of distinct words, and its terms' postings each with its frequency. */
interface Value {
  distinct: number;
  postings: Postings[];
  frequencies: number[];
}

/** FNV-1a over a string's UTF-16 code units, step by step; 30 bits, so a hash is always a small integer (never a boxed number). */
const HASH_START = 0x011c9dc5;
const hashStep = (hash: number, code: number) => Math.imul(hash ^ code, 0x01000193) & 0x3fffffff;

function hashOf(text: string): number {
  let hash = HASH_START;
  for (let at = 0; at < text.length; at += 1) hash = hashStep(hash, text.charCodeAt(at));
  return hash;
}

/** The words read in one field, found by their characters in the text being read (open addressing). */
class WordTable {
  private slots = new Int32Array(1 << 10);
  private readonly hashes: number[] = [];
  private readonly keys: string[] = [];
  private readonly words: Word[] = [];

  /** The word text[start, end) with that hash, if read before. */
  find(text: string, start: number, end: number, hash: number): Word | undefined {
    const mask = this.slots.length - 1;
    const length = end - start;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const at = this.slots[slot]! - 1;
      if (at < 0) return undefined;
      if (this.hashes[at] !== hash) continue;
      const key = this.keys[at]!;
      if (key.length !== length) continue;
      let same = true;
      for (let offset = 0; offset < length; offset += 1) {
        if (key.charCodeAt(offset) !== text.charCodeAt(start + offset)) {
          same = false;
          break;
        }
      }
      if (same) return this.words[at];
    }
  }

  add(key: string, hash: number, word: Word): void {
    this.hashes.push(hash);
    this.keys.push(key);
    this.words.push(word);
    if (this.words.length * 2 <= this.slots.length) this.place(this.words.length - 1);
    else {
      // At most half full: twice the slots, every word placed again.
      this.slots = new Int32Array(this.slots.length * 2);
      for (let at = 0; at < this.words.length; at += 1) this.place(at);
    }
  }

  private place(at: number): void {
    const mask = this.slots.length - 1;
    let slot = this.hashes[at]! & mask;
    while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
    this.slots[slot] = at + 1;
  }
}

export interface AddAllOptions {
  /** Fields whose values repeat across the documents (categories): each distinct value is read once. */
  repeating?: readonly string[];
}

/** Adds `documents` to an index as addAll() would; falls back to addAll() on a MiniSearch it does not know. */
export function addAllQuickly<T>(index: MiniSearch<T>, documents: readonly T[], { repeating = [] }: AddAllOptions = {}): void {
  const internals = index as unknown as MiniSearchInternals;
  if (!knownLayout(internals)) {
    index.addAll(documents as T[]);
    return;
  }
  const { fields, idField, extractField, stringifyField, tokenize, processTerm } = internals._options;
  // The library's tokenizer splits ASCII text where ASCII_SEPARATOR says: such text is read here character by character.
  const readsAscii = tokenize === libraryTokenize;
  const fieldCount = fields.length;
  const fieldIds = fields.map((field) => internals._fieldIds[field]!);
  const terms = new Map<string, Term>();
  const listed: Postings[] = [];
  const tables = fields.map(() => new WordTable());
  const values = fields.map((field) => (repeating.includes(field) ? new Map<string, Value>() : null));

  const termOf = (term: string): Term => {
    let known = terms.get(term);
    if (known === undefined) {
      known = { data: internals._index.fetch(term, newTermData), postings: new Array<undefined>(fieldCount).fill(undefined) };
      terms.set(term, known);
    }
    return known;
  };
  /** The term's postings in the field, made (in MiniSearch's order: when first read) if new. */
  const postingsOf = (term: Term, position: number): Postings => {
    let postings = term.postings[position];
    if (postings === undefined) {
      const fieldId = fieldIds[position]!;
      let map = term.data.get(fieldId);
      if (map === undefined) term.data.set(fieldId, (map = new Map()));
      postings = { map, documents: [] };
      term.postings[position] = postings;
      listed.push(postings);
    }
    return postings;
  };
  /** A word read for the first time in the field: processed, its terms found in the tree. */
  const wordOf = (token: string, hash: number, position: number): Word => {
    const processed = processTerm(token, fields[position]!);
    const made = Array.isArray(processed) ? processed : processed ? [processed] : [];
    const word: Word = { seen: -1, postings: made.map((term) => postingsOf(termOf(term), position)) };
    tables[position]!.add(token, hash, word);
    return word;
  };
  // One number per field read, so a word's `seen` tells whether it was counted in this reading.
  let reading = 0;
  /** Lists one reading of the word's terms in the document's field; answers 1 if the word is new to the field, else 0. */
  const readWord = (word: Word, documentId: number): number => {
    const { postings } = word;
    for (let at = 0; at < postings.length; at += 1) postings[at]!.documents.push(documentId);
    if (word.seen === reading) return 0;
    word.seen = reading;
    return 1;
  };

  /** Reads a field's text for the document, counting its terms; answers its number of distinct words. */
  const readText = (text: string, position: number, documentId: number): number => {
    reading += 1;
    let distinct = 0;
    const table = tables[position]!;
    if (!readsAscii || !isAscii(text)) {
      for (const token of tokenize(text, fields[position]!)) {
        const hash = hashOf(token);
        distinct += readWord(table.find(token, 0, token.length, hash) ?? wordOf(token, hash, position), documentId);
      }
      return distinct;
    }
    // As text.split(/[separators]+/): the words between runs of separators, with an empty one
    // first when the text starts with a separator and last when it ends with one (or is empty).
    const length = text.length;
    let start = 0;
    let hash = HASH_START;
    for (let at = 0; at < length; at += 1) {
      const code = text.charCodeAt(at);
      if (ASCII_SEPARATOR[code] === 0) {
        hash = hashStep(hash, code);
        continue;
      }
      distinct += readWord(table.find(text, start, at, hash) ?? wordOf(text.slice(start, at), hash, position), documentId);
      while (at + 1 < length && ASCII_SEPARATOR[text.charCodeAt(at + 1)] === 1) at += 1;
      start = at + 1;
      hash = HASH_START;
    }
    return distinct + readWord(table.find(text, start, length, hash) ?? wordOf(text.slice(start, length), hash, position), documentId);
  };

  /** A repeating field's value, read once. */
  const valueOf = (text: string, position: number): Value => {
    const tokens = tokenize(text, fields[position]!);
    const value: Value = { distinct: new Set(tokens).size, postings: [], frequencies: [] };
    for (const token of tokens) {
      const hash = hashOf(token);
      for (const postings of (tables[position]!.find(token, 0, token.length, hash) ?? wordOf(token, hash, position)).postings) {
        const at = value.postings.indexOf(postings);
        if (at >= 0) value.frequencies[at]! += 1;
        else {
          value.postings.push(postings);
          value.frequencies.push(1);
        }
      }
    }
    return value;
  };

  try {
    for (const document of documents) {
      const id = extractField(document, idField);
      if (id == null) throw new Error(`MiniSearch: document does not have ID field "${idField}"`);
      if (internals._idToShortId.has(id)) throw new Error(`MiniSearch: duplicate ID ${String(id)}`);
      const documentId = internals.addDocumentId(id);
      for (let position = 0; position < fieldCount; position += 1) {
        const field = fields[position]!;
        const raw = extractField(document, field);
        if (raw == null) continue;
        const fieldId = fieldIds[position]!;
        const text = stringifyField(raw, field);
        const known = values[position];
        if (known) {
          let value = known.get(text);
          if (value === undefined) known.set(text, (value = valueOf(text, position)));
          internals.addFieldLength(documentId, fieldId, internals._documentCount - 1, value.distinct);
          for (let at = 0; at < value.postings.length; at += 1) {
            const listedDocuments = value.postings[at]!.documents;
            for (let times = value.frequencies[at]!; times > 0; times -= 1) listedDocuments.push(documentId);
          }
        } else {
          internals.addFieldLength(documentId, fieldId, internals._documentCount - 1, readText(text, position, documentId));
        }
      }
    }
  } finally {
    // Each term's documents in its Map in the order read (as add() puts them), each with its number of readings.
    for (let term = 0; term < listed.length; term += 1) {
      const { map, documents: listedDocuments } = listed[term]!;
      const count = listedDocuments.length;
      for (let at = 0; at < count;) {
        const documentId = listedDocuments[at]!;
        let next = at + 1;
        while (next < count && listedDocuments[next] === documentId) next += 1;
        map.set(documentId, next - at);
        at = next;
      }
    }
  }
}

/** A MiniSearch 7.2 index without stored fields: the layout this file was written against. */
function knownLayout(internals: MiniSearchInternals): boolean {
  return typeof internals.addDocumentId === 'function' && typeof internals.addFieldLength === 'function'
    && typeof internals._index?.fetch === 'function' && internals._idToShortId instanceof Map
    && typeof internals._options.stringifyField === 'function' && (internals._options.storeFields?.length ?? 0) === 0;
}
