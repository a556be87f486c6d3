// The same field edited on a device and on the server: an update sent with
// the values it was edited from (X-Sync-Base) is refused with 409 naming the
// fields the server changed meanwhile, and nothing is written; fields changed
// on one side only merge; without the base (Keep mine) the device's value is
// written. Bad bases are refused with a clear 400, and the base never lets
// anyone learn about a record they may not write.
import { ClientResponseError } from 'pocketbase';
import type PocketBase from 'pocketbase';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/pocketbase';
import { createUser, serverForFile, type TestUser } from './helpers';

let server: TestServer;
let su: PocketBase;
let admin: TestUser;

serverForFile((started) => ({ server, su } = started));

beforeAll(async () => {
  admin = await createUser(server, su, 'administrator');
});

const baseHeader = (base: unknown) => ({ 'X-Sync-Base': encodeURIComponent(JSON.stringify(base)) });

async function refusal(request: Promise<unknown>): Promise<ClientResponseError> {
  const error = await request.then(() => null, (caught: unknown) => caught);
  if (!(error instanceof ClientResponseError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

async function attendee(profile: Record<string, unknown> = {}) {
  return createUser(server, su, 'attendee', { company: 'Old Co', job_title: 'Analyst', ...profile });
}

describe('update conflicts', () => {
  it('refuses with 409 naming the field changed on both sides, writing nothing', async () => {
    const user = await attendee();
    await su.collection('users').update(user.id, { job_title: 'Director' });

    const error = await refusal(user.client.collection('users').update(user.id, { job_title: 'Head of AI', company: 'New Co' }, {
      headers: baseHeader({ job_title: 'Analyst', company: 'Old Co' }),
    }));

    expect(error.status).toBe(409);
    expect(error.response).toMatchObject({
      message: 'Changed on the server since you edited it: job title.',
      data: { job_title: { code: 'sync_conflict' } },
    });
    expect(Object.keys(error.response.data as object)).toEqual(['job_title']);
    expect(await su.collection('users').getOne(user.id)).toMatchObject({ job_title: 'Director', company: 'Old Co' });
  });

  it('merges fields changed on one side only: the device its own, the server the rest', async () => {
    const user = await attendee();
    await su.collection('users').update(user.id, { company: 'Server Co' });

    const saved = await user.client.collection('users').update(user.id, { job_title: 'Head of AI' }, { headers: baseHeader({ job_title: 'Analyst' }) });

    expect(saved).toMatchObject({ job_title: 'Head of AI', company: 'Server Co' });
  });

  it('writes a field both sides set to the same value, and one the server did not change', async () => {
    const user = await attendee();
    await su.collection('users').update(user.id, { job_title: 'Director' });

    const saved = await user.client.collection('users').update(user.id, { job_title: 'Director', company: 'New Co' }, {
      headers: baseHeader({ job_title: 'Analyst', company: 'Old Co' }),
    });

    expect(saved).toMatchObject({ job_title: 'Director', company: 'New Co' });
  });

  it('writes the device value when it is sent again without a base (Keep mine)', async () => {
    const user = await attendee();
    await su.collection('users').update(user.id, { job_title: 'Director' });
    await refusal(user.client.collection('users').update(user.id, { job_title: 'Head of AI' }, { headers: baseHeader({ job_title: 'Analyst' }) }));

    const saved = await user.client.collection('users').update(user.id, { job_title: 'Head of AI' });

    expect(saved.job_title).toBe('Head of AI');
  });

  it('compares numbers, JSON and selects by value, whatever their spelling', async () => {
    const user = await attendee();
    const record = await user.client.collection('readiness_assessments').create({
      owner: user.id, status: 'in_progress', score: 40, answers: { 'data-quality': 2, 'strategy-vision': 3 },
    });

    const saved = await user.client.collection('readiness_assessments').update(record.id, { score: 55, answers: { 'strategy-vision': 4 } }, {
      headers: baseHeader({ score: '40', answers: { 'strategy-vision': 3, 'data-quality': 2 } }),
    });
    expect(saved).toMatchObject({ score: 55, answers: { 'strategy-vision': 4 } });

    await su.collection('readiness_assessments').update(record.id, { answers: { 'strategy-vision': 1 } });
    const error = await refusal(user.client.collection('readiness_assessments').update(record.id, { answers: { 'strategy-vision': 5 }, score: 60 }, {
      headers: baseHeader({ score: 55, answers: { 'strategy-vision': 4 } }),
    }));
    expect(error.status).toBe(409);
    expect(Object.keys(error.response.data as object)).toEqual(['answers']);
  });

  it('refuses a malformed base, an unknown field and an oversized header with a clear 400', async () => {
    const user = await attendee();
    const cases: [Record<string, string>, string][] = [
      [{ 'X-Sync-Base': '%7Bnot json' }, 'The sync base is not valid.'],
      [baseHeader(['job_title']), 'The sync base is not valid.'],
      [baseHeader({ password: 'x' }), 'The sync base names an unknown field: password.'],
      [baseHeader({ no_such_field: 'x' }), 'The sync base names an unknown field: no_such_field.'],
      [baseHeader({ job_title: 'x'.repeat(70_000) }), 'The sync base is too large.'],
    ];
    for (const [headers, message] of cases) {
      const error = await refusal(user.client.collection('users').update(user.id, { job_title: 'Changed' }, { headers }));
      expect([error.status, error.response.message]).toEqual([400, message]);
    }
    expect((await su.collection('users').getOne(user.id)).job_title).toBe('Analyst');
  });

  it("never answers a conflict about a record the sender may not write (no guessing another user's values)", async () => {
    const victim = await attendee({ job_title: 'Secret title' });
    const attacker = await attendee();

    for (const guess of ['Secret title', 'Wrong guess']) {
      const error = await refusal(attacker.client.collection('users').update(victim.id, { job_title: 'x' }, { headers: baseHeader({ job_title: guess }) }));
      expect(error.status).toBe(404);
    }
    const bookmark = await victim.client.collection('business_cases').create({ owner: victim.id, title: 'Private case', status: 'draft' });
    const error = await refusal(attacker.client.collection('business_cases').update(bookmark.id, { title: 'x' }, { headers: baseHeader({ title: 'Private case' }) }));
    expect(error.status).toBe(404);
    expect((await su.collection('users').getOne(victim.id)).job_title).toBe('Secret title');
  });

  it('leaves administrators editing without a base unaffected', async () => {
    const user = await attendee();
    const attendeeRow = await admin.client.collection('users').getOne(user.id);
    expect(attendeeRow.job_title).toBe('Analyst');
    const saved = await su.collection('users').update(user.id, { job_title: 'Set by admin' });
    expect(saved.job_title).toBe('Set by admin');
  });
});
