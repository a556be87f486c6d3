import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { EventPhase } from '@/lib/eventPhase';
import { SOLD_OUT_NOTICE } from '@/lib/specTexts';
import responsive from '@/components/responsive.module.css';

interface SalesClosedNoticeProps {
  /** Any phase but on sale (DESIGN decisions 8 and 17). */
  phase: Exclude<EventPhase, 'on_sale'>;
  /** '18 June 2025' */
  eventDate: string;
  /** 'Wednesday 18 June 2025, 11:30 am – 2:30 pm ACST' */
  eventWhen: string;
  location: string;
}

const TITLES: Record<SalesClosedNoticeProps['phase'], string> = {
  sold_out: SOLD_OUT_NOTICE,
  closed: 'Registration Is Closed',
  happening: 'The Masterclass Is Under Way',
  past: 'This Masterclass Has Taken Place',
};

function explanation({ phase, eventDate, eventWhen, location }: SalesClosedNoticeProps): string {
  const next = "Register your interest and we'll let you know as soon as the next masterclass opens.";
  if (phase === 'past') return `The AI Champions Masterclass took place on ${eventWhen} in ${location}, so registration for it has closed. ${next}`;
  if (phase === 'happening') return `The AI Champions Masterclass is happening now (${eventWhen}), so registration for it has closed. ${next}`;
  return `Registration for the ${eventDate} masterclass is closed, so we can't take new bookings. Register your interest and we'll let you know as soon as places open for future events.`;
}

/** Normal mode while the event does not sell seats: only the waitlist takes registrations. */
export function SalesClosedNotice(props: SalesClosedNoticeProps) {
  return (
    <Paper withBorder radius="md" className={responsive.paddingLgXl}>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="amber">
          <IconCalendarOff size={30} />
        </ThemeIcon>
        <Title order={2} size="h3" c="navy.9">
          {TITLES[props.phase]}
        </Title>
        <Text maw={520}>{explanation(props)}</Text>
        <Button renderRoot={(rootProps) => <Link to="/register" search={{ waitlist: true }} {...rootProps} />} size="md" color="amber" c="navy.9">
          Register for Future Events
        </Button>
      </Stack>
    </Paper>
  );
}
