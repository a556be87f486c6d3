// 'Your Ticket' (/dashboard/ticket): a card per confirmed attendee row of the
// signed-in user, read from the device, so it opens at the door with no
// connection. `?door=<attendee id>` opens that ticket's full-screen view (the
// back button closes it).
import { Alert, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { NeedsConnection } from '@/components/stored-data/NeedsConnection';
import { useStoredData } from '@/components/stored-data/useStoredData';
import { Collections } from '@/lib/collections';
import { usePortalUser } from '../portalUser';
import { DoorView } from './DoorView';
import { TicketCard } from './TicketCard';
import { TaxInvoices } from './TaxInvoices';
import { useTickets } from './useTickets';

export interface TicketPageProps {
  door?: string;
  onDoor: (attendeeId: string | undefined) => void;
}

/** "No ticket yet" is true only once the device has pulled the attendee rows and the events. */
const TICKET_COLLECTIONS = [Collections.attendees, Collections.events] as const;

export function TicketPage({ door, onDoor }: TicketPageProps) {
  const user = usePortalUser();
  const stored = useStoredData(useTickets(user?.id ?? ''), TICKET_COLLECTIONS, (tickets) => tickets.length === 0);
  const tickets = stored.status === 'ready' ? stored.data : undefined;
  const shown = tickets?.find((ticket) => ticket.attendeeId === door) ?? null;
  return (
    <Stack gap="lg" maw={1100} mx="auto">
      <div>
        <Title order={1} size="h2" c="navy.9">
          Your Ticket
        </Title>
        <Text c="dimmed" mt={4}>
          {tickets && tickets.length > 0 && tickets.every((ticket) => ticket.cancelled)
            ? 'Your masterclass has been cancelled: there is no ticket to show at the door.'
            : tickets && tickets.length > 0 && tickets.every((ticket) => ticket.past || ticket.cancelled)
              ? 'Your masterclass has taken place: each ticket says whether you were checked in at the door.'
              : 'Show the QR code at the door. It is kept on this device, so it opens without a connection.'}
        </Text>
      </div>
      {stored.status === 'needs-connection' ? (
        <NeedsConnection message="Your ticket needs a connection to load the first time." state={stored} />
      ) : tickets === undefined ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">Loading your ticket…</Text>
        </Group>
      ) : tickets.length === 0 ? (
        <Alert color="navy" icon={<IconTicket size={20} />} title="No ticket yet" maw={640}>
          A ticket appears here once your registration is confirmed and this device has synced. Waitlist places have no ticket.
        </Alert>
      ) : (
        <Group align="stretch" gap="lg">
          {tickets.map((ticket) => (
            <TicketCard key={ticket.attendeeId} ticket={ticket} onShowAtDoor={() => onDoor(ticket.attendeeId)} />
          ))}
        </Group>
      )}
      <TaxInvoices userId={user?.id ?? ''} />
      <DoorView ticket={shown} onClose={() => onDoor(undefined)} />
    </Stack>
  );
}
