import { IconChecklist } from '@tabler/icons-react';
import { ToolIntroPage } from './ToolIntroPage';

export function AiReadinessPage() {
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
    />
  );
}
