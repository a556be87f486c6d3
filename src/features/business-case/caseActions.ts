// Writing business cases: every write goes through the outbox (queueChange),
// so the builder works offline and the server gets each change in order.
// Updates carry only the fields that changed, each with the value it was
// edited from as its base.
import type { BusinessCaseRow, MasterclassDb } from '@/db';
import { queueChange } from '@/sync';
import { CASE_FIELDS, CASE_LIMITS, derivedColumns, readCaseFields, UNTITLED, type CaseFields } from './caseFields';

type CaseColumns = Partial<Omit<BusinessCaseRow, 'id' | 'created' | 'updated'>>;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The columns of a new case: every builder field, with the computed ones. */
function newCaseColumns(owner: string, fields: CaseFields): CaseColumns {
  return { owner, ...fields, ...derivedColumns(fields), risks: '' };
}

/** The fields a new case starts with: a working title, and what the use case it starts from gives. */
export function newCaseFields(start: Partial<CaseFields> = {}): CaseFields {
  return readCaseFields({ title: UNTITLED, ...start } as Partial<BusinessCaseRow>);
}

/**
 * A new case that exists only on the screen until the user types into it: the
 * row the builder shows, stored nowhere (created by createCase on the first
 * real input, under this id).
 */
export function unsavedCaseRow(id: string, owner: string, start: Partial<CaseFields> = {}): BusinessCaseRow {
  return { id, updated: '', ...newCaseColumns(owner, newCaseFields(start)) } as BusinessCaseRow;
}

/** Stores a case with these fields (under `id` when given: the one the builder already shows). */
export async function createCase(db: MasterclassDb, owner: string, start: Partial<CaseFields> = {}, id?: string): Promise<string> {
  return queueChange(db, { collection: 'business_cases', recordId: id, op: 'create', patch: newCaseColumns(owner, newCaseFields(start)) });
}

export async function duplicateCase(db: MasterclassDb, owner: string, row: BusinessCaseRow): Promise<string> {
  const fields = readCaseFields(row);
  const title = `Copy of ${fields.title}`.slice(0, CASE_LIMITS.titleMax);
  return queueChange(db, { collection: 'business_cases', op: 'create', patch: newCaseColumns(owner, { ...fields, title }) });
}

export async function deleteCase(db: MasterclassDb, id: string): Promise<void> {
  await queueChange(db, { collection: 'business_cases', recordId: id, op: 'delete' });
}

/**
 * Queues the fields of `next` that differ from `saved` (plus the computed
 * columns they change) and returns the case as now saved; nothing is queued
 * when nothing changed.
 */
export async function saveCaseFields(db: MasterclassDb, id: string, saved: CaseFields, next: Partial<CaseFields>): Promise<CaseFields> {
  const merged: CaseFields = { ...saved, ...next };
  const patch: Record<string, unknown> = {};
  const base: Record<string, unknown> = {};
  for (const field of CASE_FIELDS) {
    if (same(merged[field], saved[field])) continue;
    patch[field] = merged[field];
    base[field] = saved[field];
  }
  if (Object.keys(patch).length === 0) return saved;
  const before = derivedColumns(saved);
  const after = derivedColumns(merged);
  for (const column of Object.keys(after) as (keyof typeof after)[]) {
    if (after[column] !== before[column]) patch[column] = after[column];
  }
  await queueChange(db, { collection: 'business_cases', recordId: id, op: 'update', patch: patch as CaseColumns, base: base as CaseColumns });
  return merged;
}
