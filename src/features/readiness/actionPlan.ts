// The 30-day action plan: four weeks of actions from the weakest dimensions.
// The three lowest-scoring dimensions are the plan's focus (equal scores keep
// the question set's order: strategy, data, infrastructure, talent,
// governance, culture); each week lists the focus dimensions' action for that
// week, weakest dimension first.
import { DIMENSIONS, PLAN_WEEKS, type ReadinessAction, type ReadinessDimension } from './framework';
import type { DimensionScores } from './scoring';

export const PLAN_FOCUS = 3;
/** A dimension at or above this score is a strength; below it, a gap (the Scaling level starts here). */
export const STRENGTH_MIN = 50;

export interface PlanAction extends ReadinessAction {
  dimension: ReadinessDimension;
}

export interface ActionPlan {
  focus: ReadinessDimension[];
  /** PLAN_WEEKS weeks, week 1 first. */
  weeks: PlanAction[][];
}

/** Dimensions with a score, weakest first; equal scores in the question set's order. */
export function weakestFirst(scores: DimensionScores): ReadinessDimension[] {
  return DIMENSIONS.map((dimension, order) => ({ dimension, order, score: scores[dimension.id] }))
    .filter((entry): entry is { dimension: ReadinessDimension; order: number; score: number } => typeof entry.score === 'number')
    .sort((a, b) => a.score - b.score || a.order - b.order)
    .map((entry) => entry.dimension);
}

export function selectPlan(scores: DimensionScores): ActionPlan {
  const focus = weakestFirst(scores).slice(0, PLAN_FOCUS);
  const weeks = Array.from({ length: PLAN_WEEKS }, (_, week) =>
    focus.flatMap((dimension) => {
      const action = dimension.actions[week];
      return action ? [{ ...action, dimension }] : [];
    }),
  );
  return { focus, weeks };
}

/** Strengths strongest first and gaps weakest first, at most three of each. */
export function strengthsAndGaps(scores: DimensionScores): { strengths: ReadinessDimension[]; gaps: ReadinessDimension[] } {
  const ordered = weakestFirst(scores);
  const gaps = ordered.filter((dimension) => scores[dimension.id]! < STRENGTH_MIN).slice(0, 3);
  const strengths = DIMENSIONS.map((dimension, order) => ({ dimension, order, score: scores[dimension.id] }))
    .filter((entry) => typeof entry.score === 'number' && entry.score >= STRENGTH_MIN)
    .sort((a, b) => b.score! - a.score! || a.order - b.order)
    .slice(0, 3)
    .map((entry) => entry.dimension);
  return { strengths, gaps };
}
