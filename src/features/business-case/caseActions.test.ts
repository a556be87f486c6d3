import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { MasterclassDb } from '@/db';
import { createCase, deleteCase, duplicateCase, saveCaseFields, unsavedCaseRow } from './caseActions';
import { readCaseFields } from './caseFields';

vi.mock('@/sync/requestSync', () => ({ requestSync: () => Promise.resolve() }));

const OWNER = 'user00000000001';
const freshDb = () => new MasterclassDb('business-case-actions-test', { indexedDB: new IDBFactory(), IDBKeyRange });

describe('business case writes', () => {
  it('creates a case on the device and in the outbox, with the builder defaults and computed columns', async () => {
    const db = freshDb();
    const id = await createCase(db, OWNER, { title: 'Pilot', one_off_costs: [{ label: 'Build', amount_cents: 100_000 }] });
    const row = await db.businessCases.get(id);
    expect(row).toMatchObject({ owner: OWNER, title: 'Pilot', ramp_up_percent: [50, 100, 100], discount_rate_percent: 7, estimated_cost_cents: 100_000, status: 'draft', currency: 'AUD' });
    expect((await db.outbox.toArray()).map((change) => [change.op, change.recordId])).toEqual([['create', id]]);
  });

  it('an autosave sends only the changed fields with the values they were edited from, and the computed columns they move', async () => {
    const db = freshDb();
    const id = await createCase(db, OWNER, { title: 'Pilot' });
    const saved = readCaseFields((await db.businessCases.get(id))!);
    const next = await saveCaseFields(db, id, saved, { ...saved, title: 'Pilot', running_costs: [{ label: 'Licences', amount_cents: 50_000 }] });
    const update = (await db.outbox.toArray())[1];
    expect(update?.patch).toEqual({ running_costs: [{ label: 'Licences', amount_cents: 50_000 }], estimated_cost_cents: 150_000 });
    expect(update?.base).toMatchObject({ running_costs: [] });
    expect(next.running_costs).toHaveLength(1);
    // Nothing changed: nothing queued.
    await saveCaseFields(db, id, next, next);
    expect(await db.outbox.count()).toBe(2);
  });

  it('a new case is shown from its start fields without being stored, then stored under the same id on its first input', async () => {
    const db = freshDb();
    const row = unsavedCaseRow('newcase00000001', OWNER, { title: 'From a use case' });
    expect(row).toMatchObject({ id: 'newcase00000001', owner: OWNER, title: 'From a use case', updated: '', status: 'draft' });
    expect(await db.businessCases.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    const id = await createCase(db, OWNER, { ...readCaseFields(row), problem_statement: 'Slow invoices' }, row.id);
    expect(id).toBe('newcase00000001');
    expect(await db.businessCases.get(id)).toMatchObject({ title: 'From a use case', problem_statement: 'Slow invoices' });
    expect((await db.outbox.toArray()).map((change) => [change.op, change.recordId, (change.patch as { id?: string }).id])).toEqual([['create', id, id]]);
  });

  it('deletes through the outbox: gone from the device, a delete waiting for the server', async () => {
    const db = freshDb();
    const id = await createCase(db, OWNER, { title: 'Pilot' });
    await deleteCase(db, id);
    expect(await db.businessCases.get(id)).toBeUndefined();
    expect((await db.outbox.toArray()).map((change) => [change.op, change.recordId])).toEqual([['create', id], ['delete', id]]);
  });

  it('duplicates under a new id and title, and deletes', async () => {
    const db = freshDb();
    const id = await createCase(db, OWNER, { title: 'Pilot', hours_saved_per_week: 4 });
    const copyId = await duplicateCase(db, OWNER, (await db.businessCases.get(id))!);
    expect(copyId).not.toBe(id);
    expect(await db.businessCases.get(copyId)).toMatchObject({ title: 'Copy of Pilot', hours_saved_per_week: 4 });
    await deleteCase(db, id);
    expect((await db.businessCases.toArray()).map((row) => row.id)).toEqual([copyId]);
  });
});
