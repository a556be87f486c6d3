import { Alert } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import type { EventPhase } from '@/lib/eventPhase';

/** Title and text per phase: the spec's sold-out banner before the start, its own words during and after. */
function bannerCopy(phase: EventPhase, eventDate: string): { title: string; text: string } {
  const future = "Register your interest below and we'll let you know as soon as places open for future events.";
  if (phase === 'past') {
    return {
      title: 'Event Has Taken Place',
      text: `The ${eventDate} masterclass has taken place. Register your interest below and we'll let you know as soon as the next masterclass opens.`,
    };
  }
  if (phase === 'happening') return { title: 'Event Under Way', text: `The ${eventDate} masterclass is under way and registration has closed. ${future}` };
  if (phase === 'on_sale') {
    return { title: 'Register Your Interest', text: `Places for the ${eventDate} masterclass are still available. Register your interest below to hear about future events.` };
  }
  return { title: 'Event Sold Out', text: `The ${eventDate} masterclass is fully booked. ${future}` };
}

/** Waitlist mode: this form registers interest in future events, in the tense of the event's phase. */
export function WaitlistBanner({ eventDate, phase }: { eventDate: string; phase: EventPhase }) {
  const copy = bannerCopy(phase, eventDate);
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
