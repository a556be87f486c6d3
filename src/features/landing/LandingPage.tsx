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
  // Only the server's event or the copy the device kept: never one made up while it loads or when it cannot be read.
  const event = eventState.status === 'ready' ? eventState.value : null;
  const unavailable = eventState.status === 'failed' ? eventState.reason : null;
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
        <HeroSection event={event} phase={phase} unavailable={unavailable} showWaitlistForm={showWaitlistForm} />
        <WhySection phase={phase} />
        <ExperienceSection />
        <AudienceSection />
        {/* With no event to show, the hero's message is the one thing said: no speaker message, facts or call to action beside it. */}
        {!(unavailable && speakers.status === 'failed') && <SpeakersSection speakers={speakers} />}
        {!unavailable && <EventDetailsSection event={event} phase={phase} speakers={speakers} />}
        {!unavailable && <ClosingCtaSection event={event} phase={phase} />}
      </main>
      <LandingFooter />
    </div>
  );
}
