import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBellRinging, IconCalendarOff, IconUsers } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { EventPhase } from '@/lib/eventPhase';
import { SOLD_OUT_NOTICE } from '@/lib/specTexts';
import responsive from '@/components/responsive.module.css';
import { WAITLIST_PROMISE, waitlistButtonLabel } from '../waitlistBannerCopy';
import { CANCELLED_NOTICE, cancelledExplanation, SEE_MASTERCLASSES } from '@/lib/cancelledEvent';

interface SalesClosedNoticeProps {
  /** Any phase but on sale (DESIGN decisions 8, 17 and 23). */
  phase: Exclude<EventPhase, 'on_sale'>;
  /** 'Wednesday 18 June 2025' */
  eventDate: string;
  /** 'Wednesday 18 June 2025, 11:30 am – 2:30 pm ACST' */
  eventWhen: string;
  location: string;
  /** '18 June': the day the waitlist is for */
  day?: string;
  /** 'Tuesday 10 February at 9:00 am' */
  salesOpen?: string;
  /** The masterclass's page address or id when /register was opened for one: its waitlist, not the featured one's. */
  eventKey?: string | null;
}

function title({ phase, salesOpen = '' }: SalesClosedNoticeProps): string {
  if (phase === 'cancelled') return CANCELLED_NOTICE;
  if (phase === 'scheduled') return `Sales open on ${salesOpen}`;
  if (phase === 'sold_out') return SOLD_OUT_NOTICE;
  if (phase === 'closed') return 'Registration Is Closed';
  if (phase === 'happening') return 'The Masterclass Is Under Way';
  return 'This Masterclass Has Taken Place';
}

function explanation({ phase, eventDate, eventWhen, location, salesOpen = '' }: SalesClosedNoticeProps): string {
  const next = "Register your interest and we'll let you know as soon as the next masterclass opens.";
  if (phase === 'cancelled') return cancelledExplanation(eventDate);
  if (phase === 'past') return `The AI Champions Masterclass took place on ${eventWhen} in ${location}, so registration for it has closed. ${next}`;
  if (phase === 'happening') return `The AI Champions Masterclass is happening now (${eventWhen}), so registration for it has closed. ${next}`;
  if (phase === 'scheduled') {
    return `Registration for the ${eventDate} masterclass opens on ${salesOpen}. Leave your name and email and we'll email you when sales open.`;
  }
  if (phase === 'sold_out') return `Every place at the ${eventDate} masterclass is taken. Join its waitlist: ${WAITLIST_PROMISE.charAt(0).toLowerCase()}${WAITLIST_PROMISE.slice(1)}`;
  return `Registration for the ${eventDate} masterclass has closed, so we can't take new bookings. Register your interest and we'll let you know as soon as places open for future events.`;
}

const ICONS = { scheduled: IconBellRinging, sold_out: IconUsers, closed: IconCalendarOff, happening: IconCalendarOff, past: IconCalendarOff, cancelled: IconCalendarOff };

/** Normal mode while the event does not sell seats: says why, and offers the one way in the phase has (the waitlist). */
export function SalesClosedNotice(props: SalesClosedNoticeProps) {
  const Icon = ICONS[props.phase];
  return (
    <Paper withBorder radius="md" className={responsive.paddingLgXl} data-testid="sales-state-notice" data-phase={props.phase}>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="amber">
          <Icon size={30} />
        </ThemeIcon>
        <Title order={2} size="h3" c="navy.9">
          {title(props)}
        </Title>
        <Text maw={520}>{explanation(props)}</Text>
        {props.phase === 'cancelled' ? (
          // No form and no waitlist: the masterclasses still to come are on the home page.
          <Button renderRoot={(rootProps) => <Link to="/" {...rootProps} />} size="md" variant="light" color="navy" data-testid="see-masterclasses">
            {SEE_MASTERCLASSES}
          </Button>
        ) : (
          <Button renderRoot={(rootProps) => <Link to="/register" search={{ waitlist: true, event: props.eventKey ?? undefined }} {...rootProps} />} size="md" color="amber" c="navy.9">
            {waitlistButtonLabel(props.phase, props.day)}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
