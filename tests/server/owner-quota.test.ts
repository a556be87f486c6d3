// One account cannot fill the server through its own tool records: creates
// beyond RECORDS_PER_OWNER (here 2) are refused per owner and collection, and
// a delete makes room again.
import { beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import { createUser, serverForFile, type TestUser } from './helpers';

let server: TestServer;
let su: PocketBase;
let owner: TestUser;
let other: TestUser;

serverForFile((started) => ({ server, su } = started), { env: { RECORDS_PER_OWNER: '2' } });

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
    expect(await status(saveCustom(owner, 'Third'))).toBe(400);
    expect(await su.collection('saved_use_cases').getFullList({ filter: `owner = "${owner.id}"` })).toHaveLength(2);
    // Another attendee and another collection have their own allowance.
    expect(await status(saveCustom(other, 'Mine'))).toBe(200);
    expect(await status(owner.client.collection('readiness_assessments').create({ owner: owner.id, status: 'in_progress', answers: {} }))).toBe(200);
    await owner.client.collection('saved_use_cases').delete(first.id);
    expect(await status(saveCustom(owner, 'Third'))).toBe(200);
  });
});
