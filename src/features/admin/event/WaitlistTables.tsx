// The two tables of the waitlist card: the people waiting, in the order
// seats are offered (with Offer seat and Skip), and the offers made (with
// Withdraw for an open one). Both scroll sideways on a phone.
import { Badge, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { formatZonedInstant } from '@/lib/eventWhen';
import { STATUS_LABELS, TRIGGER_LABELS, type AdminOffer, type WaitlistAdmin } from './waitlistAdminApi';

interface QueueTableProps {
  queue: WaitlistAdmin['queue'];
  timezone: string;
  /** Why Offer seat is disabled ('' when a seat is free). */
  offerBlocked: string;
  busy: boolean;
  onOffer: (person: WaitlistAdmin['queue'][number]) => void;
  onSkip: (person: { attendee_id: string; full_name: string }) => void;
}

export function QueueTable({ queue, timezone, offerBlocked, busy, onOffer, onSkip }: QueueTableProps) {
  if (queue.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nobody is waiting for a seat.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label="People waiting for a seat">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">#</Table.Th>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">Email</Table.Th>
            <Table.Th scope="col">Waiting since</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {queue.map((person) => (
            <Table.Tr key={person.attendee_id}>
              <Table.Td>{person.position}</Table.Td>
              <Table.Td>{person.full_name}</Table.Td>
              <Table.Td>{person.email}</Table.Td>
              <Table.Td>{formatZonedInstant(person.waiting_since, timezone)}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap" justify="flex-end">
                  <Button
                    size="compact-sm"
                    variant="light"
                    color="teal"
                    disabled={busy || offerBlocked !== ''}
                    title={offerBlocked || undefined}
                    aria-label={`Offer a seat to ${person.full_name}`}
                    onClick={() => onOffer(person)}
                  >
                    Offer seat
                  </Button>
                  <Button size="compact-sm" variant="subtle" color="gray" disabled={busy} aria-label={`Skip ${person.full_name}`} onClick={() => onSkip(person)}>
                    Skip
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function offerWhen(offer: AdminOffer, timezone: string): string {
  if (offer.status === 'open') return offer.in_checkout ? 'Paying now' : `Held until ${formatZonedInstant(offer.expires_at, timezone)}`;
  return offer.ended_at ? formatZonedInstant(offer.ended_at, timezone) : '';
}

interface OffersTableProps {
  offers: AdminOffer[];
  timezone: string;
  busy: boolean;
  onWithdraw: (offer: AdminOffer) => void;
}

export function OffersTable({ offers, timezone, busy, onWithdraw }: OffersTableProps) {
  if (offers.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No seat has been offered yet.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="xs" aria-label="Seat offers">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Person</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Offered</Table.Th>
            <Table.Th scope="col">Held until / ended</Table.Th>
            <Table.Th scope="col">Why</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {offers.map((offer) => (
            <Table.Tr key={offer.id}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {offer.full_name || offer.email}
                </Text>
                <Text size="xs" c="dimmed">
                  {offer.email}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Badge color={STATUS_LABELS[offer.status].color} variant="light" tt="none" style={{ minWidth: 'max-content' }}>
                  {STATUS_LABELS[offer.status].label}
                </Badge>
              </Table.Td>
              <Table.Td>{offer.offered_at ? formatZonedInstant(offer.offered_at, timezone) : '–'}</Table.Td>
              <Table.Td>{offerWhen(offer, timezone)}</Table.Td>
              <Table.Td>
                <Text size="sm">{TRIGGER_LABELS[offer.trigger] ?? offer.trigger}</Text>
                {offer.note ? (
                  <Text size="xs" c="dimmed">
                    {offer.note}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                {offer.status === 'open' ? (
                  <Button size="compact-sm" variant="subtle" color="red" disabled={busy} aria-label={`Withdraw the offer to ${offer.full_name || offer.email}`} onClick={() => onWithdraw(offer)}>
                    Withdraw
                  </Button>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
