// The landing's sections below the hero, a chunk of their own (./deferredSections.tsx):
// each reads the page's data from the store the landing page fills (./lowerData.ts).
import { AudienceSection } from './components/AudienceSection';
import { ClosingCtaSection } from './components/ClosingCtaSection';
import { EventDetailsSection } from './components/EventDetailsSection';
import { ExperienceSection } from './components/ExperienceSection';
import { SpeakersSection } from './components/SpeakersSection';
import { WhySection } from './components/WhySection';
import { useLowerData } from './lowerData';

export function Why() {
  return <WhySection phase={useLowerData().phase} />;
}

export function Experience() {
  return <ExperienceSection />;
}

export function Audience() {
  return <AudienceSection />;
}

export function Speakers() {
  const { speakers, unavailable } = useLowerData();
  // With no event to show, the hero's message is the one thing said: no speaker message, facts or call to action beside it.
  if (unavailable && speakers.status === 'failed') return null;
  return <SpeakersSection speakers={speakers} />;
}

export function Details() {
  const { event, phase, speakers, unavailable, texts } = useLowerData();
  if (unavailable) return null;
  return <EventDetailsSection event={event} phase={phase} speakers={speakers} texts={texts} />;
}

export function Closing() {
  const { event, phase, unavailable, texts } = useLowerData();
  if (unavailable) return null;
  return <ClosingCtaSection event={event} phase={phase} texts={texts} />;
}
