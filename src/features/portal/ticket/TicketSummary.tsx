// The dashboard's pointer to the ticket: shown once the device holds one for a
// masterclass still to come or under way ('Your seat today' on the day).
import { Button, Card, Group, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { IconTicket } from '@tabler/icons-react';
import { usePortalUser } from '../portalUser';
import { useTickets } from './useTickets';

export function TicketSummary() {
  const user = usePortalUser();
  const tickets = useTickets(user?.id ?? '');
  const next = tickets?.find((ticket) => !ticket.past);
  if (!next) return null;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="ticket-summary">
      <Group justify="space-between" gap="md">
        <Group gap="md" wrap="nowrap">
          <ThemeIcon color="amber" c="navy.9" radius="md" size={44}>
            <IconTicket size={26} />
          </ThemeIcon>
          <div>
            <Title order={2} size="h4" id="ticket-summary">
              {next.today ? 'Your seat today' : 'Your ticket'}
            </Title>
            <Text size="sm" c="dimmed">
              {[next.eventTitle, next.when, next.today ? (next.attended ? 'You are checked in' : 'Show your ticket at the door') : ''].filter(Boolean).join(' · ')}
            </Text>
          </div>
        </Group>
        <Button component={Link} to="/dashboard/ticket" variant="light">
          {tickets && tickets.filter((ticket) => !ticket.past).length > 1 ? 'Show tickets' : 'Show ticket'}
        </Button>
      </Group>
    </Card>
  );
}
