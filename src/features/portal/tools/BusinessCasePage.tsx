import type { ReactNode } from 'react';
import { IconFileAnalytics } from '@tabler/icons-react';
import { ToolIntroPage } from './ToolIntroPage';

interface BusinessCasePageProps {
  /** 'Create Business Case': starts a new case. */
  onCreate: () => void;
  /** Under the introduction: the user's business cases. */
  children?: ReactNode;
}

export function BusinessCasePage({ onCreate, children }: BusinessCasePageProps) {
  return (
    <ToolIntroPage
      title="Business Case Generator"
      intro="Build a pitch-ready business case for an AI initiative: the problem, the proposed solution, costs and benefits, risks and how you will measure success."
      points={[
        'Frame the problem and the opportunity',
        'Estimate costs and annual benefits',
        'Identify risks and how to manage them',
        'Set a timeline and success metrics',
      ]}
      action="Create Business Case"
      icon={<IconFileAnalytics size={28} />}
      onAction={onCreate}
    >
      {children}
    </ToolIntroPage>
  );
}
