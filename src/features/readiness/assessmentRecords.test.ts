import { describe, expect, it } from 'vitest';
import type { ReadinessAssessmentRow } from '@/db';
import { previousOf, readPlanDone, sortAssessments } from './assessmentRecords';

const row = (id: string, fields: Partial<ReadinessAssessmentRow>): ReadinessAssessmentRow => ({
  id, updated: '', owner: 'u1', answers: {}, score: 0, level: '', status: 'in_progress', completed_at: '', ...fields,
});

describe('the user\'s assessments', () => {
  it('lists completed ones newest first and resumes the one in progress with the most answers', () => {
    const june10 = row('a', { status: 'completed', completed_at: '2025-06-10 01:00:00.000Z' });
    const june18 = row('b', { status: 'completed', completed_at: '2025-06-18 01:00:00.000Z' });
    const two = row('c', { answers: { 'strategy-vision': 3, 'data-quality': 2 } });
    const one = row('d', { answers: { 'strategy-vision': 3, 'not-a-question': 4 } });
    const { completed, inProgress } = sortAssessments([june10, one, june18, two]);
    expect(completed.map((r) => r.id)).toEqual(['b', 'a']);
    expect(inProgress?.id).toBe('c');
    expect(previousOf(june18, completed)?.id).toBe('a');
    expect(previousOf(june10, completed)).toBeUndefined();
  });

  it('reads plan ticks as known actions, each once', () => {
    expect(readPlanDone(['data-1', 'data-1', 'nope', 7, 'culture-4'])).toEqual(['data-1', 'culture-4']);
    expect(readPlanDone({ 'data-1': true })).toEqual([]);
  });
});
