import { describe, expect, it } from 'vitest';
import type { BusinessCaseRow, ReadinessAssessmentRow } from '@/db';
import { toolProgress } from './toolProgress';

const assessment = (fields: Partial<ReadinessAssessmentRow>): ReadinessAssessmentRow => ({
  id: Math.random().toString(36).slice(2), updated: '', owner: 'u1', answers: {}, score: 0, level: '', status: 'in_progress', completed_at: '', ...fields,
});
const businessCase = (status: BusinessCaseRow['status']) => ({ id: Math.random().toString(36).slice(2), status }) as BusinessCaseRow;
const labels = (...args: Parameters<typeof toolProgress>) => toolProgress(...args).map((item) => [item.state, item.label]);

describe("'Your Progress'", () => {
  it('says Not started for every tool without records', () => {
    expect(labels([], [], 0)).toEqual([['not_started', 'Not started'], ['not_started', 'Not started'], ['not_started', 'Not started']]);
  });

  it('shows an assessment in progress with the answers given, and a completed one with the latest level', () => {
    const half = assessment({ answers: { 'strategy-vision': 3, 'data-quality': 4, 'talent-literacy': 1 } });
    expect(toolProgress([half], [], 0)[0]).toMatchObject({ state: 'in_progress', label: 'In progress · 3 of 24 answered', percent: 13 });
    const older = assessment({ status: 'completed', score: 40, level: 'Emerging', completed_at: '2025-06-10 01:00:00.000Z' });
    const newer = assessment({ status: 'completed', score: 62, level: 'Scaling', completed_at: '2025-06-18 01:00:00.000Z' });
    expect(toolProgress([newer, half, older], [], 0)[0]).toMatchObject({ state: 'done', label: 'Done · Scaling (62/100)' });
  });

  it('counts business cases, done once one is ready, and saved use cases', () => {
    expect(labels([], [businessCase('draft')], 1).slice(1)).toEqual([['in_progress', 'In progress · 1 business case'], ['done', 'Done · 1 use case saved']]);
    expect(labels([], [businessCase('draft'), businessCase('ready'), businessCase('ready')], 3)[1]).toEqual(['done', 'Done · 3 business cases, 2 ready']);
  });
});
