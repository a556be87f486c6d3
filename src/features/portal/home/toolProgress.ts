// Each attendee tool's state for 'Your Progress', from the user's own records:
// - AI Readiness: done once an assessment is completed (with the latest
//   level), in progress while one is being answered, else not started;
// - Business Case: done when a case is marked ready, in progress while only
//   drafts exist (with the number of cases);
// - Use Case Exploration: done once a use case is saved.
import type { BusinessCaseRow, ReadinessAssessmentRow } from '@/db';
import readinessFramework from '@shared/readiness-framework.json';

export interface ToolProgress {
  key: 'readiness' | 'business-case' | 'use-cases';
  tool: string;
  state: 'not_started' | 'in_progress' | 'done';
  label: string;
  /** The bar's fill when the state alone does not say it (answers given so far). */
  percent?: number;
}

/** Questions in the readiness assessment (the question set the tool and the server share). */
const READINESS_QUESTIONS = readinessFramework.dimensions.reduce((count, dimension) => count + dimension.questions.length, 0);
const NOT_STARTED = 'Not started';
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function answered(row: ReadinessAssessmentRow): number {
  const answers = row.answers;
  if (!answers || typeof answers !== 'object' || Array.isArray(answers)) return 0;
  return Math.min(Object.values(answers).filter((answer) => typeof answer === 'number').length, READINESS_QUESTIONS);
}

function readiness(assessments: ReadinessAssessmentRow[]): ToolProgress {
  const base = { key: 'readiness', tool: 'AI Readiness Assessment' } as const;
  const completed = assessments
    .filter((row) => row.status === 'completed')
    .sort((a, b) => (b.completed_at ?? '').localeCompare(a.completed_at ?? ''));
  const latest = completed[0];
  if (latest) {
    const score = Number.isFinite(latest.score) ? ` (${latest.score}/100)` : '';
    return { ...base, state: 'done', label: `Done · ${latest.level || 'Completed'}${score}` };
  }
  const inProgress = assessments.reduce((most, row) => Math.max(most, answered(row)), -1);
  if (inProgress < 0) return { ...base, state: 'not_started', label: NOT_STARTED };
  return {
    ...base,
    state: 'in_progress',
    label: `In progress · ${inProgress} of ${READINESS_QUESTIONS} answered`,
    percent: Math.max(5, Math.round((inProgress / READINESS_QUESTIONS) * 100)),
  };
}

function businessCase(cases: BusinessCaseRow[]): ToolProgress {
  const base = { key: 'business-case', tool: 'Business Case' } as const;
  if (cases.length === 0) return { ...base, state: 'not_started', label: NOT_STARTED };
  const ready = cases.filter((row) => row.status === 'ready').length;
  const count = plural(cases.length, 'business case', 'business cases');
  return ready > 0
    ? { ...base, state: 'done', label: `Done · ${count}, ${ready} ready` }
    : { ...base, state: 'in_progress', label: `In progress · ${count}` };
}

function exploration(saved: number): ToolProgress {
  const base = { key: 'use-cases', tool: 'Use Case Exploration' } as const;
  return saved > 0
    ? { ...base, state: 'done', label: `Done · ${plural(saved, 'use case', 'use cases')} saved` }
    : { ...base, state: 'not_started', label: NOT_STARTED };
}

export function toolProgress(assessments: ReadinessAssessmentRow[], cases: BusinessCaseRow[], savedUseCases: number): ToolProgress[] {
  return [readiness(assessments), businessCase(cases), exploration(savedUseCases)];
}
