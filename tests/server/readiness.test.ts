// Readiness assessments: owner-only records (nobody else lists, reads,
// writes or deletes them, nor creates one for someone else), and a shape the
// server checks on every create and update, on the record as it would be
// saved (devices send patches): known questions with answers 1..5, results
// that match the answers, and plan ticks of the assessment's own plan.
import { ClientResponseError } from 'pocketbase';
import type PocketBase from 'pocketbase';
import { beforeAll, describe, expect, it } from 'vitest';
import { assessReadiness } from '@/features/readiness/scoring';
import { DIMENSIONS } from '@/features/readiness/framework';
import { answersByDimension } from '@/features/readiness/testAnswers';
import type { TestServer } from '../support/pocketbase';
import { allowed, createUser, serverForFile, type TestUser } from './helpers';

let server: TestServer;
let su: PocketBase;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;

serverForFile((started) => ({ server, su } = started));

beforeAll(async () => {
  [owner, other, admin] = await Promise.all([
    createUser(server, su, 'attendee'), createUser(server, su, 'attendee'), createUser(server, su, 'administrator'),
  ]);
});

const collection = (user: TestUser) => user.client.collection('readiness_assessments');

async function refusal(request: Promise<unknown>): Promise<{ status: number; message: string; fields: string[]; data: Record<string, { message: string }> }> {
  const error = await request.then(() => null, (caught: unknown) => caught);
  if (!(error instanceof ClientResponseError)) throw new Error(`expected a refusal, got ${String(error)}`);
  const data = (error.response?.data ?? {}) as Record<string, { message: string }>;
  return { status: error.status, message: String(error.response?.message), fields: Object.keys(data), data };
}

// Worked by hand: dimension scores 100, 0, 50, 75, 38, 81 → (344 / 6 = 57.3) 57, Scaling;
// the plan's focus is data (0), governance (38), infrastructure (50).
const ANSWERS = answersByDimension({
  strategy: [5, 5, 5, 5], data: [1, 1, 1, 1], infrastructure: [3, 3, 3, 3],
  talent: [4, 4, 4, 4], governance: [2, 3, 2, 3], culture: [5, 4, 4, 4],
});
const RESULT = {
  status: 'completed', score: 57, level: 'Scaling', completed_at: '2025-06-18 02:00:00.000Z',
  dimension_scores: { strategy: 100, data: 0, infrastructure: 50, talent: 75, governance: 38, culture: 81 },
};

const startBody = (user: TestUser, answers: Record<string, unknown> = {}) => ({ owner: user.id, status: 'in_progress', answers, framework_version: 1 });

describe('readiness assessments are the owner\'s alone', () => {
  it('lets nobody else list, view, update or delete them, nor create one for someone else', async () => {
    const record = await collection(owner).create(startBody(owner, { 'strategy-vision': 3 }));

    expect((await collection(owner).getFullList()).map((row) => row.id)).toContain(record.id);
    for (const reader of [other, admin]) {
      expect(await collection(reader).getFullList()).toEqual([]);
      expect(await allowed(() => collection(reader).getOne(record.id))).toBe(false);
      expect(await allowed(() => collection(reader).update(record.id, { answers: { 'strategy-vision': 1 } }))).toBe(false);
      expect(await allowed(() => collection(reader).delete(record.id))).toBe(false);
    }
    expect(await allowed(() => server.guest().collection('readiness_assessments').getOne(record.id))).toBe(false);
    expect(await allowed(() => collection(other).create(startBody(owner)))).toBe(false);
    expect(await allowed(() => collection(owner).update(record.id, { owner: other.id }))).toBe(false);
    expect((await su.collection('readiness_assessments').getOne(record.id)).answers).toEqual({ 'strategy-vision': 3 });
  });
});

describe('the shape of an assessment', () => {
  it('refuses unknown questions and answers that are not whole numbers 1..5, with a clear message', async () => {
    const cases: [unknown, string][] = [
      [{ 'strategy-vision': 6 }, 'Each answer must be a whole number from 1 to 5.'],
      [{ 'strategy-vision': 0 }, 'Each answer must be a whole number from 1 to 5.'],
      [{ 'strategy-vision': 2.5 }, 'Each answer must be a whole number from 1 to 5.'],
      [{ 'strategy-vision': '3' }, 'Each answer must be a whole number from 1 to 5.'],
      [{ 'no-such-question': 3 }, 'Unknown question: no-such-question.'],
      [[3, 4], 'Answers must be an object of question ids and answers.'],
    ];
    for (const [answers, message] of cases) {
      const error = await refusal(collection(owner).create(startBody(owner, answers as Record<string, unknown>)));
      expect([error.status, error.fields, error.data.answers?.message], JSON.stringify(answers)).toEqual([400, ['answers'], message]);
    }
    const before = await collection(owner).getFullList();
    const saved = await collection(owner).create(startBody(owner, { 'strategy-vision': 1, 'culture-adoption': 5 }));
    const error = await refusal(collection(owner).update(saved.id, { answers: { 'strategy-vision': 9 } }));
    expect(error.status).toBe(400);
    expect((await collection(owner).getOne(saved.id)).answers).toEqual({ 'strategy-vision': 1, 'culture-adoption': 5 });
    expect((await collection(owner).getFullList()).length).toBe(before.length + 1);
  });

  it('refuses results on an assessment still in progress', async () => {
    const error = await refusal(collection(owner).create({ ...startBody(owner), level: 'Leading', plan_done: ['data-1'] }));
    expect([error.status, error.fields.sort()]).toEqual([400, ['level', 'plan_done']]);
  });

  it('completes through a patch of the result fields when they match the answers, and refuses any that do not', async () => {
    const record = await collection(owner).create(startBody(owner, ANSWERS));
    const wrong: [Record<string, unknown>, string, string][] = [
      [{ score: 58 }, 'score', 'The score does not match the answers (they give 57).'],
      [{ level: 'Leading' }, 'level', 'The level does not match the score (it is Scaling).'],
      [{ dimension_scores: { ...RESULT.dimension_scores, data: 10 } }, 'dimension_scores', 'The dimension scores do not match the answers.'],
      [{ completed_at: '' }, 'completed_at', 'A completed assessment needs its completion date.'],
    ];
    for (const [change, field, message] of wrong) {
      const error = await refusal(collection(owner).update(record.id, { ...RESULT, ...change }));
      expect([error.status, error.fields, error.data[field]?.message]).toEqual([400, [field], message]);
    }
    expect((await collection(owner).getOne(record.id)).status).toBe('in_progress');

    const completed = await collection(owner).update(record.id, RESULT);
    expect(completed).toMatchObject({ status: 'completed', score: 57, level: 'Scaling' });

    // Ticks: actions of this plan (data, governance, infrastructure), each once.
    await collection(owner).update(record.id, { plan_done: ['data-1', 'governance-4'] });
    for (const ticks of [['strategy-1'], ['data-1', 'data-1'], 'data-1', [7], ['no-such-action']]) {
      const error = await refusal(collection(owner).update(record.id, { plan_done: ticks }));
      expect([error.status, error.fields], JSON.stringify(ticks)).toEqual([400, ['plan_done']]);
    }
    // A patch of the answers alone is checked against the stored results.
    const error = await refusal(collection(owner).update(record.id, { answers: { ...ANSWERS, 'data-quality': 5 } }));
    expect(error.fields.sort()).toEqual(['dimension_scores', 'score']);
    expect((await collection(owner).getOne(record.id)).plan_done).toEqual(['data-1', 'governance-4']);
  });

  it('will not complete with a question unanswered', async () => {
    const partial = Object.fromEntries(Object.entries(ANSWERS).filter(([question]) => question !== 'culture-adoption'));
    const record = await collection(owner).create(startBody(owner, partial));
    const error = await refusal(collection(owner).update(record.id, RESULT));
    expect([error.status, error.data.answers?.message]).toEqual([400, 'A completed assessment needs an answer to every question (1 missing).']);
  });

  it('accepts the results the portal computes, for any answers', async () => {
    // A fixed spread of answer sets, so every dimension meets rounding (x.25, x.5, x.75) and every level.
    for (let seed = 0; seed < 12; seed += 1) {
      const answers = Object.fromEntries(DIMENSIONS.flatMap((dimension, d) =>
        dimension.questions.map((question, q) => [question.id, ((seed * 7 + d * 3 + q * (seed % 4 + 1)) % 5) + 1])));
      const result = assessReadiness(answers)!;
      const saved = await collection(owner).create({
        ...startBody(owner, answers), status: 'completed', completed_at: '2025-06-18 02:00:00.000Z',
        score: result.score, level: result.level.name, dimension_scores: result.dimensionScores,
      });
      expect(saved.score).toBe(result.score);
    }
  });
});
