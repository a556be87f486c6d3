// 'Your ticket' for one attendee row: who, which masterclass and when, the QR
// code, the code in words, and the bright view for the door. On the day it says
// whether the attendee is checked in; after the masterclass it says attended or
// not (the door's check-in), with no QR code and nothing to show at the door.
// A seat cancelled with its whole masterclass says so, with no QR code either.
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconMaximize } from '@tabler/icons-react';
import { groupedTicketCode } from '@/lib/ticket';
import { TicketQr } from './TicketQr';
import type { TicketView } from './ticketView';

/** What a seat cancelled with its whole masterclass says in place of its ticket. */
export const TICKET_CANCELLED =
  'This masterclass has been cancelled, and your seat with it: there is nothing to show at the door. Anything paid for your seat has been refunded in full to the card that paid, and we have emailed you.';

export interface TicketCardProps {
  ticket: TicketView;
  onShowAtDoor: () => void;
}

/** The badge of the ticket's day: checked in on the day; attended or not after it. */
function AttendanceBadge({ ticket }: { ticket: TicketView }) {
  if (ticket.cancelled) {
    return (
      <Badge color="red" variant="light" data-testid="ticket-attendance">
        Masterclass cancelled
      </Badge>
    );
  }
  if (!ticket.past && !(ticket.today && ticket.attended)) return null;
  const label = ticket.past ? (ticket.attended ? 'Attended' : 'Not checked in') : 'Checked in';
  return (
    <Badge color={ticket.attended ? 'teal' : 'gray'} variant="light" data-testid="ticket-attendance">
      {label}
    </Badge>
  );
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
            <AttendanceBadge ticket={ticket} />
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
        {ticket.cancelled ? (
          <Text size="sm" ta="center" data-testid="ticket-cancelled">
            {TICKET_CANCELLED}
          </Text>
        ) : ticket.past ? (
          <Text size="sm" ta="center" data-testid="ticket-afterwards">
            {ticket.attended
              ? 'You attended this masterclass. Thank you for joining us: your tools and the session materials stay in the portal.'
              : 'This masterclass has taken place, and you were not checked in at the door. Your tools and the session materials stay in the portal.'}
          </Text>
        ) : (
          <>
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
          </>
        )}
      </Stack>
    </Card>
  );
}
