import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { MasterclassDb } from '@/db';
import { IncompleteAssessmentError, completeAssessment, saveAnswer, setPlanActionDone, startAssessment } from './saveAssessment';
import { answersByDimension } from './testAnswers';

vi.mock('@/sync/requestSync', () => ({ requestSync: () => Promise.resolve() }));

const freshDb = () => new MasterclassDb('readiness-save-test', { indexedDB: new IDBFactory(), IDBKeyRange });
const OWNER = 'user00000000001';

async function answerAll(db: MasterclassDb, id: string, byDimension: Record<string, number[]>) {
  await Promise.all(Object.entries(answersByDimension(byDimension)).map(([question, answer]) => saveAnswer(db, id, question, answer)));
}

describe('saving an assessment', () => {
  it('creates an assessment in progress through the outbox', async () => {
    const db = freshDb();
    const id = await startAssessment(db, OWNER);
    expect(await db.readinessAssessments.get(id)).toMatchObject({ owner: OWNER, status: 'in_progress', answers: {}, level: '', plan_done: [] });
    expect((await db.outbox.toArray()).map((change) => [change.op, change.recordId])).toEqual([['create', id]]);
  });

  it('keeps every answer when several are given at once', async () => {
    const db = freshDb();
    const id = await startAssessment(db, OWNER);
    await Promise.all([saveAnswer(db, id, 'strategy-vision', 4), saveAnswer(db, id, 'data-quality', 2), saveAnswer(db, id, 'strategy-vision', 5)]);
    expect((await db.readinessAssessments.get(id))?.answers).toEqual({ 'strategy-vision': 5, 'data-quality': 2 });
    expect(await db.outbox.count()).toBe(4);
  });

  it('refuses an answer outside 1..5 or for an unknown question, changing nothing', async () => {
    const db = freshDb();
    const id = await startAssessment(db, OWNER);
    await expect(saveAnswer(db, id, 'strategy-vision', 6)).rejects.toThrow('Choose an answer from 1 to 5.');
    await expect(saveAnswer(db, id, 'strategy-vision', Number.NaN)).rejects.toThrow();
    await expect(saveAnswer(db, id, 'no-such-question', 3)).rejects.toThrow();
    expect((await db.readinessAssessments.get(id))?.answers).toEqual({});
    expect(await db.outbox.count()).toBe(1);
  });

  it('will not complete while a question is unanswered', async () => {
    const db = freshDb();
    const id = await startAssessment(db, OWNER);
    await answerAll(db, id, { strategy: [3, 3, 3, 3] });
    await expect(completeAssessment(db, id)).rejects.toBeInstanceOf(IncompleteAssessmentError);
    expect((await db.readinessAssessments.get(id))?.status).toBe('in_progress');
  });

  it('completes with the scores, level and date, then saves ticks of its own plan only', async () => {
    const db = freshDb();
    const id = await startAssessment(db, OWNER);
    await answerAll(db, id, {
      strategy: [5, 5, 5, 5], data: [1, 1, 1, 1], infrastructure: [3, 3, 3, 3],
      talent: [4, 4, 4, 4], governance: [2, 3, 2, 3], culture: [5, 4, 4, 4],
    });
    await completeAssessment(db, id);
    const completed = await db.readinessAssessments.get(id);
    expect(completed).toMatchObject({
      status: 'completed', score: 57, level: 'Scaling',
      dimension_scores: { strategy: 100, data: 0, infrastructure: 50, talent: 75, governance: 38, culture: 81 },
    });
    expect(completed?.completed_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}Z$/);

    await setPlanActionDone(db, id, 'data-1', true);
    await setPlanActionDone(db, id, 'governance-2', true);
    await setPlanActionDone(db, id, 'strategy-1', true); // not in this plan
    await setPlanActionDone(db, id, 'data-1', false);
    expect((await db.readinessAssessments.get(id))?.plan_done).toEqual(['governance-2']);
    // An answer after completion changes nothing.
    await saveAnswer(db, id, 'data-quality', 5);
    expect((await db.readinessAssessments.get(id))?.answers).toMatchObject({ 'data-quality': 1 });
  });
});
