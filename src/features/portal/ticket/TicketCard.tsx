// 'Your ticket' for one attendee row: who, which masterclass and when, the QR
// code, the code in words, and the bright view for the door.
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconMaximize } from '@tabler/icons-react';
import { groupedTicketCode } from '@/lib/ticket';
import { TicketQr } from './TicketQr';
import type { TicketView } from './ticketView';

export interface TicketCardProps {
  ticket: TicketView;
  onShowAtDoor: () => void;
}

export function TicketCard({ ticket, onShowAtDoor }: TicketCardProps) {
  const headingId = `ticket-${ticket.attendeeId}`;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId} data-testid="ticket-card" maw={460} w="100%">
      <Stack gap="md" align="center">
        <Stack gap={4} align="center" ta="center">
          <Group gap="xs" justify="center">
            <Title order={2} size="h3" id={headingId} c="navy.9">
              Your ticket
            </Title>
            {ticket.observer && <Badge color="gray" variant="light">Observer</Badge>}
            {ticket.past && <Badge color="gray" variant="light">Took place</Badge>}
          </Group>
          <Text fw={700} size="lg" data-testid="ticket-name">
            {ticket.fullName}
          </Text>
          <Text fw={600} c="navy.9">
            {ticket.eventTitle}
          </Text>
          {ticket.when && (
            <Text size="sm" data-testid="ticket-when">
              {ticket.when}
            </Text>
          )}
          {ticket.venue && (
            <Text size="sm" c="dimmed">
              {ticket.venue}
            </Text>
          )}
        </Stack>
        <TicketQr payload={ticket.payload} size={232} label={`QR code of the ticket of ${ticket.fullName}`} />
        <Stack gap={2} align="center">
          <Text size="xs" c="dimmed">
            Ticket code
          </Text>
          <Text ff="monospace" fw={600} size="sm" data-testid="ticket-code">
            {groupedTicketCode(ticket.code)}
          </Text>
        </Stack>
        <Button leftSection={<IconMaximize size={18} />} onClick={onShowAtDoor} fullWidth>
          Show at the door
        </Button>
        <Text size="xs" c="dimmed" ta="center">
          This ticket is stored on this device and opens without a connection.
        </Text>
      </Stack>
    </Card>
  );
}
