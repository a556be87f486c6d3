import type { ReactNode } from 'react';
import { IconChecklist } from '@tabler/icons-react';
import framework from '@shared/readiness-framework.json';
import { ToolIntroPage } from './ToolIntroPage';

interface AiReadinessPageProps {
  /** Starts the assessment (or continues the one in progress). */
  onStart: () => void;
  /** The user's assessments so far, under the introduction. */
  children?: ReactNode;
}

const DIMENSIONS = framework.dimensions;
const QUESTION_COUNT = DIMENSIONS.reduce((sum, dimension) => sum + dimension.questions.length, 0);
const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const countWord = (count: number) => NUMBER_WORDS[count] ?? String(count);
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** The areas the results score, from the framework file the scoring reads (pb_hooks/shared/readiness-framework.json): 'Strategy: whether AI is tied to …'. */
export const READINESS_AREAS: string[] = DIMENSIONS.map((dimension) => `${dimension.name}: ${lowerFirst(dimension.description)}`);

export const READINESS_INTRO =
  `Find out how ready your organisation is to adopt AI. The questionnaire asks ${QUESTION_COUNT} questions across ` +
  `${countWord(DIMENSIONS.length)} areas, takes about ten minutes and gives you a readiness score for each area with practical next steps.`;

export function AiReadinessPage({ onStart, children }: AiReadinessPageProps) {
  return (
    <ToolIntroPage
      title="AI Readiness Assessment"
      intro={READINESS_INTRO}
      points={READINESS_AREAS}
      action="Start Assessment"
      icon={<IconChecklist size={28} />}
      onAction={onStart}
    >
      {children}
    </ToolIntroPage>
  );
}
