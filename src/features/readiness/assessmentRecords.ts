// Reading the user's assessment records as stored on the device: the one in
// progress (resumed by 'Start Assessment') and the completed ones, newest
// first (the history; each retake is a record of its own).
import type { ReadinessAssessmentRow } from '@/db';
import { findAction } from './framework';
import { answeredCount, readAnswers } from './scoring';

/** A date as PocketBase writes it ('YYYY-MM-DD HH:MM:SS.sssZ'), so stored and pulled stamps sort together. */
export const pocketBaseStamp = (date: Date) => date.toISOString().replace('T', ' ');

/** Ticked action ids: known actions only, each once. */
export function readPlanDone(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return [...new Set(value.filter((id): id is string => typeof id === 'string' && findAction(id) !== undefined))];
}

export interface UserAssessments {
  /** The assessment to resume: the one in progress with the most answers. */
  inProgress?: ReadinessAssessmentRow;
  /** Newest first. */
  completed: ReadinessAssessmentRow[];
}

export function sortAssessments(rows: ReadinessAssessmentRow[]): UserAssessments {
  const completed = rows
    .filter((row) => row.status === 'completed')
    .sort((a, b) => (b.completed_at ?? '').localeCompare(a.completed_at ?? '') || a.id.localeCompare(b.id));
  const inProgress = rows
    .filter((row) => row.status !== 'completed')
    .sort((a, b) => answeredCount(readAnswers(b.answers)) - answeredCount(readAnswers(a.answers)) || a.id.localeCompare(b.id))[0];
  return { inProgress, completed };
}

/** The completed assessment before `row` in time, for "change since last time". */
export function previousOf(row: ReadinessAssessmentRow, completed: ReadinessAssessmentRow[]): ReadinessAssessmentRow | undefined {
  const index = completed.findIndex((candidate) => candidate.id === row.id);
  return index >= 0 ? completed[index + 1] : undefined;
}
