import { startTransition, useEffect, useMemo, useState } from 'react';
import { HeroSection } from './components/HeroSection';
import { LandingFooter } from './components/LandingFooter';
import { LandingHeader } from './components/LandingHeader';
import { embeddedLanding } from './embeddedLanding';
import { fetchMasterclassEvent, type LandingEvent } from './eventRecord';
import { heroView } from './heroView';
import { markLandingLeft, publishLowerData } from './lowerData';
import { LowerSection, useLowerSectionsWatch } from './deferredSections';
import { fetchSpeakers, speakersOf } from './speakers';
import { NextMasterclassLine } from './components/NextMasterclassLine';
import { embeddedNextMasterclass, fetchMasterclasses, nextFromList } from './nextMasterclass';
import { useEventPhase } from './useEventPhase';
import { useLoadable } from './useLoadable';
import classes from './LandingPage.module.css';

export interface LandingPageProps {
  /** Shows the hidden waitlist shortcut form in the hero (route search `showWaitlistForm=true`). */
  showWaitlistForm?: boolean;
}

/** The server's event read again once the page is idle; a copy kept on the device never replaces what the server put into the page. */
async function fetchLiveEvent(): Promise<LandingEvent> {
  const answer = await fetchMasterclassEvent();
  if (!answer.live) throw new Error('No connection: the page keeps the masterclass the server sent.');
  return answer;
}

/** Whether the landing page has rendered in this tab before (its first render hydrates the server's markup). */
let renderedBefore = false;

/**
 * False while React hydrates the server's markup, true in every render after it. The
 * switch is a transition: the page rendering again with its own words is not urgent,
 * and an external store's answer changing after hydration made React render the whole
 * page again at once, a long task on a phone.
 */
function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(renderedBefore);
  useEffect(() => {
    renderedBefore = true;
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}

export function LandingPage({ showWaitlistForm = false }: LandingPageProps) {
  // The featured masterclass the server put into the page (pocketbase/landing.go), if it did.
  const embedded = embeddedLanding();
  const eventState = useLoadable(embedded ? fetchLiveEvent : fetchMasterclassEvent, 'the event', embedded ? { event: embedded.event, live: true } : undefined);
  const speakers = useLoadable(fetchSpeakers, 'the speakers');
  // The published masterclasses still to come: the one on sale beside a featured one that is not.
  const series = useLoadable(fetchMasterclasses, 'the masterclasses');
  // Only the server's event or the copy the device kept: never one made up while it loads or when it cannot be read.
  const landing = eventState.status === 'ready' ? eventState.value : null;
  const event = landing?.event ?? null;
  const live = landing?.live ?? false;
  const unavailable = eventState.status === 'failed' ? eventState.reason : null;
  // Every section speaks in the tense of the event's phase (before, during, after).
  const phase = useEventPhase(event);
  // While hydrating, the hero says exactly what the server filled in. After, the server's words stand
  // while they are about the same event in the same phase (so the page creates no date formatter, whose
  // time zone data costs a phone ~100 ms, while it starts); otherwise the app says them itself.
  const hydrated = useHydrated();
  const serverWords = embedded !== null && (!hydrated || (event === embedded.event && phase === embedded.hero.phase));
  const view = useMemo(() => (!serverWords && event && phase ? heroView(event, phase, live) : null), [serverWords, event, phase, live]);
  const hero = embedded && serverWords ? embedded.hero : view;
  // "Next: … — Register" once hydrated (the server's markup has no such line): from the list once read, else as the server said.
  const next =
    !hydrated || !event || !phase ? null
    : series.status === 'ready' ? nextFromList(series.value, event.id)
    : embeddedNextMasterclass();

  useEffect(() => {
    // The featured masterclass's own speakers, once it is known which one that is.
    const ownSpeakers =
      speakers.status !== 'ready' ? speakers
      : eventState.status === 'loading' ? ({ status: 'loading' } as const)
      : { status: 'ready' as const, value: speakersOf(speakers.value, event?.id ?? null) };
    // The server's words for the event's dates while the event is the one it sent.
    const texts = embedded && event === embedded.event ? embedded.hero.texts : null;
    publishLowerData({ event, phase, speakers: ownSpeakers, unavailable, texts });
  }, [embedded, event, phase, speakers, eventState.status, unavailable]);
  useLowerSectionsWatch();
  // Shown again later, the sections render afresh rather than over the prerendered markup.
  useEffect(() => markLandingLeft, []);

  return (
    <div className={classes.page}>
      <LandingHeader />
      <main>
        <HeroSection view={hero} unavailable={unavailable} showWaitlistForm={showWaitlistForm} next={next && <NextMasterclassLine next={next} />} />
        <LowerSection name="Why" />
        <LowerSection name="Experience" />
        <LowerSection name="Audience" />
        <LowerSection name="Speakers" />
        <LowerSection name="Details" />
        <LowerSection name="Closing" />
      </main>
      <LandingFooter />
    </div>
  );
}
