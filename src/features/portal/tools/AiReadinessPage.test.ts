// The readiness introduction and the dashboard card name the areas the results score.
import { describe, expect, it } from 'vitest';
import framework from '@shared/readiness-framework.json';
import { portalTools } from '../portalTools';
import { READINESS_AREAS, READINESS_INTRO } from './AiReadinessPage';

describe('the readiness introduction', () => {
  it('lists every scored area of the framework, in its order', () => {
    expect(READINESS_AREAS).toHaveLength(framework.dimensions.length);
    framework.dimensions.forEach((dimension, index) => expect(READINESS_AREAS[index]).toMatch(new RegExp(`^${dimension.name}: `)));
    expect(READINESS_AREAS[0]).toBe('Strategy: whether AI is tied to business goals, owned by leaders and funded.');
  });

  it('says how many questions and areas there are', () => {
    const questions = framework.dimensions.reduce((sum, dimension) => sum + dimension.questions.length, 0);
    expect(READINESS_INTRO).toContain(`asks ${questions} questions across six areas`);
  });

  it("the dashboard card's description names each scored area", () => {
    const card = portalTools.find((tool) => tool.to === '/dashboard/ai-readiness')!;
    for (const dimension of framework.dimensions) expect(card.description.toLowerCase()).toContain(dimension.id);
  });
});
