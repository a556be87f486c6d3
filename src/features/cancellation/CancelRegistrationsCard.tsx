// The portal's 'Your registration' card: each of the signed-in attendee's
// confirmed seats at a masterclass that has not started, read from the
// device's database (their own attendee rows), with 'Cancel my registration'.
// Cancelling asks the server (it needs a connection); the row then comes back
// cancelled through the sync and leaves the card.
import { useState } from 'react';
import { Box, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useLiveQuery } from 'dexie-react-hooks';
import { db, type AttendeeRow, type EventRow } from '@/db';
import { formatEventWhen } from '@/lib/eventWhen';
import { currentUser } from '@/lib/session';
import { parsePocketBaseDate } from '@/lib/pocketbaseDate';
import { useOnline } from '@/pwa/useOnline';
import { CancelFlow } from './CancelFlow';

export interface CancellableSeat {
  attendee: AttendeeRow;
  event: EventRow;
}

/** Confirmed rows whose masterclass has not started, soonest first. */
export function cancellableSeats(attendees: readonly AttendeeRow[], events: readonly EventRow[], now: Date): CancellableSeat[] {
  const byId = new Map(events.map((event) => [event.id, event]));
  return attendees
    .filter((attendee) => attendee.registration_status === 'confirmed')
    .flatMap((attendee) => {
      const event = byId.get(attendee.event);
      if (!event?.starts_at) return [];
      return parsePocketBaseDate(event.starts_at).getTime() > now.getTime() ? [{ attendee, event }] : [];
    })
    .sort((a, b) => parsePocketBaseDate(a.event.starts_at).getTime() - parsePocketBaseDate(b.event.starts_at).getTime());
}

/** The signed-in account's own rows only: another account's rows still on the device are never offered. */
export async function readSeats(userId = currentUser()?.id): Promise<CancellableSeat[]> {
  if (!userId) return [];
  const [attendees, events] = await Promise.all([db.attendees.where('user').equals(userId).toArray(), db.events.toArray()]);
  return cancellableSeats(attendees, events, new Date());
}

export function CancelRegistrationsCard() {
  const seats = useLiveQuery(readSeats);
  const online = useOnline();
  const phone = useMediaQuery('(max-width: 48em)');
  // Kept apart from the list: the row leaves the list once cancelled, the dialog stays to show the result.
  const [open, setOpen] = useState<CancellableSeat | null>(null);

  return (
    <>
      {seats && seats.length > 0 && (
        <Box maw={1100} mx="auto" mt="lg">
          <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="your-registration">
            <Title order={2} size="h3" id="your-registration" mb="md">
              {seats.length === 1 ? 'Your registration' : 'Your registrations'}
            </Title>
            <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {seats.map((seat) => (
                <Group key={seat.attendee.id} component="li" justify="space-between" gap="sm" wrap="wrap">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600}>{seat.event.title}</Text>
                    <Text size="sm" c="dimmed">{formatEventWhen(seat.event)}</Text>
                    <Text size="sm">Attendee: {seat.attendee.full_name} · Confirmed</Text>
                  </div>
                  <Button
                    variant="default"
                    color="red"
                    disabled={!online}
                    onClick={() => setOpen(seat)}
                    aria-label={`Cancel my registration for ${seat.event.title} (${seat.attendee.full_name})`}
                  >
                    Cancel my registration
                  </Button>
                </Group>
              ))}
            </Stack>
            {!online && (
              <Text size="sm" c="dimmed" mt="sm">
                Cancelling needs a connection.
              </Text>
            )}
          </Card>
        </Box>
      )}
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title="Cancel my registration"
        size="lg"
        fullScreen={phone}
        centered
        closeButtonProps={{ 'aria-label': 'Close dialog' }}
      >
        {open && <CancelFlow target={{ attendee: open.attendee.id }} onClose={() => setOpen(null)} />}
      </Modal>
    </>
  );
}
