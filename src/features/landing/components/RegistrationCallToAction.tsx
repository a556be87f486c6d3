import type { ReactNode } from 'react';
import { Group, Text, useMatches } from '@mantine/core';
import { IconAlertTriangle, IconArrowRight, IconCalendarCheck, IconClock } from '@tabler/icons-react';
import type { EventPhase } from '@/lib/eventPhase';
import { phaseNotice } from '../phaseCopy';
import { WAITLIST_SEARCH } from '../registerSearch';
import { ButtonLink } from './ButtonLink';
import classes from './RegistrationCallToAction.module.css';

/** The notice the phase calls for (../phaseCopy.ts): the spec's sold-out notice before the start; none while on sale. */
export function EventNotice({ phase }: { phase: EventPhase }) {
  const text = phaseNotice(phase);
  if (!text) return null;
  const Icon = phase === 'past' ? IconCalendarCheck : phase === 'happening' ? IconClock : IconAlertTriangle;
  return (
    <Text className={classes.notice}>
      <Icon size={18} stroke={2} aria-hidden />
      {text}
    </Text>
  );
}

/** The way in that fits the phase: checkout while on sale, otherwise the waitlist for future events; `aside` stands beside them (the hero's price and seats). */
export function RegistrationButtons({ phase, justify, aside }: { phase: EventPhase; justify?: 'center' | 'flex-start'; aside?: ReactNode }) {
  const waitlistIsPrimary = phase !== 'on_sale';
  const size = useMatches({ base: 'md', sm: 'lg' });
  return (
    <Group gap="sm" justify={justify} className={classes.buttons}>
      {!waitlistIsPrimary && (
        <ButtonLink to="/register" size={size} radius="xl" color="amber" c="navy.9" rightSection={<IconArrowRight size={18} />}>
          Register Now
        </ButtonLink>
      )}
      {!waitlistIsPrimary && aside}
      <ButtonLink
        to="/register"
        search={WAITLIST_SEARCH}
        size={size}
        radius="xl"
        color="amber"
        c={waitlistIsPrimary ? 'navy.9' : undefined}
        variant={waitlistIsPrimary ? 'filled' : 'outline'}
        rightSection={waitlistIsPrimary ? <IconArrowRight size={18} /> : undefined}
      >
        Register for Future Events
      </ButtonLink>
    </Group>
  );
}
