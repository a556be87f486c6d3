// The landing page's marketing copy (spec section 1 and 2), kept apart from layout.
import {
  IconBriefcase,
  IconClipboardCheck,
  IconCpu,
  IconMap2,
  IconPresentationAnalytics,
  IconRobot,
  IconRocket,
  IconRoute,
  IconSchool,
  IconTarget,
  IconUsersGroup,
  IconBolt,
  type Icon,
} from '@tabler/icons-react';

export interface FeatureCopy {
  title: string;
  text: string;
  icon: Icon;
}

export const HERO_LINE =
  'A hands-on, in-person masterclass in Adelaide for leaders ready to turn AI from hype into real business results.';

export const WHY_STATISTIC = '80%';
export const WHY_STATISTIC_TEXT = 'of AI projects fail because businesses are not ready.';
export const WHY_LEAD =
  'Most organisations jump into AI tools before they have the strategy, skills and business case to make them stick. This masterclass closes that gap in one focused afternoon, so you leave ready to lead.';

export const OUTCOMES: FeatureCopy[] = [
  { title: 'A 30-day action plan', text: 'Clear next steps to move from AI curiosity to measurable results within a month.', icon: IconRoute },
  { title: 'Live agent tools', text: 'Hands-on time with AI agents you can put to work straight away.', icon: IconBolt },
  { title: 'A pitch-ready business case', text: 'A compelling case to win support and budget from your leadership team.', icon: IconTarget },
  { title: 'Post-event access to real AI agents', text: 'Keep building after the day with continued access to working AI agents.', icon: IconRobot },
];

export const EXPERIENCES: FeatureCopy[] = [
  { title: 'AI Readiness Self-Assessment', text: 'Benchmark where your organisation stands today and pinpoint the gaps holding AI back.', icon: IconClipboardCheck },
  { title: 'AI Opportunity Mapping', text: 'Find the highest-value AI use cases across your teams, processes and customers.', icon: IconMap2 },
  { title: 'Build a Business Case for AI', text: 'Turn ideas into a pitch-ready case with costs, benefits and a clear path to return.', icon: IconPresentationAnalytics },
  { title: 'Live Demos & Agent Trials', text: 'See real AI agents at work, then try them yourself with expert guidance.', icon: IconRobot },
  { title: 'Upskilling & Strategy Support', text: 'Build the skills and the 30-day plan to lead AI adoption with confidence.', icon: IconSchool },
];

export const AUDIENCES: FeatureCopy[] = [
  { title: 'Business Leaders', text: 'Executives and founders who set direction and need AI to deliver real business value.', icon: IconBriefcase },
  { title: 'Mid-Senior Managers', text: 'Managers who turn AI strategy into results across their teams and processes.', icon: IconUsersGroup },
  { title: 'IT Professionals', text: 'Technical leaders who build, integrate and govern AI solutions in the business.', icon: IconCpu },
  {
    title: 'Transformation & Strategy Professionals',
    text: 'Transformation, innovation and strategy people, and ambitious professionals who want AI expertise.',
    icon: IconRocket,
  },
];
