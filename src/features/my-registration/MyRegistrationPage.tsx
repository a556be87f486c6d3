// Your Registration (/dashboard/registration): the signed-in attendee's own
// seats, read from the device's database, each with its details (phone number
// and dietary requirements, changeable until the details cut-off) and 'Send a
// colleague in my place' (until the substitution cut-off). The cut-offs and
// every change are the server's (pb_hooks/lib/attendees/self-service.js), so
// changing needs a connection: offline, the stored details show and the page
// says so. A seat passed on comes back cancelled through the sync and says to
// whom it went. The forms' rules are the registration form's, handed in by
// the route (features never import each other).
import { useEffect, useState } from 'react';
import { Alert, Anchor, Box, Button, Card, Divider, Group, Loader, Modal, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconCircleCheck, IconUserShare } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import type { z } from 'zod';
import { db, type AttendeeRow, type EventRow } from '@/db';
import { formatEventWhen } from '@/lib/eventWhen';
import { currentUser } from '@/lib/session';
import { parsePocketBaseDate } from '@/lib/pocketbaseDate';
import { useOnline } from '@/pwa/useOnline';
import { requestSync } from '@/sync';
import {
  MyRegistrationRefused, fetchMyRegistration, saveDetails, sendColleague,
  type ColleagueValues, type DetailsValues, type MyRegistration,
} from './myRegistrationApi';

export interface MyRegistrationSchemas {
  details: z.ZodType<DetailsValues>;
  colleague: z.ZodType<ColleagueValues>;
}

interface Seat {
  attendee: AttendeeRow & { cancelled_by?: string; cancelled_at?: string };
  event: EventRow;
}

/** The account's own rows at masterclasses still to come: seats, and seats passed on. */
async function readSeats(): Promise<Seat[]> {
  const userId = currentUser()?.id;
  if (!userId) return [];
  const [attendees, events] = await Promise.all([db.attendees.where('user').equals(userId).toArray(), db.events.toArray()]);
  const byId = new Map(events.map((event) => [event.id, event]));
  const now = Date.now();
  return attendees
    .filter((row) => ['confirmed', 'confirmed_observer'].includes(row.registration_status)
      || (row.registration_status === 'cancelled' && (row as Seat['attendee']).cancelled_by === 'substitution'))
    .flatMap((attendee) => {
      const event = byId.get(attendee.event);
      if (!event?.starts_at || parsePocketBaseDate(event.starts_at).getTime() <= now) return [];
      return [{ attendee, event }];
    })
    .sort((a, b) => parsePocketBaseDate(a.event.starts_at).getTime() - parsePocketBaseDate(b.event.starts_at).getTime());
}

export function MyRegistrationPage({ schemas }: { schemas: MyRegistrationSchemas }) {
  const seats = useLiveQuery(readSeats);
  return (
    <Box maw={900} mx="auto">
      <Title order={1} mb="xs">
        Your Registration
      </Title>
      <Text c="dimmed" mb="lg">
        Keep your details right before the masterclass, or send a colleague in your place if you cannot come.
      </Text>
      {seats === undefined ? (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>Loading your registration…</Text>
        </Group>
      ) : seats.length === 0 ? (
        <Card withBorder radius="md" padding="lg">
          <Text>You have no seat at a masterclass still to come on this device.</Text>
        </Card>
      ) : (
        <Stack gap="lg">
          {seats.map((seat) => (
            <SeatCard key={seat.attendee.id} seat={seat} schemas={schemas} />
          ))}
        </Stack>
      )}
    </Box>
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

function ClosedNote({ server, what }: { server: MyRegistration; what: 'details' | 'substitution' }) {
  const allowance = server[what];
  const contact = (
    <>
      please <Anchor href={server.contactUrl}>contact us</Anchor>
    </>
  );
  if (allowance.reason === 'checked_in') return <Text size="sm">You have been checked in at the door, so your seat can no longer be passed on.</Text>;
  if (allowance.reason !== 'cutoff') return <Text size="sm">This registration can no longer be changed here. If something needs to change, {contact}.</Text>;
  return what === 'details' ? (
    <Text size="sm">
      Changes to your details were possible until {allowance.untilText}. If something needs to change now, {contact}.
    </Text>
  ) : (
    <Text size="sm">
      A colleague could be sent in your place until {allowance.untilText}. If you cannot attend, {contact}.
    </Text>
  );
}

function DetailsSection({
  attendee, server, schema, onSaved,
}: { attendee: AttendeeRow; server: MyRegistration | null; schema: MyRegistrationSchemas['details']; onSaved: (answer: MyRegistration) => void }) {
  const open = server?.details.open === true;
  const form = useForm<DetailsValues>({
    initialValues: { phoneNumber: attendee.phone_number ?? '', dietaryRequirements: attendee.dietary_requirements ?? '' },
    validate: zod4Resolver(schema, { errorPriority: 'first' }),
  });
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const save = async (values: DetailsValues) => {
    setSaving(true);
    setSaved(false);
    setError(null);
    try {
      const answer = await saveDetails(attendee.id, values);
      form.setValues({ phoneNumber: answer.attendee.phoneNumber, dietaryRequirements: answer.attendee.dietaryRequirements });
      form.resetDirty({ phoneNumber: answer.attendee.phoneNumber, dietaryRequirements: answer.attendee.dietaryRequirements });
      onSaved(answer);
      setSaved(true);
      void requestSync();
    } catch (caught) {
      const refusal = caught instanceof MyRegistrationRefused ? caught : null;
      if (refusal && Object.keys(refusal.fields).length > 0) form.setErrors(refusal.fields);
      else setError(refusal?.message ?? 'Your details could not be saved.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={form.onSubmit(save)} noValidate aria-labelledby={`details-${attendee.id}`}>
      <Title order={3} size="h4" id={`details-${attendee.id}`} mb="xs">
        Your details
      </Title>
      <Stack gap="sm">
        {/* Read-only (offline, loading, after the cut-off) looks it: filled, not outlined. */}
        <TextInput
          label="Phone Number"
          type="tel"
          autoComplete="tel"
          maxLength={40}
          readOnly={!open}
          variant={open ? 'default' : 'filled'}
          required={open}
          {...form.getInputProps('phoneNumber')}
        />
        <Textarea
          label="Dietary Requirements"
          description="Allergies, intolerances or preferences the caterers should know about"
          autosize
          minRows={2}
          maxLength={1000}
          readOnly={!open}
          variant={open ? 'default' : 'filled'}
          {...form.getInputProps('dietaryRequirements')}
        />
        {server && !open && <ClosedNote server={server} what="details" />}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        {open && (
          <Group justify="space-between" gap="sm">
            {saved ? (
              <Group gap={6} role="status">
                <IconCircleCheck size={18} color="var(--mantine-color-green-8)" aria-hidden />
                <Text size="sm" fw={600}>
                  Your details have been saved
                </Text>
              </Group>
            ) : (
              <Text size="sm" c="dimmed">
                You can change these until {server.details.untilText}.
              </Text>
            )}
            <Button type="submit" loading={saving}>
              Save details
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

const EMPTY_COLLEAGUE: ColleagueValues = { fullName: '', email: '', company: '', jobTitle: '' };

function ColleagueSection({
  attendeeId, server, schema, onPassed,
}: { attendeeId: string; server: MyRegistration | null; schema: MyRegistrationSchemas['colleague']; onPassed: (answer: MyRegistration) => void }) {
  const phone = useMediaQuery('(max-width: 48em)');
  const [opened, setOpened] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [passedTo, setPassedTo] = useState<string | null>(null);
  const form = useForm<ColleagueValues>({ initialValues: EMPTY_COLLEAGUE, validate: zod4Resolver(schema, { errorPriority: 'first' }) });
  const open = server?.substitution.open === true;

  const submit = async (values: ColleagueValues) => {
    setSending(true);
    setError(null);
    try {
      const answer = await sendColleague(attendeeId, values);
      setPassedTo(answer.colleague?.fullName ?? values.fullName);
      setOpened(false);
      onPassed(answer);
      void requestSync();
    } catch (caught) {
      const refusal = caught instanceof MyRegistrationRefused ? caught : null;
      if (refusal && Object.keys(refusal.fields).length > 0) form.setErrors(refusal.fields);
      else setError(refusal?.message ?? 'Your colleague could not be sent in your place.');
    } finally {
      setSending(false);
    }
  };

  return (
    <section aria-labelledby={`colleague-${attendeeId}`}>
      <Title order={3} size="h4" id={`colleague-${attendeeId}`} mb="xs">
        Send a colleague in my place
      </Title>
      {passedTo ? (
        <Alert color="green" variant="light" role="status" title="Seat passed on">
          Your seat now belongs to {passedTo}. We have emailed them their ticket and an invitation to the attendee portal; your own ticket no
          longer admits anyone.
        </Alert>
      ) : (
        <Stack gap="sm">
          <Text size="sm">
            If you cannot come, a colleague can take your seat. They get a new ticket and an invitation; your ticket stops working and the
            masterclass leaves your portal. Your account stays.
          </Text>
          {server && !open && <ClosedNote server={server} what="substitution" />}
          {open && (
            <Group justify="space-between" gap="sm">
              <Text size="sm" c="dimmed">
                Possible until {server.substitution.untilText}.
              </Text>
              <Button variant="default" leftSection={<IconUserShare size={18} />} onClick={() => setOpened(true)}>
                Send a colleague
              </Button>
            </Group>
          )}
        </Stack>
      )}
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title="Send a colleague in my place"
        size="lg"
        fullScreen={phone}
        centered
        closeButtonProps={{ 'aria-label': 'Close dialog' }}
      >
        <form onSubmit={form.onSubmit(submit)} noValidate>
          <Stack gap="sm">
            <Text size="sm">Your colleague’s details, as they will appear on their ticket:</Text>
            <TextInput label="Full Name" required autoComplete="off" maxLength={200} {...form.getInputProps('fullName')} />
            <TextInput label="Email" type="email" required autoComplete="off" maxLength={254} {...form.getInputProps('email')} />
            <TextInput label="Company" required maxLength={200} {...form.getInputProps('company')} />
            <TextInput label="Job Title" required maxLength={200} {...form.getInputProps('jobTitle')} />
            <Text size="sm">Once you confirm, your seat is theirs: this cannot be undone here.</Text>
            {error && (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setOpened(false)}>
                Keep my seat
              </Button>
              <Button type="submit" loading={sending} color="navy">
                Give my seat to this colleague
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </section>
  );
}
