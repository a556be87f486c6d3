import { Alert } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import type { EventPhase } from '@/lib/eventPhase';
import { waitlistBannerCopy } from '../waitlistBannerCopy';

/** Waitlist mode: this form registers interest in future events, in the tense of the event's phase. */
export function WaitlistBanner({ eventDate, phase }: { eventDate: string; phase: EventPhase | null }) {
  const copy = waitlistBannerCopy(phase, eventDate);
  return (
    <Alert
      variant="light"
      color="amber"
      radius="md"
      mb="xl"
      title={copy.title}
      icon={<IconCalendarOff size={22} />}
      styles={{ title: { fontSize: 'var(--mantine-font-size-lg)', color: 'var(--mantine-color-navy-9)' } }}
    >
      {copy.text}
    </Alert>
  );
}
