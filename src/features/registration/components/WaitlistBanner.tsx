import { Alert } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';

/** Waitlist mode: the masterclass itself is full; this form registers interest in future events. */
export function WaitlistBanner({ eventDate }: { eventDate: string }) {
  return (
    <Alert
      variant="light"
      color="amber"
      radius="md"
      mb="xl"
      title="Event Sold Out"
      icon={<IconCalendarOff size={22} />}
      styles={{ title: { fontSize: 'var(--mantine-font-size-lg)', color: 'var(--mantine-color-navy-9)' } }}
    >
      The {eventDate} masterclass is fully booked. Register your interest below and we&apos;ll let you know as soon as places open for
      future events.
    </Alert>
  );
}
