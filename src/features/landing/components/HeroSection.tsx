import { lazy, Suspense, type ReactNode } from 'react';
import { Button, Container, Text, Title } from '@mantine/core';
import { Placeholder } from './Placeholder';
import { IconCalendarEvent, IconMapPin, IconRefresh, IconTicket, IconWifiOff } from '@tabler/icons-react';
import { loadFullStyles } from '@/app/deferred';
import { HERO_LINE } from '../content';
import { EVENT_NEEDS_CONNECTION, type EventUnavailable } from '@/pwa/eventUnavailable';
import type { HeroView } from '../heroView';
import { heroCopy } from '../phaseCopy';
import { FadeInImage } from './FadeInImage';
import { EventNotice, RegistrationButtons } from './RegistrationCallToAction';
import classes from './Hero.module.css';

// Hidden unless asked for (see the landing route), so its form code (and the form
// components' styles, which the landing's first paint leaves out) load only then.
const WaitlistShortcutForm = lazy(() =>
  Promise.all([import('../waitlist/WaitlistShortcutForm'), loadFullStyles()]).then(([module]) => module),
);

interface HeroSectionProps {
  /** What the hero says about the masterclass (../heroView.ts); null while the event loads */
  view: HeroView | null;
  /** Why there is no event to show (nothing stored and no connection, or the server's error); null otherwise. */
  unavailable?: EventUnavailable | null;
  showWaitlistForm: boolean;
  /** Beside a featured masterclass that sells no seat: the next one on sale ("Next: … — Register"). */
  next?: ReactNode;
}

export function HeroSection({ view, unavailable = null, showWaitlistForm, next = null }: HeroSectionProps) {
  return (
    <section aria-labelledby="hero-title" className={classes.hero}>
      <FadeInImage src="/images/hero-network.svg" alt="" className={classes.art} />
      <Container size="lg">
        <div className={classes.content}>
          <Title order={1} id="hero-title" className={classes.title}>
            AI CHAMPIONS MASTERCLASS
          </Title>
          <Text className={classes.tagline}>Lead the AI Revolution—Not Just Survive It</Text>
          <Text className={classes.lead}>{HERO_LINE}</Text>
          <div className={classes.panel}>
            {view ? <HeroRegistration view={view} /> : unavailable ? <HeroUnavailable reason={unavailable} /> : <HeroRegistrationSkeleton />}
          </div>
          {next}
          {showWaitlistForm && (
            <Suspense fallback={<Placeholder height={320} mt="xl" radius="lg" />}>
              <WaitlistShortcutForm />
            </Suspense>
          )}
        </div>
      </Container>
    </section>
  );
}

/**
 * The hero's facts and way in. Every word of the masterclass comes from `view.texts`, so the
 * build can prerender this with placeholders that the server fills in (pocketbase/landing.go).
 */
function HeroRegistration({ view }: { view: HeroView }) {
  const { phase, texts } = view;
  const copy = heroCopy(phase, texts);
  // When, where, what it costs and the one way in come first, so a phone shows them on its first screen; the welcome follows.
  return (
    <>
      <EventNotice phase={phase} salesOpen={texts.salesOpen} />
      <HeroFacts view={view} />
      <RegistrationButtons phase={phase} event={texts.slug} day={texts.day} aside={phase === 'on_sale' ? <HeroOffer view={view} /> : undefined} />
      <Text className={classes.welcome}>{copy.welcome}</Text>
      <Text className={classes.invite}>{copy.invite}</Text>
    </>
  );
}

/** The date with the time range in the event's zone, the venue, and before sales open the price (on sale it stands beside Register Now). */
function HeroFacts({ view }: { view: HeroView }) {
  const { phase, texts } = view;
  return (
    <ul className={classes.facts} data-testid="hero-facts">
      <li>
        <IconCalendarEvent size={20} stroke={1.8} aria-hidden />
        <span data-testid="hero-when">{texts.when}</span>
      </li>
      <li>
        <IconMapPin size={20} stroke={1.8} aria-hidden />
        <span data-testid="hero-venue">{texts.venue}</span>
      </li>
      {phase === 'scheduled' && (
        <li>
          <IconTicket size={20} stroke={1.8} aria-hidden />
          <span>
            {texts.price} per person
          </span>
        </li>
      )}
    </ul>
  );
}

/** Beside Register Now while on sale: the price of a seat and the seats left (or that counting them needs a connection). */
function HeroOffer({ view }: { view: HeroView }) {
  return (
    <p className={classes.offer} data-testid="hero-offer">
      <span>
        <span className={classes.price}>{view.texts.price}</span> <span className={classes.per}>per person</span>
      </span>
      <span className={classes.seats} data-live={view.live || undefined}>{view.texts.seats}</span>
    </p>
  );
}

/** No event to show: nothing on the device and no connection, or the server could not answer. */
function HeroUnavailable({ reason }: { reason: EventUnavailable }) {
  if (reason === 'offline') {
    return (
      <Text className={classes.unavailable} role="status" data-testid="event-needs-connection">
        <IconWifiOff size={20} stroke={1.8} aria-hidden />
        {EVENT_NEEDS_CONNECTION}
      </Text>
    );
  }
  return (
    <div role="alert">
      <Text className={classes.unavailable}>We couldn't load the masterclass details. Please check your connection and try again.</Text>
      <Button mt="md" radius="xl" variant="white" color="navy" leftSection={<IconRefresh size={16} />} onClick={() => window.location.reload()}>
        Try again
      </Button>
    </div>
  );
}

function HeroRegistrationSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading event details">
      <Placeholder height={34} width={320} maw="100%" radius="xl" opacity={0.25} />
      <Placeholder height={16} mt="md" opacity={0.2} />
      <Placeholder height={16} mt="xs" width="70%" opacity={0.2} />
      <Placeholder height={50} mt="xl" width={260} maw="100%" radius="xl" opacity={0.25} />
    </div>
  );
}
