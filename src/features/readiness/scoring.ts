// Readiness scores. A dimension scores the mean of its answers mapped from
// 1..5 onto 0..100 (1 → 0, 3 → 50, 5 → 100), rounded to a whole number; the
// overall score is the rounded mean of the six dimension scores; the level is
// the highest whose lowest score the overall score reaches:
//   0–24 Exploring, 25–49 Emerging, 50–74 Scaling, 75–100 Leading.
// The server recomputes the same figures (pb_hooks/lib/tools/readiness-shape.js) and
// refuses a completed record whose score or level differ.
import { ANSWER_MAX, ANSWER_MIN, DIMENSIONS, LEVELS, isQuestionId, type ReadinessDimension, type ReadinessLevel } from './framework';

/** Question id → answer (a whole number 1..5). */
export type Answers = Record<string, number>;
/** Dimension id → score 0..100. */
export type DimensionScores = Record<string, number>;

export interface ReadinessResult {
  dimensionScores: DimensionScores;
  score: number;
  level: ReadinessLevel;
}

export const isAnswer = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= ANSWER_MIN && value <= ANSWER_MAX;

/** The answers of a stored record: known questions with valid answers only; anything else counts as unanswered. */
export function readAnswers(value: unknown): Answers {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter(([id, answer]) => isQuestionId(id) && isAnswer(answer)));
}

export const answeredCount = (answers: Answers, dimension?: ReadinessDimension) =>
  (dimension ? dimension.questions : DIMENSIONS.flatMap((d) => d.questions)).filter((question) => isAnswer(answers[question.id])).length;

/** The dimension's score 0..100 from the questions answered in it; null when none is. */
export function dimensionScore(dimension: ReadinessDimension, answers: Answers): number | null {
  const given = dimension.questions.map((question) => answers[question.id]).filter(isAnswer);
  if (given.length === 0) return null;
  const sum = given.reduce((total, answer) => total + answer, 0);
  return Math.round(((sum - given.length * ANSWER_MIN) * 100) / (given.length * (ANSWER_MAX - ANSWER_MIN)));
}

/** The level an overall score falls in; null for anything but a number 0..100. */
export function levelFor(score: number): ReadinessLevel | null {
  if (!Number.isFinite(score) || score < 0 || score > 100) return null;
  return [...LEVELS].reverse().find((level) => score >= level.min) ?? null;
}

export const findLevel = (name: string): ReadinessLevel | undefined => LEVELS.find((level) => level.name === name);

/** Scores and level once every question is answered; null while any is not. */
export function assessReadiness(answers: Answers): ReadinessResult | null {
  const dimensionScores: DimensionScores = {};
  for (const dimension of DIMENSIONS) {
    if (answeredCount(answers, dimension) < dimension.questions.length) return null;
    dimensionScores[dimension.id] = dimensionScore(dimension, answers) ?? 0;
  }
  const total = DIMENSIONS.reduce((sum, dimension) => sum + dimensionScores[dimension.id]!, 0);
  const score = Math.round(total / DIMENSIONS.length);
  const level = levelFor(score);
  return level ? { dimensionScores, score, level } : null;
}

/** Stored dimension scores, or those recomputed from the answers; only whole numbers 0..100 are kept. */
export function readDimensionScores(stored: unknown, answers: Answers): DimensionScores {
  const scores: DimensionScores = {};
  const given = stored && typeof stored === 'object' && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
  for (const dimension of DIMENSIONS) {
    const value = given[dimension.id];
    const score = typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 100 ? value : dimensionScore(dimension, answers);
    if (score !== null) scores[dimension.id] = score;
  }
  return scores;
}
