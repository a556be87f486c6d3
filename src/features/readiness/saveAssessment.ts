// Every readiness write goes through the outbox (queueChange): the device's
// row changes at once and the sync engine sends it when it can. Each retake
// is a new record; an answer, the completion and each plan tick are updates
// of that record. Writes run one after another and read the stored row
// first, so two quick answers never overwrite each other.
import type { MasterclassDb, ReadinessAssessmentRow } from '@/db';
import { queueChange } from '@/sync';
import { FRAMEWORK_VERSION, PLAN_WEEKS, isQuestionId } from './framework';
import { selectPlan } from './actionPlan';
import { assessReadiness, isAnswer, readAnswers, readDimensionScores } from './scoring';
import { pocketBaseStamp, readPlanDone } from './assessmentRecords';

let pending: Promise<unknown> = Promise.resolve();
/** Runs `write` after every earlier readiness write has finished. */
function inTurn<T>(write: () => Promise<T>): Promise<T> {
  const next = pending.then(write, write);
  pending = next.catch(() => undefined);
  return next;
}

export class AssessmentNotFoundError extends Error {
  constructor() {
    super('This assessment is not on this device.');
  }
}

async function storedAssessment(db: MasterclassDb, id: string): Promise<ReadinessAssessmentRow> {
  const row = await db.readinessAssessments.get(id);
  if (!row) throw new AssessmentNotFoundError();
  return row;
}

/** A new assessment for `owner`; returns its id. */
export function startAssessment(db: MasterclassDb, owner: string): Promise<string> {
  return inTurn(() =>
    queueChange(db, {
      collection: 'readiness_assessments',
      op: 'create',
      patch: {
        owner, status: 'in_progress', answers: {}, score: 0, level: '', completed_at: '',
        dimension_scores: {}, plan_done: [], framework_version: FRAMEWORK_VERSION,
      },
    }),
  );
}

/** Saves one answer (a whole number 1..5) of an assessment in progress. */
export function saveAnswer(db: MasterclassDb, id: string, questionId: string, answer: number): Promise<void> {
  if (!isQuestionId(questionId) || !isAnswer(answer)) return Promise.reject(new RangeError('Choose an answer from 1 to 5.'));
  return inTurn(async () => {
    const row = await storedAssessment(db, id);
    if (row.status === 'completed') return;
    const answers = { ...readAnswers(row.answers), [questionId]: answer };
    await queueChange(db, { collection: 'readiness_assessments', recordId: id, op: 'update', patch: { answers } });
  });
}

export class IncompleteAssessmentError extends Error {
  constructor() {
    super('Some questions are not answered yet.');
  }
}

/** Completes an assessment whose every question is answered: scores, level and the plan's start. */
export function completeAssessment(db: MasterclassDb, id: string): Promise<void> {
  return inTurn(async () => {
    const row = await storedAssessment(db, id);
    if (row.status === 'completed') return;
    const result = assessReadiness(readAnswers(row.answers));
    if (!result) throw new IncompleteAssessmentError();
    await queueChange(db, {
      collection: 'readiness_assessments',
      recordId: id,
      op: 'update',
      patch: {
        status: 'completed', score: result.score, level: result.level.name, dimension_scores: result.dimensionScores,
        completed_at: pocketBaseStamp(new Date()), plan_done: [], framework_version: FRAMEWORK_VERSION,
      },
    });
  });
}

/** Ticks or unticks one action of a completed assessment's 30-day plan. */
export function setPlanActionDone(db: MasterclassDb, id: string, actionId: string, done: boolean): Promise<void> {
  return inTurn(async () => {
    const row = await storedAssessment(db, id);
    if (row.status !== 'completed') return;
    const plan = selectPlan(readDimensionScores(row.dimension_scores, readAnswers(row.answers)));
    const inPlan = new Set(plan.weeks.slice(0, PLAN_WEEKS).flat().map((action) => action.id));
    if (!inPlan.has(actionId)) return;
    const current = readPlanDone(row.plan_done);
    const next = done ? [...new Set([...current, actionId])] : current.filter((ticked) => ticked !== actionId);
    if (next.length === current.length && next.every((ticked, index) => ticked === current[index])) return;
    await queueChange(db, { collection: 'readiness_assessments', recordId: id, op: 'update', patch: { plan_done: next } });
  });
}
