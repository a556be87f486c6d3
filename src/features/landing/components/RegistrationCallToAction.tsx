import { Group, Text, useMatches } from '@mantine/core';
import { IconAlertTriangle, IconArrowRight } from '@tabler/icons-react';
import type { SalesState } from '@/db';
import { SOLD_OUT_NOTICE } from '@/lib/specTexts';
import { isSoldOut } from '../eventRecord';
import { WAITLIST_SEARCH } from '../registerSearch';
import { ButtonLink } from './ButtonLink';
import classes from './RegistrationCallToAction.module.css';

export function SoldOutNotice() {
  return (
    <Text className={classes.notice}>
      <IconAlertTriangle size={18} stroke={2} aria-hidden />
      {SOLD_OUT_NOTICE}
    </Text>
  );
}

/** The way in that fits the sales state: the waitlist while sold out or closed, checkout while open. */
export function RegistrationButtons({ salesState, justify }: { salesState: SalesState; justify?: 'center' | 'flex-start' }) {
  const waitlistIsPrimary = isSoldOut(salesState);
  const size = useMatches({ base: 'md', sm: 'lg' });
  return (
    <Group gap="sm" justify={justify} className={classes.buttons}>
      {!waitlistIsPrimary && (
        <ButtonLink to="/register" size={size} radius="xl" color="amber" c="navy.9" rightSection={<IconArrowRight size={18} />}>
          Register Now
        </ButtonLink>
      )}
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
