// A built MiniSearch index as plain data, its own Maps and arrays, and back:
// how the worker that built the library's index hands it to the page.
// postMessage copies Maps as they are, so the page only pays for receiving
// them, a fraction of rebuilding the index or loading MiniSearch's JSON form
// (which makes every posting list into an object and back). It reads and sets
// MiniSearch's own fields (7.2, those its loadJS sets); an index laid out
// otherwise is refused, and the page builds the index itself instead.
import MiniSearch, { type Options } from 'minisearch';
import type { AiUseCaseRow } from '@/db';
import { addAllQuickly } from './addAllQuickly';
import { CATEGORY_FIELDS, INDEX_OPTIONS } from './indexOptions';
import { rowVersion } from './rowVersion';

export interface IndexState {
  /** The radix tree of terms; at each term, per field id, document short id → term frequency. */
  tree: Map<string, unknown>;
  documentIds: Map<number, unknown>;
  fieldIds: Record<string, number>;
  fieldLength: Map<number, number[]>;
  averageFieldLength: number[];
  documentCount: number;
  nextId: number;
  dirtCount: number;
}

interface MiniSearchInternals {
  _index: { _tree: Map<string, unknown>; _size: number | undefined };
  _documentIds: Map<number, unknown>;
  _idToShortId: Map<unknown, number>;
  _fieldIds: Record<string, number>;
  _fieldLength: Map<number, number[]>;
  _avgFieldLength: number[];
  _documentCount: number;
  _nextId: number;
  _dirtCount: number;
  _storedFields: Map<number, unknown>;
}

function internalsOf(index: MiniSearch<never>): MiniSearchInternals {
  const internals = index as unknown as MiniSearchInternals;
  const known = internals._index?._tree instanceof Map && internals._documentIds instanceof Map && internals._idToShortId instanceof Map
    && internals._fieldLength instanceof Map && Array.isArray(internals._avgFieldLength) && typeof internals._documentCount === 'number'
    && typeof internals._nextId === 'number' && internals._storedFields instanceof Map && internals._storedFields.size === 0;
  if (!known) throw new Error('MiniSearch index laid out otherwise than expected');
  return internals;
}

export function stateOf<T>(index: MiniSearch<T>): IndexState {
  const internals = internalsOf(index as unknown as MiniSearch<never>);
  return {
    tree: internals._index._tree,
    documentIds: internals._documentIds,
    fieldIds: internals._fieldIds,
    fieldLength: internals._fieldLength,
    averageFieldLength: internals._avgFieldLength,
    documentCount: internals._documentCount,
    nextId: internals._nextId,
    dirtCount: internals._dirtCount,
  };
}

/** The index again, with `options` (the ones it was built with: functions do not travel). */
export function indexFromState<T>(state: IndexState, options: Options<T>): MiniSearch<T> {
  const index = new MiniSearch<T>(options);
  const internals = internalsOf(index as unknown as MiniSearch<never>);
  if (JSON.stringify(internals._fieldIds) !== JSON.stringify(state.fieldIds)) throw new Error('The index was built with other fields');
  internals._index._tree = state.tree;
  internals._index._size = undefined;
  internals._documentIds = state.documentIds;
  internals._idToShortId = new Map();
  for (const [shortId, id] of state.documentIds) internals._idToShortId.set(id, shortId);
  internals._fieldLength = state.fieldLength;
  internals._avgFieldLength = state.averageFieldLength;
  internals._documentCount = state.documentCount;
  internals._nextId = state.nextId;
  internals._dirtCount = state.dirtCount;
  return index;
}

/** What bringing an index in step with rows did (see applyRows). */
export interface AppliedRows {
  added: number;
  /** Rows replaced (changed) or discarded (gone). */
  changed: number;
}

/**
 * Brings `index` in step with `rows` (the whole table), `held` being the
 * id → updated of what it holds (kept in step too): new rows added, changed
 * ones replaced, gone ones discarded.
 */
export function applyRows(index: MiniSearch<AiUseCaseRow>, held: Map<string, string>, rows: readonly AiUseCaseRow[]): AppliedRows {
  const present = new Set<string>();
  const added: AiUseCaseRow[] = [];
  let changed = 0;
  for (const row of rows) {
    present.add(row.id);
    const version = held.get(row.id);
    if (version === undefined) added.push(row);
    else if (version !== rowVersion(row)) {
      index.replace(row);
      changed += 1;
    }
    held.set(row.id, rowVersion(row));
  }
  if (present.size < held.size) {
    for (const id of [...held.keys()]) {
      if (present.has(id)) continue;
      index.discard(id);
      held.delete(id);
      changed += 1;
    }
  }
  if (added.length > 0) addAllQuickly(index, added, { repeating: CATEGORY_FIELDS });
  return { added: added.length, changed };
}

export interface BuiltIndexState {
  state: IndexState;
  /** How long building took. */
  buildMs: number;
}

/** The library's index of `rows`, built as plain data (what the worker does). */
export function buildIndexState(rows: readonly AiUseCaseRow[]): BuiltIndexState {
  const started = performance.now();
  const index = new MiniSearch(INDEX_OPTIONS);
  addAllQuickly(index, rows, { repeating: CATEGORY_FIELDS });
  return { state: stateOf(index), buildMs: performance.now() - started };
}
