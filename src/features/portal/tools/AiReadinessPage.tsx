import type { ReactNode } from 'react';
import { IconChecklist } from '@tabler/icons-react';
import { ToolIntroPage } from './ToolIntroPage';

interface AiReadinessPageProps {
  /** Starts the assessment (or continues the one in progress). */
  onStart: () => void;
  /** The user's assessments so far, under the introduction. */
  children?: ReactNode;
}

export function AiReadinessPage({ onStart, children }: AiReadinessPageProps) {
  return (
    <ToolIntroPage
      title="AI Readiness Assessment"
      intro="Find out how ready your organisation is to adopt AI. The questionnaire takes about ten minutes and gives you a readiness score with practical next steps."
      points={[
        'Strategy and leadership alignment',
        'Data quality and availability',
        'People, skills and culture',
        'Governance, risk and ethics',
      ]}
      action="Start Assessment"
      icon={<IconChecklist size={28} />}
      onAction={onStart}
    >
      {children}
    </ToolIntroPage>
  );
}
