// One order as its buyer sees it, on the completion page and the order page:
// the reference, the amount paid (and any refund), the masterclass with its
// calendar link and the tax invoice, then each attendee's ticket as it is now
// (the QR code and code of a confirmed attendee; a cancelled attendee shows as
// cancelled, without a code).
import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { ResponsiveGrid } from '@/components/ResponsiveGrid';
import { IconCalendarPlus, IconClockHour4, IconFileInvoice, IconWifiOff } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { TicketQr } from '@/components/ticket/TicketQr';
import { groupedTicketCode } from '@/lib/ticket';
import type { Order, OrderAttendee } from '@/lib/order';
import classes from './OrderDetails.module.css';
import { afterwardsNote, offersCalendar, seatBadge, showsTicket, ticketsHeading, ticketsNote } from './orderWords';

type Level = 2 | 3;

function timeOf(date: Date): string {
  return date.toLocaleTimeString('en-AU', { hour: 'numeric', minute: '2-digit' });
}

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className={classes.fact}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={600} className={classes.value} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

function AttendeeTicket({ attendee, order, level }: { attendee: OrderAttendee; order: Order; level: Level }) {
  const words = seatBadge(attendee, order);
  const afterwards = afterwardsNote(attendee, order);
  const headingId = `order-ticket-${attendee.id}`;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId} data-testid="order-ticket">
      <Stack gap="sm" align="center" ta="center">
        <Group gap="xs" justify="center">
          <Title order={(level + 1) as 3 | 4} size="h4" id={headingId} c="navy.9" className={classes.value} data-testid="order-ticket-name">
            {attendee.name}
          </Title>
          <Badge color={words.color} variant="light" data-testid="order-ticket-status">
            {words.label}
          </Badge>
        </Group>
        {afterwards ? (
          <Text size="sm" maw={280} data-testid="order-ticket-afterwards">
            {afterwards}
          </Text>
        ) : attendee.ticket && showsTicket(attendee, order) ? (
          <>
            <TicketQr payload={attendee.ticket.payload} size={208} label={`QR code of the ticket of ${attendee.name}`} />
            <Stack gap={2} align="center">
              <Text size="xs" c="dimmed">
                Ticket code
              </Text>
              <Text ff="monospace" fw={600} size="sm" data-testid="order-ticket-code">
                {groupedTicketCode(attendee.ticket.code)}
              </Text>
            </Stack>
          </>
        ) : (
          <Text size="sm" c="dimmed" maw={280}>
            {attendee.status === 'cancelled'
              ? 'This registration was cancelled, so there is no ticket for it.'
              : order.state === 'processing'
                ? 'The ticket appears here once the payment is confirmed.'
                : 'No ticket: this place is not confirmed.'}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

export interface OrderDetailsProps {
  order: Order;
  /** The heading level of the order's sections (2 on its own page, 3 under the completion's title). */
  level: Level;
  /** When the order could not be checked with the server just now: since when it is shown unchanged. */
  staleSince?: Date | null;
}

export function OrderDetails({ order, level, staleSince = null }: OrderDetailsProps) {
  const held = order.attendees.filter((attendee) => attendee.ticket);
  const calendarUrl = held.length === 1 && held[0]?.ticket ? held[0].ticket.calendar_url : order.event.calendar_url;
  const refunded = order.refunded_cents + order.refund_pending_cents;
  return (
    <Stack gap="lg" w="100%" ta="left" data-testid="order-details">
      {staleSince && (
        <Alert color="yellow" variant="light" icon={<IconWifiOff size={18} />} title="Not checked just now" role="status">
          You are offline, so this order is shown as it was at {timeOf(staleSince)}. A ticket changed since then (replaced or
          cancelled) does not show here until you are back online.
        </Alert>
      )}
      {order.state === 'processing' && (
        <Alert color="yellow" variant="light" icon={<IconClockHour4 size={18} />} title="Payment not confirmed yet" role="status">
          We are still waiting for the payment to be confirmed. The tickets appear here as soon as it is; this usually takes a
          moment.
        </Alert>
      )}
      {order.state === 'not_completed' && (
        <Alert color="red" variant="light" title="Registration not completed" role="status">
          This registration was not completed, so no places were booked. Any payment taken is refunded to your card.
        </Alert>
      )}
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={`order-summary-${order.id}`}>
        <Stack gap="md">
          <Title order={level} size="h4" c="navy.9" id={`order-summary-${order.id}`}>
            Order details
          </Title>
          <ResponsiveGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
            <Fact label="Order reference" value={order.reference} testId="order-reference" />
            <Fact label={order.state === 'confirmed' ? 'Amount paid' : 'Amount'} value={order.amount_text} testId="order-amount" />
            <Fact label="Ordered on" value={order.created_text} />
            <Fact label="Attendees" value={String(order.attendees.length)} />
          </ResponsiveGrid>
          {refunded > 0 && (
            <Text size="sm" data-testid="order-refund">
              {[
                order.refunded_cents > 0 ? `Refunded: ${order.refunded_text}.` : '',
                order.refund_pending_cents > 0 ? `Refund on its way to your card: ${order.refund_pending_text}.` : '',
              ]
                .filter(Boolean)
                .join(' ')}
            </Text>
          )}
          <div>
            <Text fw={700} c="navy.9" className={classes.value}>
              {order.event.title}
            </Text>
            <Text size="sm">{order.event.when}</Text>
            {(order.event.venue || order.event.location) && (
              <Text size="sm" c="dimmed" className={classes.value}>
                {[order.event.venue, order.event.location].filter(Boolean).join(', ')}
              </Text>
            )}
          </div>
          <Group gap="sm">
            {offersCalendar(order) && (
              <Button component="a" href={calendarUrl} variant="light" leftSection={<IconCalendarPlus size={18} />} className={classes.action}>
                Add to Calendar
              </Button>
            )}
            {order.invoice_url && (
              <Button component="a" href={order.invoice_url} variant="default" leftSection={<IconFileInvoice size={18} />} className={classes.action}>
                Tax invoice (PDF)
              </Button>
            )}
          </Group>
        </Stack>
      </Card>
      <Stack gap="sm" component="section" aria-labelledby={`order-tickets-${order.id}`}>
        <Title order={level} size="h4" c="navy.9" id={`order-tickets-${order.id}`}>
          {ticketsHeading(order)}
        </Title>
        {ticketsNote(order) && <Text size="sm">{ticketsNote(order)}</Text>}
        <ResponsiveGrid cols={{ base: 1, sm: order.attendees.length > 1 ? 2 : 1 }} spacing="md">
          {order.attendees.map((attendee) => (
            <AttendeeTicket key={attendee.id} attendee={attendee} order={order} level={level} />
          ))}
        </ResponsiveGrid>
      </Stack>
      <Text size="xs" c="dimmed">
        Questions about this order? <Anchor component={Link} to="/contact" underline="always">
          Contact us
        </Anchor> and quote the order reference.
      </Text>
    </Stack>
  );
}
