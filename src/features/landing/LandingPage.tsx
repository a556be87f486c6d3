import { PUBLISHED_EVENT } from '@/lib/publishedEvent';
import { AudienceSection } from './components/AudienceSection';
import { ClosingCtaSection } from './components/ClosingCtaSection';
import { EventDetailsSection } from './components/EventDetailsSection';
import { ExperienceSection } from './components/ExperienceSection';
import { HeroSection } from './components/HeroSection';
import { LandingFooter } from './components/LandingFooter';
import { LandingHeader } from './components/LandingHeader';
import { SpeakersSection } from './components/SpeakersSection';
import { WhySection } from './components/WhySection';
import { fetchMasterclassEvent } from './eventRecord';
import { fetchSpeakers, speakersOf, type Speaker } from './speakers';
import { useEventPhase } from './useEventPhase';
import { useLoadable, type Loadable } from './useLoadable';
import classes from './LandingPage.module.css';

export interface LandingPageProps {
  /** Shows the hidden waitlist shortcut form in the hero (route search `showWaitlistForm=true`). */
  showWaitlistForm?: boolean;
}

export function LandingPage({ showWaitlistForm = false }: LandingPageProps) {
  const eventState = useLoadable(fetchMasterclassEvent, 'the event');
  const allSpeakers = useLoadable(fetchSpeakers, 'the speakers');
  // Facts stay on the page when the record cannot be read: the published ones stand in.
  const event = eventState.status === 'loading' ? null : eventState.status === 'ready' ? eventState.value : PUBLISHED_EVENT;
  // Every section speaks in the tense of the event's phase (before, during, after).
  const phase = useEventPhase(event);
  // The featured masterclass's own speakers, once it is known which one that is.
  const speakers: Loadable<Speaker[]> =
    allSpeakers.status !== 'ready' ? allSpeakers
    : eventState.status === 'loading' ? { status: 'loading' }
    : { status: 'ready', value: speakersOf(allSpeakers.value, eventState.status === 'ready' ? eventState.value.id : null) };

  return (
    <div className={classes.page}>
      <LandingHeader />
      <main>
        <HeroSection event={event} phase={phase} showWaitlistForm={showWaitlistForm} />
        <WhySection phase={phase} />
        <ExperienceSection />
        <AudienceSection />
        <SpeakersSection speakers={speakers} />
        <EventDetailsSection event={event} phase={phase} speakers={speakers} />
        <ClosingCtaSection event={event} phase={phase} />
      </main>
      <LandingFooter />
    </div>
  );
}
