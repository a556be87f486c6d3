// One account cannot fill the server through its own tool records: creates
// beyond RECORDS_PER_OWNER (here 2) are refused per owner and collection, and
// a delete makes room again; and all of an account's tool records together
// hold at most STORAGE_PER_ACCOUNT_KB (here 100 KB): a create or an edit past
// it is refused with a message (400, so a device keeps it as a failed change).
import { beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import { createUser, serverForFile, type TestUser } from './helpers';

let server: TestServer;
let su: PocketBase;
let owner: TestUser;
let other: TestUser;

serverForFile((started) => ({ server, su } = started), { env: { RECORDS_PER_OWNER: '2', STORAGE_PER_ACCOUNT_KB: '100' } });

beforeAll(async () => {
  owner = await createUser(server, su, 'attendee');
  other = await createUser(server, su, 'attendee');
});

const saveCustom = (user: TestUser, title: string) =>
  user.client.collection('saved_use_cases').create({ owner: user.id, title, generated: { title } });

const status = (promise: Promise<unknown>) => promise.then(() => 200, (error: { status?: number }) => error.status ?? 0);

describe('records per owner', () => {
  it('refuses a create beyond the limit, for that owner only, until one is deleted', async () => {
    const first = await saveCustom(owner, 'First');
    await saveCustom(owner, 'Second');
    const refused = await saveCustom(owner, 'Third').then(() => null, (error: { status: number; response: { message: string } }) => error);
    expect(refused?.status).toBe(400);
    expect(refused?.response.message).toBe('You can keep at most 2 saved use cases. Delete some you no longer need to add more.');
    expect(await su.collection('saved_use_cases').getFullList({ filter: `owner = "${owner.id}"` })).toHaveLength(2);
    // Another attendee and another collection have their own allowance.
    expect(await status(saveCustom(other, 'Mine'))).toBe(200);
    expect(await status(owner.client.collection('readiness_assessments').create({ owner: owner.id, status: 'in_progress', answers: {} }))).toBe(200);
    await owner.client.collection('saved_use_cases').delete(first.id);
    expect(await status(saveCustom(owner, 'Third'))).toBe(200);
  });
});

describe('storage per account', () => {
  const text = (length: number) => 'x'.repeat(length);
  /** A saved custom use case of about 34 KB. */
  const bigSave = (user: TestUser, title: string) => user.client.collection('saved_use_cases').create({
    owner: user.id, title, notes: text(9000),
    generated: { title, description: text(5000), problem_statement: text(5000), value_proposition: text(5000), solution_summary: text(5000), challenges_risks: text(5000) },
  });
  const failure = (promise: Promise<unknown>) => promise.then(() => null, (error: { status: number; response: { message: string } }) => error);
  const QUOTA = /^Not saved: all your workshop tools together can hold 100 KB, and this would make it \d+ KB\. Delete saved use cases or business cases you no longer need, then try again\.$/;

  it('refuses a create or an edit that would take the account past its storage, says so, writes nothing, and a delete makes room', async () => {
    const user = await createUser(server, su, 'attendee');
    const first = await bigSave(user, 'First');
    const bigCase = await user.client.collection('business_cases').create({
      owner: user.id, title: 'Case', status: 'draft', problem_statement: text(10000), proposed_solution: text(10000), expected_benefits: text(10000), risks: text(10000),
    });
    // about 74 KB held: 34 KB more is refused, in any tool
    const refused = await failure(bigSave(user, 'Second'));
    expect(refused?.status).toBe(400);
    expect(refused?.response.message).toMatch(QUOTA);
    expect(await su.collection('saved_use_cases').getFullList({ filter: `owner = "${user.id}"` })).toHaveLength(1);
    // an edit that grows past it too, and the record stays as it was
    const grown = await failure(user.client.collection('business_cases').update(bigCase.id, { timeline: text(10000), success_metrics: text(10000), opportunity: text(10000) }));
    expect(grown?.status).toBe(400);
    expect(grown?.response.message).toMatch(QUOTA);
    expect((await su.collection('business_cases').getOne(bigCase.id)).timeline).toBe('');
    // an edit that shrinks or keeps the size is taken
    expect(await status(user.client.collection('business_cases').update(bigCase.id, { risks: 'Fewer words' }))).toBe(200);
    // someone else has their own storage
    expect(await status(bigSave(other, 'Theirs'))).toBe(200);
    // a delete makes room
    await user.client.collection('saved_use_cases').delete(first.id);
    expect(await status(bigSave(user, 'Second'))).toBe(200);
  });
});
