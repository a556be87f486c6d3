import type { ReactNode } from 'react';
import { Group, Text, useMatches } from '@mantine/core';
import { IconAlertTriangle, IconArrowRight, IconBellRinging, IconCalendarCheck, IconCalendarOff, IconClock } from '@tabler/icons-react';
import type { EventPhase } from '@/lib/eventPhase';
import { phaseNotice, primaryAction } from '../phaseCopy';
import { registerSearch } from '../registerSearch';
import { ButtonLink } from './ButtonLink';
import classes from './RegistrationCallToAction.module.css';

const NOTICE_ICONS = { scheduled: IconBellRinging, sold_out: IconAlertTriangle, closed: IconCalendarOff, happening: IconClock, past: IconCalendarCheck, on_sale: IconAlertTriangle, cancelled: IconCalendarOff };

/** The notice the phase calls for (../phaseCopy.ts): when sales open, sold out (the spec's notice), closed, under way, taken place; none while on sale. */
export function EventNotice({ phase, salesOpen = '' }: { phase: EventPhase; salesOpen?: string }) {
  const text = phaseNotice(phase, salesOpen);
  if (!text) return null;
  const Icon = NOTICE_ICONS[phase];
  return (
    <Text className={classes.notice}>
      <Icon size={18} stroke={2} aria-hidden />
      {text}
    </Text>
  );
}

/**
 * The one way in that fits the phase (../phaseCopy.ts primaryAction): checkout while on sale; the
 * waitlist for that date when sold out; the list told when sales open while scheduled; otherwise the
 * interest list for future events. `event` (the masterclass's page address) names the masterclass in
 * the link; `day` ('18 June') names the sold-out date; `aside` stands beside Register Now (the hero's
 * price and seats).
 */
export function RegistrationButtons({ phase, event, day = '', justify, aside }: { phase: EventPhase; event: string; day?: string; justify?: 'center' | 'flex-start'; aside?: ReactNode }) {
  const size = useMatches({ base: 'md', sm: 'lg' });
  const onSale = phase === 'on_sale';
  const action = primaryAction(phase, day);
  // A cancelled masterclass has no way in: neither seats nor its waitlist (the Next line offers the next one).
  if (action === null) return null;
  return (
    <Group gap="sm" justify={justify} className={classes.buttons}>
      <ButtonLink
        to="/register"
        search={registerSearch(phase, event)}
        size={size}
        radius="xl"
        color="amber"
        c="navy.9"
        rightSection={<IconArrowRight size={18} />}
        data-testid="primary-action"
      >
        {action}
      </ButtonLink>
      {onSale && aside}
    </Group>
  );
}
