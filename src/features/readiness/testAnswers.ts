// Answers for tests: every question of each dimension given, by dimension id.
import { DIMENSIONS } from './framework';
import type { Answers } from './scoring';

export function answersByDimension(byDimension: Record<string, number[]>): Answers {
  const answers: Answers = {};
  for (const dimension of DIMENSIONS) {
    const given = byDimension[dimension.id] ?? [];
    dimension.questions.forEach((question, index) => {
      const answer = given[index];
      if (answer !== undefined) answers[question.id] = answer;
    });
  }
  return answers;
}
