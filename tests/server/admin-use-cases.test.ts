// The use case library as the admin screen writes it: administrators create,
// update and delete; attendees and guests are refused every write; a use case
// needs a title and keeps every library field, tags included; a delete leaves
// a tombstone that signed-in devices read to drop their copy.
import { beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { ClientResponseError } from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import { allowed, createUser, fieldErrors, serverForFile, unique, type TestUser } from './helpers';

let server: TestServer;
let su: PocketBase;
let admin: TestUser;
let attendee: TestUser;

serverForFile((started) => ({ server, su } = started));

beforeAll(async () => {
  [admin, attendee] = await Promise.all([createUser(server, su, 'administrator'), createUser(server, su, 'attendee')]);
});

const fullUseCase = () => ({
  title: unique('Invoice triage '),
  description: 'Reads supplier invoices and routes them.',
  industry: 'Finance',
  domain: 'Accounts payable',
  business_function: 'Finance operations',
  ai_technique: 'Document understanding',
  tags: ['invoices', 'automation'],
  value_proposition: 'Fewer late payments.',
  adoption_level: 'Growing',
  problem_statement: 'Invoices arrive in many formats.',
  solution_summary: 'A model extracts fields and a rule routes them.',
  challenges_risks: 'Handwritten invoices.',
  model_type: 'Vision-language model',
  input_data_type: 'PDF invoices',
  output_type: 'Structured fields',
});

describe('ai_use_cases writes', () => {
  it('refuses attendees and guests to create, update or delete, and changes nothing', async () => {
    const existing = await su.collection('ai_use_cases').create(fullUseCase());
    for (const client of [server.guest(), attendee.client]) {
      const title = unique('Intruder ');
      expect(await allowed(() => client.collection('ai_use_cases').create({ ...fullUseCase(), title }))).toBe(false);
      expect(await allowed(() => client.collection('ai_use_cases').update(existing.id, { title }))).toBe(false);
      expect(await allowed(() => client.collection('ai_use_cases').delete(existing.id))).toBe(false);
      expect((await su.collection('ai_use_cases').getList(1, 1, { filter: su.filter('title = {:title}', { title }) })).totalItems).toBe(0);
    }
    expect(await su.collection('ai_use_cases').getOne(existing.id)).toMatchObject({ title: existing.title, updated: existing.updated });
    expect((await su.collection('tombstones').getList(1, 1, { filter: su.filter('record_id = {:id}', { id: existing.id }) })).totalItems).toBe(0);
  });

  it('lets an administrator create and edit every library field, tags included', async () => {
    const body = fullUseCase();
    const created = await admin.client.collection('ai_use_cases').create(body);
    expect(created).toMatchObject(body);
    const edit = { ...fullUseCase(), tags: ['payables'], adoption_level: 'Mainstream', industry: 'Retail' };
    const updated = await admin.client.collection('ai_use_cases').update(created.id, edit);
    expect(updated).toMatchObject(edit);
    // and the attendee reads the change
    expect(await attendee.client.collection('ai_use_cases').getOne(created.id)).toMatchObject(edit);
  });

  it('requires a title, on create and on edit', async () => {
    const errors = await fieldErrors(() => admin.client.collection('ai_use_cases').create({ ...fullUseCase(), title: '' }));
    expect(errors.title?.code).toBe('validation_required');
    const created = await admin.client.collection('ai_use_cases').create(fullUseCase());
    const editErrors = await fieldErrors(() => admin.client.collection('ai_use_cases').update(created.id, { title: '' }));
    expect(editErrors.title?.code).toBe('validation_required');
    expect((await su.collection('ai_use_cases').getOne(created.id)).title).toBe(created.title);
  });

  it('refuses an adoption level outside the list', async () => {
    const errors = await fieldErrors(() => admin.client.collection('ai_use_cases').create({ ...fullUseCase(), adoption_level: 'Legendary' }));
    expect(Object.keys(errors)).toEqual(['adoption_level']);
  });

  it('writes a tombstone when an administrator deletes one, which an attendee reads', async () => {
    const created = await admin.client.collection('ai_use_cases').create(fullUseCase());
    await admin.client.collection('ai_use_cases').delete(created.id);
    await expect(su.collection('ai_use_cases').getOne(created.id)).rejects.toBeInstanceOf(ClientResponseError);
    const tombstones = await attendee.client.collection('tombstones').getFullList({
      filter: attendee.client.filter('collection = "ai_use_cases" && record_id = {:id}', { id: created.id }),
    });
    expect(tombstones).toHaveLength(1);
  });
});
