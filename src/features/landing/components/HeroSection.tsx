import { lazy, Suspense } from 'react';
import { Button, Container, Skeleton, Text, Title } from '@mantine/core';
import { IconRefresh, IconWifiOff } from '@tabler/icons-react';
import { loadFullStyles } from '@/app/deferred';
import { HERO_LINE } from '../content';
import type { EventPhase } from '@/lib/eventPhase';
import { EVENT_NEEDS_CONNECTION, type EventUnavailable } from '@/pwa/eventUnavailable';
import { eventFacts } from '../eventFacts';
import type { MasterclassEvent } from '../eventRecord';
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
  /** null while the event record loads */
  event: MasterclassEvent | null;
  /** null while the event record loads */
  phase: EventPhase | null;
  /** Why there is no event to show (nothing stored and no connection, or the server's error); null otherwise. */
  unavailable?: EventUnavailable | null;
  showWaitlistForm: boolean;
}

export function HeroSection({ event, phase, unavailable = null, showWaitlistForm }: HeroSectionProps) {
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
            {event && phase ? <HeroRegistration event={event} phase={phase} /> : unavailable ? <HeroUnavailable reason={unavailable} /> : <HeroRegistrationSkeleton />}
          </div>
          {showWaitlistForm && (
            <Suspense fallback={<Skeleton height={320} mt="xl" radius="lg" />}>
              <WaitlistShortcutForm />
            </Suspense>
          )}
        </div>
      </Container>
    </section>
  );
}

function HeroRegistration({ event, phase }: { event: MasterclassEvent; phase: EventPhase }) {
  const facts = eventFacts(event);
  const copy = heroCopy(phase, { ...facts, capacity: event.capacity });
  return (
    <>
      <EventNotice phase={phase} />
      <Text className={classes.welcome}>{copy.welcome}</Text>
      <Text className={classes.invite}>{copy.invite}</Text>
      <RegistrationButtons phase={phase} />
    </>
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
      <Skeleton height={34} width={320} maw="100%" radius="xl" opacity={0.25} />
      <Skeleton height={16} mt="md" opacity={0.2} />
      <Skeleton height={16} mt="xs" width="70%" opacity={0.2} />
      <Skeleton height={50} mt="xl" width={260} maw="100%" radius="xl" opacity={0.25} />
    </div>
  );
}
