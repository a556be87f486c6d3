// The readiness question set, its levels and the 30-day action library, read
// from the one file the server checks records against
// (pb_hooks/shared/readiness-framework.json), so the page and the server never
// disagree about which questions, answers, levels or actions exist.
import framework from '@shared/readiness-framework.json';

export interface ReadinessQuestion {
  id: string;
  text: string;
  /** The short "what this means" hint under the question. */
  hint: string;
}

export interface ReadinessAction {
  id: string;
  text: string;
}

export interface ReadinessDimension {
  id: string;
  name: string;
  description: string;
  /** Said of a strong dimension on the results page. */
  strength: string;
  /** Said of a weak dimension on the results page. */
  gap: string;
  questions: ReadinessQuestion[];
  /** One action for each week of the 30-day plan, week 1 first. */
  actions: ReadinessAction[];
}

export interface ReadinessLevel {
  name: string;
  /** The lowest overall score (0..100) of this level. */
  min: number;
  meaning: string;
}

export const FRAMEWORK_VERSION: number = framework.version;
export const ANSWER_MIN: number = framework.answerMin;
export const ANSWER_MAX: number = framework.answerMax;
export const ANSWER_SCALE: { value: number; label: string }[] = framework.scale;
export const DIMENSIONS: ReadinessDimension[] = framework.dimensions;
/** Lowest first; each level runs from its `min` up to the next level's `min` - 1. */
export const LEVELS: ReadinessLevel[] = framework.levels;
export const SOURCES: { name: string; use: string; url: string }[] = framework.sources;

export const QUESTIONS: ReadinessQuestion[] = DIMENSIONS.flatMap((dimension) => dimension.questions);
export const QUESTION_COUNT = QUESTIONS.length;
export const PLAN_WEEKS = 4;

const questionIds = new Set(QUESTIONS.map((question) => question.id));
export const isQuestionId = (id: string) => questionIds.has(id);

const actions = new Map(DIMENSIONS.flatMap((dimension) => dimension.actions.map((action) => [action.id, action] as const)));
export const findAction = (id: string): ReadinessAction | undefined => actions.get(id);

/** A dimension's name short enough for a chart axis or a list: "Infrastructure and technology" → "Infrastructure". */
export const shortName = (name: string) => name.split(' and ')[0]!;
