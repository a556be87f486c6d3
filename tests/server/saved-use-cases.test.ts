// saved_use_cases, "My use cases": each attendee reads and changes only its
// own saved use cases, cannot file one under someone else, cannot move one to
// another owner, and saves a library use case at most once (the unique
// owner + use case index); a deleted save can be made again. A saved draft
// keeps to the draft rules' sizes (shared/use-case-draft-rules.json) and 64 KB
// in all; anything bigger is refused with a message and writes nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import { allowed, createUser, fieldErrors, serverForFile, type TestUser } from './helpers';

let server: TestServer;
let su: PocketBase;
let owner: TestUser;
let other: TestUser;
let useCaseId: string;
let otherUseCaseId: string;

serverForFile((started) => ({ server, su } = started));

beforeAll(async () => {
  owner = await createUser(server, su, 'attendee');
  other = await createUser(server, su, 'attendee');
  const library = await su.collection('ai_use_cases').getList(1, 2, { sort: 'title' });
  [useCaseId, otherUseCaseId] = library.items.map((item) => item.id);
});

const saves = (user: TestUser) => user.client.collection('saved_use_cases');

describe('saved use cases are their owner’s alone', () => {
  it('the owner saves a library use case and reads it back; another attendee cannot see, change or delete it', async () => {
    const saved = await saves(owner).create({ owner: owner.id, use_case: useCaseId, title: 'Emergency forecasting' });
    expect((await saves(owner).getFullList()).map((row) => row.id)).toContain(saved.id);

    expect(await saves(other).getFullList()).toEqual([]);
    expect(await allowed(() => saves(other).getOne(saved.id))).toBe(false);
    expect(await allowed(() => saves(other).update(saved.id, { notes: 'mine now' }))).toBe(false);
    expect(await allowed(() => saves(other).delete(saved.id))).toBe(false);
    expect((await su.collection('saved_use_cases').getOne(saved.id)).notes).toBe('');

    expect(await allowed(() => saves(owner).update(saved.id, { notes: 'Worth a pilot' }))).toBe(true);
    expect(await allowed(() => saves(owner).delete(saved.id))).toBe(true);
  });

  it('nobody saves for someone else, or hands a save over to another owner', async () => {
    expect(await allowed(() => saves(other).create({ owner: owner.id, use_case: otherUseCaseId, title: 'Planted' }))).toBe(false);
    expect(await su.collection('saved_use_cases').getFullList({ filter: `owner = "${owner.id}" && title = "Planted"` })).toEqual([]);

    const saved = await saves(owner).create({ owner: owner.id, use_case: otherUseCaseId, title: 'Mine' });
    expect(await allowed(() => saves(owner).update(saved.id, { owner: other.id }))).toBe(false);
    expect((await su.collection('saved_use_cases').getOne(saved.id)).owner).toBe(owner.id);
  });

  it('guests see nothing and save nothing', async () => {
    expect(await allowed(() => server.guest().collection('saved_use_cases').getList())).toBe(true);
    expect((await server.guest().collection('saved_use_cases').getList()).items).toEqual([]);
    expect(await allowed(() => server.guest().collection('saved_use_cases').create({ owner: owner.id, title: 'Anonymous' }))).toBe(false);
  });
});

describe('one save per owner and library use case', () => {
  it('a second save of the same use case is refused; another attendee saves it freely; after a delete it can be saved again', async () => {
    const first = await saves(owner).create({ owner: owner.id, use_case: useCaseId, title: 'Forecasting' });
    const duplicate = await fieldErrors(() => saves(owner).create({ owner: owner.id, use_case: useCaseId, title: 'Forecasting again' }));
    expect(duplicate.use_case?.code).toBe('validation_not_unique');
    expect(await su.collection('saved_use_cases').getFullList({ filter: `owner = "${owner.id}" && use_case = "${useCaseId}"` })).toHaveLength(1);

    expect(await allowed(() => saves(other).create({ owner: other.id, use_case: useCaseId, title: 'Forecasting' }))).toBe(true);

    await saves(owner).delete(first.id);
    expect(await allowed(() => saves(owner).create({ owner: owner.id, use_case: useCaseId, title: 'Forecasting' }))).toBe(true);
  });

  it('custom use cases (no library use case) are not limited', async () => {
    const draft = { owner: owner.id, title: 'Custom idea', generated: { description: 'A custom draft' } };
    expect(await allowed(() => saves(owner).create(draft))).toBe(true);
    expect(await allowed(() => saves(owner).create(draft))).toBe(true);
  });
});

describe('a saved draft keeps to its size', () => {
  const refusal = async (request: () => Promise<unknown>) => (await fieldErrors(request)).generated?.message;

  it('refuses a draft over 64 KB, a draft text over its length, too many tags and a draft that is not an object, and writes nothing', async () => {
    const create = (generated: unknown) => () => saves(owner).create({ owner: owner.id, title: 'Too big', generated });
    expect(await refusal(create({ title: 'Padding', padding: 'x'.repeat(70_000) }))).toBe('A saved use case can hold at most 64 KB of draft.');
    expect(await refusal(create({ description: 'd'.repeat(5001) }))).toBe('The draft\'s description can be at most 5000 characters.');
    expect(await refusal(create({ title: 'Tags', tags: Array.from({ length: 13 }, (_, i) => `tag${i}`) }))).toBe('A draft has at most 12 tags, each of at most 50 characters.');
    expect(await refusal(create({ request: { problem: 'p'.repeat(2001) } }))).toBe('The draft\'s request problem can be at most 2000 characters.');
    expect(await refusal(create(['not', 'an', 'object']))).toBe('A saved draft must be an object.');
    // every text within its length, but 75 KB of three-byte characters in all (the editor refuses it too)
    const wide = Object.fromEntries(['description', 'problem_statement', 'value_proposition', 'solution_summary', 'challenges_risks'].map((field) => [field, '漢'.repeat(5000)]));
    expect(await refusal(create(wide))).toBe('A saved use case can hold at most 64 KB of draft.');
    expect(await su.collection('saved_use_cases').getFullList({ filter: `owner = "${owner.id}" && title = "Too big"` })).toEqual([]);
  });

  it('an edit that makes a saved draft too long is refused and the saved one stays', async () => {
    const saved = await saves(owner).create({ owner: owner.id, title: 'Grows', generated: { description: 'Short' } });
    expect(await refusal(() => saves(owner).update(saved.id, { generated: { description: 'd'.repeat(5001) } }))).toBe('The draft\'s description can be at most 5000 characters.');
    expect((await su.collection('saved_use_cases').getOne(saved.id)).generated).toEqual({ description: 'Short' });
    // a full draft at every limit is taken
    const rules = { title: 200, description: 5000, industry: 100, domain: 200, business_function: 200, problem_statement: 5000, value_proposition: 5000, solution_summary: 5000, ai_technique: 200, model_type: 200, input_data_type: 200, output_type: 200, challenges_risks: 5000 };
    const full = Object.fromEntries(Object.entries(rules).map(([field, max]) => [field, 'é'.repeat(max)]));
    expect(await allowed(() => saves(owner).update(saved.id, { generated: { ...full, tags: Array.from({ length: 12 }, () => 't'.repeat(50)), adoption_level: 'Growing' } }))).toBe(true);
  });
});
