import { describe, expect, it } from 'vitest';
import { selectPlan, strengthsAndGaps } from './actionPlan';

const ids = (weeks: { id: string }[][]) => weeks.map((week) => week.map((action) => action.id));

describe('the 30-day action plan', () => {
  it('takes each week\'s action from the three weakest dimensions, weakest first', () => {
    const plan = selectPlan({ strategy: 100, data: 0, infrastructure: 50, talent: 75, governance: 38, culture: 81 });
    expect(plan.focus.map((d) => d.id)).toEqual(['data', 'governance', 'infrastructure']);
    expect(ids(plan.weeks)).toEqual([
      ['data-1', 'governance-1', 'infrastructure-1'],
      ['data-2', 'governance-2', 'infrastructure-2'],
      ['data-3', 'governance-3', 'infrastructure-3'],
      ['data-4', 'governance-4', 'infrastructure-4'],
    ]);
  });

  it('breaks ties in the question set\'s order', () => {
    const plan = selectPlan({ strategy: 50, data: 50, infrastructure: 50, talent: 50, governance: 50, culture: 50 });
    expect(plan.focus.map((d) => d.id)).toEqual(['strategy', 'data', 'infrastructure']);
    const tied = selectPlan({ strategy: 90, data: 60, infrastructure: 20, talent: 60, governance: 20, culture: 60 });
    expect(tied.focus.map((d) => d.id)).toEqual(['infrastructure', 'governance', 'data']);
  });

  it('names strengths from 50 up, strongest first, and gaps below 50, weakest first', () => {
    const { strengths, gaps } = strengthsAndGaps({ strategy: 100, data: 0, infrastructure: 50, talent: 75, governance: 49, culture: 81 });
    expect(strengths.map((d) => d.id)).toEqual(['strategy', 'culture', 'talent']);
    expect(gaps.map((d) => d.id)).toEqual(['data', 'governance']);
  });

  it('has no strengths when every dimension is below 50 and no gaps when none is', () => {
    expect(strengthsAndGaps({ strategy: 10, data: 20, infrastructure: 30, talent: 40, governance: 49, culture: 0 }).strengths).toEqual([]);
    expect(strengthsAndGaps({ strategy: 50, data: 60, infrastructure: 70, talent: 80, governance: 90, culture: 100 }).gaps).toEqual([]);
  });
});
