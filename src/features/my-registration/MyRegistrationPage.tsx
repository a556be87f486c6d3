// Your Registration (/dashboard/registration): the signed-in attendee's own
// seats, read from the device's database, each with its details (phone number
// and dietary requirements, changeable until the details cut-off) and 'Send a
// colleague in my place' (until the substitution cut-off). The cut-offs and
// every change are the server's (pb_hooks/lib/attendees/self-service.js), so
// changing needs a connection: offline, the stored details show and the page
// says so. A seat passed on comes back cancelled through the sync and says to
// whom it went. The forms' rules are the registration form's, handed in by
// the route (features never import each other). The sections are
// DetailsSection and ColleagueSection, each with ClosedNote after its cut-off.
import { useEffect, useState } from 'react';
import { Alert, Badge, Box, Button, Card, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import type { z } from 'zod';
import { db, type AttendeeRow, type EventRow } from '@/db';
import { NeedsConnection } from '@/components/stored-data/NeedsConnection';
import { useStoredData } from '@/components/stored-data/useStoredData';
import { Collections } from '@/lib/collections';
import { formatEventWhen } from '@/lib/eventWhen';
import { currentUser } from '@/lib/session';
import { parsePocketBaseDate } from '@/lib/pocketbaseDate';
import { useOnline } from '@/pwa/useOnline';
import { ColleagueSection } from './ColleagueSection';
import { DetailsSection } from './DetailsSection';
import {
  MyRegistrationRefused, fetchMyRegistration,
  type ColleagueValues, type DetailsValues, type MyRegistration,
} from './myRegistrationApi';

export interface MyRegistrationSchemas {
  details: z.ZodType<DetailsValues>;
  colleague: z.ZodType<ColleagueValues>;
}

interface Seat {
  attendee: AttendeeRow & { cancelled_by?: string; cancelled_at?: string };
  event: EventRow;
  /** 'coming' (details and a colleague can change), 'today' (under way: 'Your seat today'), 'past' (taken place). */
  when: 'coming' | 'today' | 'past';
}

/** Which part of the day the seat's masterclass is in at `now` (an end missing or not after the start reads as the start). */
function seatWhen(event: EventRow, now: number): Seat['when'] {
  const start = parsePocketBaseDate(event.starts_at).getTime();
  const rawEnd = parsePocketBaseDate(event.ends_at || event.starts_at).getTime();
  const end = Number.isNaN(rawEnd) || rawEnd < start ? start : rawEnd;
  if (now >= end) return 'past';
  return now >= start ? 'today' : 'coming';
}

/** The account's own rows: seats and seats passed on, at masterclasses still to come or under way first, then the ones that took place. */
async function readSeats(): Promise<Seat[]> {
  const userId = currentUser()?.id;
  if (!userId) return [];
  const [attendees, events] = await Promise.all([db.attendees.where('user').equals(userId).toArray(), db.events.toArray()]);
  const byId = new Map(events.map((event) => [event.id, event]));
  const now = Date.now();
  return attendees
    .filter((row) => ['confirmed', 'confirmed_observer'].includes(row.registration_status)
      || (row.registration_status === 'cancelled' && (row as Seat['attendee']).cancelled_by === 'substitution')
      // a seat cancelled with its whole masterclass: said so (SeatCancelled)
      || (row.registration_status === 'cancelled' && Boolean(byId.get(row.event)?.cancelled_at)))
    .flatMap((attendee) => {
      const event = byId.get(attendee.event);
      if (!event?.starts_at || Number.isNaN(parsePocketBaseDate(event.starts_at).getTime())) return [];
      return [{ attendee, event, when: seatWhen(event, now) }];
    })
    .sort((a, b) => parsePocketBaseDate(a.event.starts_at).getTime() - parsePocketBaseDate(b.event.starts_at).getTime());
}

/** "No seat" is true only once the device has pulled the attendee rows and the events. */
const SEAT_COLLECTIONS = [Collections.attendees, Collections.events] as const;

export function MyRegistrationPage({ schemas }: { schemas: MyRegistrationSchemas }) {
  const stored = useStoredData(useLiveQuery(readSeats), SEAT_COLLECTIONS, (seats) => seats.length === 0);
  const all = stored.status === 'ready' ? stored.data : undefined;
  const seats = all?.filter((seat) => seat.when !== 'past');
  // The last masterclass this account had a seat at that has taken place (kept seats only).
  const lastPast = all?.filter((seat) => seat.when === 'past' && seat.attendee.registration_status !== 'cancelled').at(-1) ?? null;
  return (
    <Box maw={900} mx="auto">
      <Title order={1} mb="xs">
        Your Registration
      </Title>
      <Text c="dimmed" mb="lg">
        Keep your details right before the masterclass, or send a colleague in your place if you cannot come.
      </Text>
      {stored.status === 'needs-connection' ? (
        <NeedsConnection message="Your registration needs a connection to load the first time." state={stored} />
      ) : seats === undefined ? (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>Loading your registration…</Text>
        </Group>
      ) : seats.length === 0 ? (
        <Card withBorder radius="md" padding="lg" data-testid="no-seat">
          <Text>
            {lastPast
              ? `The masterclass you had a seat at took place on ${eventDay(lastPast.event)}${lastPast.attendee.checked_in_at ? ', and you were checked in at the door' : ''}. You have no seat at a masterclass still to come on this device.`
              : 'You have no seat at a masterclass still to come on this device.'}
          </Text>
        </Card>
      ) : (
        <Stack gap="lg">
          {seats.map((seat) =>
            seat.event.cancelled_at ? (
              <SeatCancelled key={seat.attendee.id} seat={seat} />
            ) : seat.when === 'today' && seat.attendee.registration_status !== 'cancelled' ? (
              <SeatToday key={seat.attendee.id} seat={seat} />
            ) : (
              <SeatCard key={seat.attendee.id} seat={seat} schemas={schemas} />
            ),
          )}
        </Stack>
      )}
    </Box>
  );
}

/** What a seat cancelled with its whole masterclass says on Your Registration. */
export const SEAT_CANCELLED = 'This masterclass has been cancelled, and your seat with it. Anything paid for your seat has been refunded in full to the card that paid, and we have emailed you.';

/** A seat at a masterclass an administrator cancelled as a whole: no details to change, no colleague to send, no ticket. */
function SeatCancelled({ seat }: { seat: Seat }) {
  const headingId = `registration-${seat.attendee.id}`;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId} data-testid="seat-cancelled">
      <Group gap="xs" mb="xs">
        <Title order={2} size="h3" id={headingId}>
          {seat.event.title || 'AI Champions Masterclass'}
        </Title>
        <Badge color="red" variant="light">
          Cancelled
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {formatEventWhen(seat.event)}
      </Text>
      <Text>{SEAT_CANCELLED}</Text>
    </Card>
  );
}

/** 'Wednesday 18 June 2031' from the event's full when. */
function eventDay(event: EventRow): string {
  return formatEventWhen(event).split(',')[0] ?? '';
}

/** On the day: the seat is today's, with the one thing to do (show the ticket), or that the door has let you in. */
function SeatToday({ seat }: { seat: Seat }) {
  const headingId = `registration-${seat.attendee.id}`;
  const checkedIn = Boolean(seat.attendee.checked_in_at);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId} data-testid="seat-today">
      <Title order={2} size="h3" id={headingId}>
        Your seat today
      </Title>
      <Text fw={600} mt="xs">
        {seat.event.title}
      </Text>
      <Text size="sm" c="dimmed" mb="md">
        {formatEventWhen(seat.event)}
        {seat.event.venue ? ` · ${seat.event.venue}` : ''}
      </Text>
      {checkedIn ? (
        <Alert color="teal" variant="light" title="You are checked in" role="status">
          The door has let you in. Enjoy the masterclass: your tools and the session materials are in the portal.
        </Alert>
      ) : (
        <Stack gap="sm" align="flex-start">
          <Text>The masterclass is on today. Show your ticket at the door: it opens on this device without a connection.</Text>
          <Button component={Link} to="/dashboard/ticket">
            Show ticket
          </Button>
        </Stack>
      )}
    </Card>
  );
}

function SeatCard({ seat, schemas }: { seat: Seat; schemas: MyRegistrationSchemas }) {
  const online = useOnline();
  const [server, setServer] = useState<MyRegistration | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const { attendee } = seat;
  // The row changes through the sync (a change saved here, a seat passed on): ask the server again.
  const version = `${attendee.id}:${attendee.registration_status}:${attendee.phone_number}:${attendee.dietary_requirements}`;

  useEffect(() => {
    if (!online) return;
    const controller = new AbortController();
    fetchMyRegistration(attendee.id, controller.signal).then(
      (answer) => {
        setServer(answer);
        setLoadError(null);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLoadError(error instanceof MyRegistrationRefused ? error.message : 'Your registration could not be loaded.');
      },
    );
    return () => controller.abort();
  }, [attendee.id, online, version]);

  const headingId = `registration-${attendee.id}`;
  const passedOn = attendee.registration_status === 'cancelled';
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        {seat.event.title}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {formatEventWhen(seat.event)}
      </Text>
      {passedOn ? (
        <Alert color="blue" variant="light" title="Seat passed on">
          {server?.passedTo
            ? `You passed your seat to ${server.passedTo.fullName}. They have their own ticket; yours no longer admits anyone.`
            : 'You passed your seat to a colleague. They have their own ticket; yours no longer admits anyone.'}
        </Alert>
      ) : (
        <Stack gap="lg">
          {!online && (
            <Text size="sm" role="status">
              You are offline. These are the details stored on this device; changing them needs a connection.
            </Text>
          )}
          {online && loadError && (
            <Alert color="red" variant="light" role="alert">
              {loadError}
            </Alert>
          )}
          <DetailsSection attendee={attendee} server={online ? server : null} schema={schemas.details} onSaved={setServer} />
          <Divider />
          <ColleagueSection attendeeId={attendee.id} server={online ? server : null} schema={schemas.colleague} onPassed={setServer} />
        </Stack>
      )}
    </Card>
  );
}
