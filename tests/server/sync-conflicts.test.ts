// The same field edited on a device and on the server: an update sent with
// the values it was edited from (X-Sync-Base) is refused with 409 naming the
// fields the server changed meanwhile, and nothing is written; fields changed
// on one side only merge; without the base (Keep mine) the device's value is
// written. Bad bases are refused with a clear 400, and the base never lets
// anyone learn about a record they may not write.
import { isDeepStrictEqual } from 'node:util';
import PocketBase, { ClientResponseError } from 'pocketbase';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIMENSIONS } from '@/features/readiness/framework';
import { assessReadiness } from '@/features/readiness/scoring';
import type { TestServer } from '../support/pocketbase';
import { createUser, serverForFile, unique, type TestUser } from './helpers';

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

// Two requests sent at the same moment: each is checked against the row as it
// is when it is written, and writes only the fields it sends, so neither undoes
// the other. TRIALS rounds each, since a lost edit shows only when the two
// requests interleave.
const TRIALS = 25;

interface Outcome {
  status: number;
  body: Record<string, unknown>;
}

/** A request's answer as status and body, whether it succeeded or was refused. */
async function outcome(request: Promise<unknown>): Promise<Outcome> {
  try {
    return { status: 200, body: (await request) as Record<string, unknown> };
  } catch (error) {
    if (!(error instanceof ClientResponseError)) throw error;
    return { status: error.status, body: error.response as Record<string, unknown> };
  }
}

describe('concurrent updates', () => {
  it('keeps both edits of two profile fields sent at once, each with its base, every time', async () => {
    const user = await attendee();
    const users = user.client.collection('users');
    const lost: string[] = [];
    for (let trial = 0; trial < TRIALS; trial += 1) {
      const before = await users.getOne(user.id);
      const [title, company] = await Promise.all([
        outcome(users.update(user.id, { job_title: `Title ${trial}` }, { headers: baseHeader({ job_title: before.job_title }) })),
        outcome(users.update(user.id, { company: `Company ${trial}` }, { headers: baseHeader({ company: before.company }) })),
      ]);
      expect([title.status, company.status]).toEqual([200, 200]);
      expect([title.body.job_title, company.body.company]).toEqual([`Title ${trial}`, `Company ${trial}`]);
      const after = await su.collection('users').getOne(user.id);
      if (after.job_title !== `Title ${trial}` || after.company !== `Company ${trial}`) {
        lost.push(`trial ${trial}: ${after.job_title} / ${after.company}`);
      }
    }
    expect(lost).toEqual([]);
  });

  it('keeps both edits of two tool-record fields (a number and a select) sent at once, every time', async () => {
    const user = await attendee();
    const cases = user.client.collection('business_cases');
    const record = await cases.create({ owner: user.id, title: 'Case', status: 'draft', estimated_cost_cents: 0 });
    const lost: string[] = [];
    for (let trial = 0; trial < TRIALS; trial += 1) {
      const before = await cases.getOne(record.id);
      const status = before.status === 'draft' ? 'ready' : 'draft';
      const cost = (trial + 1) * 100;
      const [first, second] = await Promise.all([
        outcome(cases.update(record.id, { status }, { headers: baseHeader({ status: before.status }) })),
        outcome(cases.update(record.id, { estimated_cost_cents: cost }, { headers: baseHeader({ estimated_cost_cents: before.estimated_cost_cents }) })),
      ]);
      expect([first.status, second.status]).toEqual([200, 200]);
      const after = await su.collection('business_cases').getOne(record.id);
      if (after.status !== status || after.estimated_cost_cents !== cost) lost.push(`trial ${trial}: ${after.status} / ${after.estimated_cost_cents}`);
    }
    expect(lost).toEqual([]);
  });

  it('answers exactly one of two edits of the same field from the same base with 409, every time', async () => {
    const user = await attendee();
    const users = user.client.collection('users');
    const wrong: string[] = [];
    for (let trial = 0; trial < TRIALS; trial += 1) {
      const before = await users.getOne(user.id);
      const headers = baseHeader({ job_title: before.job_title });
      const answers = await Promise.all([
        outcome(users.update(user.id, { job_title: `Left ${trial}` }, { headers })),
        outcome(users.update(user.id, { job_title: `Right ${trial}` }, { headers })),
      ]);
      const statuses = answers.map((answer) => answer.status).sort();
      const winner = answers.find((answer) => answer.status === 200);
      const loser = answers.find((answer) => answer.status === 409);
      const stored = (await su.collection('users').getOne(user.id)).job_title;
      if (statuses.join() !== '200,409' || stored !== winner?.body.job_title) {
        wrong.push(`trial ${trial}: ${statuses.join()} stored ${stored}`);
        continue;
      }
      expect(loser?.body).toMatchObject({ message: 'Changed on the server since you edited it: job title.', data: { job_title: { code: 'sync_conflict' } } });
    }
    expect(wrong).toEqual([]);
  });

  it('leaves a field named in the base but not sent as the server has it, also while another device writes it', async () => {
    const user = await attendee();
    const users = user.client.collection('users');
    const lost: string[] = [];
    for (let trial = 0; trial < TRIALS; trial += 1) {
      const before = await users.getOne(user.id);
      const [title, company] = await Promise.all([
        outcome(users.update(user.id, { job_title: `Title ${trial}` }, {
          headers: baseHeader({ job_title: before.job_title, company: before.company }),
        })),
        outcome(su.collection('users').update(user.id, { company: `Server ${trial}` })),
      ]);
      expect([title.status, company.status]).toEqual([200, 200]);
      const after = await su.collection('users').getOne(user.id);
      if (after.job_title !== `Title ${trial}` || after.company !== `Server ${trial}`) lost.push(`trial ${trial}: ${after.job_title} / ${after.company}`);
    }
    expect(lost).toEqual([]);
  });

  it('keeps a JSON and a number field patched at once on a readiness assessment', async () => {
    const user = await attendee();
    const assessments = user.client.collection('readiness_assessments');
    const record = await assessments.create({ owner: user.id, status: 'in_progress', score: 0, answers: { 'data-quality': 1 } });
    const lost: string[] = [];
    for (let trial = 0; trial < TRIALS; trial += 1) {
      const before = await assessments.getOne(record.id);
      const answers = { 'data-quality': (trial % 5) + 1, 'strategy-vision': ((trial + 2) % 5) + 1 };
      const [first, second] = await Promise.all([
        outcome(assessments.update(record.id, { answers }, { headers: baseHeader({ answers: before.answers }) })),
        outcome(assessments.update(record.id, { score: trial + 1 }, { headers: baseHeader({ score: before.score }) })),
      ]);
      expect([first.status, second.status]).toEqual([200, 200]);
      const after = await su.collection('readiness_assessments').getOne(record.id);
      if (JSON.stringify(after.answers) !== JSON.stringify(answers) || after.score !== trial + 1) lost.push(`trial ${trial}`);
    }
    expect(lost).toEqual([]);
  });

  it('checks the shape of the row as it is saved: answers changed while another device completes the assessment', async () => {
    const user = await attendee();
    const assessments = user.client.collection('readiness_assessments');
    const answersOf = (value: number) => Object.fromEntries(DIMENSIONS.flatMap((dimension) => dimension.questions.map((question) => [question.id, value])));
    const [first, changed] = [answersOf(4), answersOf(2)];
    const result = assessReadiness(first)!;
    const incoherent: string[] = [];
    for (let trial = 0; trial < TRIALS; trial += 1) {
      const record = await assessments.create({ owner: user.id, status: 'in_progress', answers: first, framework_version: 1 });
      const answers = await Promise.all([
        outcome(assessments.update(record.id, { answers: changed }, { headers: baseHeader({ answers: first }) })),
        outcome(assessments.update(record.id, {
          status: 'completed', completed_at: '2026-11-26 10:00:00.000Z', score: result.score, level: result.level.name, dimension_scores: result.dimensionScores,
        }, { headers: baseHeader({ status: 'in_progress', completed_at: '', score: 0, level: '', dimension_scores: null }) })),
      ]);
      const stored = await su.collection('readiness_assessments').getOne(record.id);
      // completed with the answers it was scored on, or still in progress with the new answers; one of the two refused
      const coherent = stored.status === 'completed'
        ? isDeepStrictEqual(stored.answers, first) && stored.score === result.score
        : isDeepStrictEqual(stored.answers, changed);
      const statuses = answers.map((answer) => answer.status).sort().join();
      if (!coherent || statuses !== '200,400') incoherent.push(`trial ${trial}: ${statuses} ${stored.status} score ${stored.score}`);
    }
    expect(incoherent).toEqual([]);
  });

  it('keeps a file uploaded with a base while another field is written, and removes it through a base too', async () => {
    // None of the synced tool collections has a file field today; this server gets one for the test.
    const collection = await su.collections.getOne('business_cases');
    await su.collections.update('business_cases', {
      fields: [...collection.fields, { name: 'attachment', type: 'file', maxSelect: 2, maxSize: 1_000_000, mimeTypes: [] }],
    });
    const user = await attendee();
    const cases = user.client.collection('business_cases');
    const record = await cases.create({ owner: user.id, title: 'Case', status: 'draft' });
    const lost: string[] = [];
    let replaced: string[] = [];
    for (let trial = 0; trial < 5; trial += 1) {
      const before = await cases.getOne(record.id);
      const form = new FormData();
      form.append('attachment', new File([`plan ${trial}`], 'plan.txt', { type: 'text/plain' }));
      const [upload, title] = await Promise.all([
        outcome(cases.update(record.id, form, { headers: baseHeader({ attachment: before.attachment }) })),
        outcome(cases.update(record.id, { title: `Case ${trial}` }, { headers: baseHeader({ title: before.title }) })),
      ]);
      expect([upload.status, title.status]).toEqual([200, 200]);
      const stored = await su.collection('business_cases').getOne(record.id);
      const files = stored.attachment as string[];
      const text = files.length === 1 ? await (await fetch(su.files.getURL(stored, files[0]))).text() : '';
      if (stored.title !== `Case ${trial}` || text !== `plan ${trial}`) lost.push(`trial ${trial}: ${stored.title} / ${files.join()} ${text}`);
      // the file it replaced is gone from storage
      for (const name of replaced) expect((await fetch(su.files.getURL(stored, name))).status).toBe(404);
      replaced = files;
    }
    expect(lost).toEqual([]);

    await su.collection('business_cases').update(record.id, { title: 'Server title' });
    const removed = await cases.update(record.id, { 'attachment-': replaced }, { headers: baseHeader({ attachment: replaced }) });
    expect(removed).toMatchObject({ attachment: [], title: 'Server title' });
    expect((await fetch(su.files.getURL(removed, replaced[0]))).status).toBe(404);
  });

  it("keeps a password change sent beside a profile edit: the new password signs in, the old one doesn't", async () => {
    const user = await attendee();
    let { client, password } = user;
    for (let trial = 0; trial < 5; trial += 1) {
      const users = client.collection('users');
      const before = await users.getOne(user.id);
      const next = unique('new-pw-');
      const [change, profile] = await Promise.all([
        outcome(users.update(user.id, { password: next, passwordConfirm: next, oldPassword: password })),
        outcome(users.update(user.id, { job_title: `Title ${trial}` }, { headers: baseHeader({ job_title: before.job_title }) })),
      ]);
      expect(change.status).toBe(200);
      // The password change ends the session; a request it overtook is refused as signed out (404), never half-written.
      expect([200, 404]).toContain(profile.status);
      const stored = await su.collection('users').getOne(user.id);
      expect(stored.job_title).toBe(profile.status === 200 ? `Title ${trial}` : before.job_title);
      client = new PocketBase(server.url);
      client.autoCancellation(false);
      expect(await outcome(client.collection('users').authWithPassword(user.email, password))).toMatchObject({ status: 400 });
      await client.collection('users').authWithPassword(user.email, next);
      password = next;
    }
  });

  it('still refuses an email, role or verified change sent with a base, writing nothing', async () => {
    const user = await attendee();
    for (const change of [{ email: `${unique('moved')}@test.local` }, { role: 'administrator' }, { verified: false }]) {
      const error = await refusal(user.client.collection('users').update(user.id, { job_title: 'Changed', ...change }, {
        headers: baseHeader({ job_title: 'Analyst' }),
      }));
      expect(error.status).toBe(404);
    }
    expect(await su.collection('users').getOne(user.id)).toMatchObject({ email: user.email, role: 'attendee', verified: true, job_title: 'Analyst' });
  });

  it('answers an update with a base with the record exactly as the records API shows it', async () => {
    const user = await attendee();
    await su.collection('users').update(user.id, { company: 'Server Co' });
    const saved = await user.client.collection('users').update(user.id, { job_title: 'Lead' }, { headers: baseHeader({ job_title: 'Analyst' }) });
    const shown = await user.client.collection('users').getOne(user.id);
    expect(saved).toEqual(shown);
    expect(saved).toMatchObject({ job_title: 'Lead', company: 'Server Co', collectionName: 'users', email: user.email });
    expect(saved).not.toHaveProperty('password');
    expect(saved).not.toHaveProperty('tokenKey');
  });

  it('writes nothing for a bad base on a tool record', async () => {
    const user = await attendee();
    const cases = user.client.collection('business_cases');
    const record = await cases.create({ owner: user.id, title: 'Case', status: 'draft' });
    for (const headers of [{ 'X-Sync-Base': '%7B' }, baseHeader({ owner: user.id, nope: 1 })]) {
      const error = await refusal(cases.update(record.id, { title: 'Changed' }, { headers }));
      expect(error.status).toBe(400);
    }
    expect(await su.collection('business_cases').getOne(record.id)).toMatchObject({ title: 'Case', updated: record.updated });
  });
});
