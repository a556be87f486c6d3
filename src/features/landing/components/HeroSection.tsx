import { lazy, Suspense } from 'react';
import { Container, Skeleton, Text, Title } from '@mantine/core';
import { loadFullStyles } from '@/app/deferred';
import { HERO_LINE } from '../content';
import { eventFacts } from '../eventFacts';
import { isSoldOut, type MasterclassEvent } from '../eventRecord';
import { FadeInImage } from './FadeInImage';
import { RegistrationButtons, SoldOutNotice } from './RegistrationCallToAction';
import classes from './Hero.module.css';

// Hidden unless asked for (see the landing route), so its form code (and the form
// components' styles, which the landing's first paint leaves out) load only then.
const WaitlistShortcutForm = lazy(() =>
  Promise.all([import('../waitlist/WaitlistShortcutForm'), loadFullStyles()]).then(([module]) => module),
);

interface HeroSectionProps {
  /** null while the event record loads */
  event: MasterclassEvent | null;
  showWaitlistForm: boolean;
}

export function HeroSection({ event, showWaitlistForm }: HeroSectionProps) {
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
          <div className={classes.panel}>{event ? <HeroRegistration event={event} /> : <HeroRegistrationSkeleton />}</div>
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

function HeroRegistration({ event }: { event: MasterclassEvent }) {
  const facts = eventFacts(event);
  const soldOut = isSoldOut(event.sales_state);
  return (
    <>
      {soldOut && <SoldOutNotice />}
      <Text className={classes.welcome}>
        We look forward to welcoming registered attendees in {facts.city} at {facts.welcomeTime}.
      </Text>
      <Text className={classes.invite}>
        {soldOut
          ? 'Missed out this time? Register your interest and be the first to hear about future masterclasses.'
          : `Places are limited to ${event.capacity} participants. Secure yours today.`}
      </Text>
      <RegistrationButtons salesState={event.sales_state} />
    </>
  );
}

function HeroRegistrationSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading event details">
      <Skeleton height={34} width={320} maw="100%" radius="xl" opacity={0.25} />
      <Skeleton height={16} mt="md" opacity={0.2} />
      <Skeleton height={16} mt="xs" width="70%" opacity={0.2} />
      <Skeleton height={50} mt="xl" width={260} maw="100%" radius="xl" opacity={0.25} />
    </div>
  );
}
