// The three attendee tools: one source for the sidebar, the dashboard cards and the tool pages.
import { IconBulb, IconChecklist, IconFileAnalytics, type Icon } from '@tabler/icons-react';

export interface PortalTool {
  /** Sidebar label. */
  navLabel: string;
  /** Dashboard card title. */
  title: string;
  description: string;
  to: '/dashboard/ai-readiness' | '/dashboard/business-case' | '/dashboard/use-case-generator';
  icon: Icon;
}

export const portalTools: readonly PortalTool[] = [
  {
    navLabel: 'AI Readiness',
    title: 'AI Readiness Questionnaire',
    description: 'Assess how ready your organisation is for AI across strategy, data, infrastructure, talent, governance and culture.',
    to: '/dashboard/ai-readiness',
    icon: IconChecklist,
  },
  {
    navLabel: 'Business Case',
    title: 'Business Case Generator',
    description: 'Turn an AI opportunity into a pitch-ready business case with costs, benefits and risks.',
    to: '/dashboard/business-case',
    icon: IconFileAnalytics,
  },
  {
    navLabel: 'Use Case Generator',
    title: 'Use Case Generator',
    description: 'Explore real AI use cases by industry and find the ones that fit your business.',
    to: '/dashboard/use-case-generator',
    icon: IconBulb,
  },
];
