import { Alert } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import type { EventPhase } from '@/lib/eventPhase';
import { waitlistBannerCopy, type PhaseFacts } from '../waitlistBannerCopy';

/** Waitlist mode: what this form joins (the waitlist for the sold-out date, the list told when sales open, or the interest list), in the tense of the event's phase. */
export function WaitlistBanner({ facts, phase }: { facts: PhaseFacts; phase: EventPhase | null }) {
  const copy = waitlistBannerCopy(phase, facts);
  return (
    <Alert
      variant="light"
      color="amber"
      radius="md"
      mb="xl"
      title={copy.title}
      icon={<IconCalendarOff size={22} />}
      data-testid="waitlist-banner"
      styles={{ title: { fontSize: 'var(--mantine-font-size-lg)', color: 'var(--mantine-color-navy-9)' } }}
    >
      {copy.text}
    </Alert>
  );
}
