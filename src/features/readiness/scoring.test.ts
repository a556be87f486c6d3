import { describe, expect, it } from 'vitest';
import { DIMENSIONS, QUESTION_COUNT } from './framework';
import { answeredCount, assessReadiness, dimensionScore, levelFor, readAnswers, readDimensionScores } from './scoring';
import { answersByDimension } from './testAnswers';

const dimension = (id: string) => DIMENSIONS.find((candidate) => candidate.id === id)!;

describe('readiness scoring', () => {
  it('has six dimensions of four questions', () => {
    expect(DIMENSIONS.map((d) => d.id)).toEqual(['strategy', 'data', 'infrastructure', 'talent', 'governance', 'culture']);
    expect(DIMENSIONS.map((d) => d.questions.length)).toEqual([4, 4, 4, 4, 4, 4]);
    expect(QUESTION_COUNT).toBe(24);
  });

  it('maps the mean answer of a dimension from 1..5 onto 0..100, rounded', () => {
    const answers = answersByDimension({
      strategy: [5, 5, 5, 5], // mean 5 → 100
      data: [1, 1, 1, 1], // mean 1 → 0
      infrastructure: [3, 3, 3, 3], // mean 3 → 50
      talent: [4, 4, 4, 4], // mean 4 → 75
      governance: [2, 3, 2, 3], // mean 2.5 → 37.5 → 38
      culture: [5, 4, 4, 4], // mean 4.25 → 81.25 → 81
    });
    expect(DIMENSIONS.map((d) => dimensionScore(d, answers))).toEqual([100, 0, 50, 75, 38, 81]);
  });

  it('scores a half-answered dimension from the answers given, and an unanswered one not at all', () => {
    const answers = answersByDimension({ data: [2, 5] }); // mean 3.5 → 62.5 → 63
    expect(dimensionScore(dimension('data'), answers)).toBe(63);
    expect(dimensionScore(dimension('strategy'), answers)).toBeNull();
  });

  it('gives the overall score as the rounded mean of the dimension scores, with its level', () => {
    const result = assessReadiness(answersByDimension({
      strategy: [5, 5, 5, 5], data: [1, 1, 1, 1], infrastructure: [3, 3, 3, 3],
      talent: [4, 4, 4, 4], governance: [2, 3, 2, 3], culture: [5, 4, 4, 4],
    }));
    // (100 + 0 + 50 + 75 + 38 + 81) / 6 = 344 / 6 = 57.33 → 57
    expect(result).toMatchObject({
      dimensionScores: { strategy: 100, data: 0, infrastructure: 50, talent: 75, governance: 38, culture: 81 },
      score: 57,
    });
    expect(result?.level.name).toBe('Scaling');
  });

  it('gives every 1 the score 0 (Exploring) and every 5 the score 100 (Leading)', () => {
    const all = (answer: number) => answersByDimension(Object.fromEntries(DIMENSIONS.map((d) => [d.id, [answer, answer, answer, answer]])));
    expect(assessReadiness(all(1))).toMatchObject({ score: 0, level: { name: 'Exploring' } });
    expect(assessReadiness(all(5))).toMatchObject({ score: 100, level: { name: 'Leading' } });
  });

  it('gives no result while any question is unanswered', () => {
    const answers = answersByDimension(Object.fromEntries(DIMENSIONS.map((d) => [d.id, [3, 3, 3, 3]])));
    delete answers['culture-adoption'];
    expect(answeredCount(answers)).toBe(23);
    expect(assessReadiness(answers)).toBeNull();
  });

  it('puts each level boundary in the higher level', () => {
    const names = (scores: number[]) => scores.map((score) => levelFor(score)?.name ?? null);
    expect(names([0, 24, 25, 49, 50, 74, 75, 100])).toEqual(['Exploring', 'Exploring', 'Emerging', 'Emerging', 'Scaling', 'Scaling', 'Leading', 'Leading']);
  });

  it('has no level for a score outside 0..100 or not a number', () => {
    expect([-1, 101, Number.NaN, Infinity].map(levelFor)).toEqual([null, null, null, null]);
  });

  it('treats unknown questions and answers outside 1..5 or not whole as unanswered', () => {
    expect(readAnswers({ 'strategy-vision': 3, 'strategy-sponsor': 6, 'data-quality': 2.5, 'data-access': '4', nope: 2 }))
      .toEqual({ 'strategy-vision': 3 });
    expect(readAnswers([3, 4])).toEqual({});
    expect(readAnswers(null)).toEqual({});
  });

  it('reads stored dimension scores, recomputing the ones that are missing or not 0..100', () => {
    const answers = answersByDimension({ data: [5, 5, 5, 5] });
    expect(readDimensionScores({ strategy: 40, data: 'high', talent: 140 }, answers)).toEqual({ strategy: 40, data: 100 });
  });
});
