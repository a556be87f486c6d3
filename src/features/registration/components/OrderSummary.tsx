import { Alert, Badge, Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { TestModeBanner } from '@/components/TestModeBanner';
import { formatMoney } from '@/lib/money';
import type { EventSummary } from '../registrationApi';
import { seatLimitProblem, type DiscountOffer } from '../discountOffer';

/** The server's own words when it has no way to take a payment (it refuses the paid registration too). */
const PAYMENT_UNAVAILABLE = 'Card payment is not set up on this server yet. Please contact us to register, or use a promo code if you have one.';

interface OrderSummaryProps {
  event: Pick<EventSummary, 'title' | 'price_cents' | 'currency' | 'seats_left' | 'checkout_mode'>;
  attendeeCount: number;
  promoCode: string | null;
  /** What the applied code takes off each seat (the server's figures); null for a free code or none. */
  discount?: DiscountOffer | null;
  onRemovePromo: () => void;
  disabled: boolean;
}

/**
 * Price × attendees; a free promo makes it FREE with the price struck through (spec section 9); a
 * discount code shows each seat's price before and after it and the discounted total.
 */
export function OrderSummary({ event, attendeeCount, promoCode, discount = null, onRemovePromo, disabled }: OrderSummaryProps) {
  const total = formatMoney(event.price_cents * attendeeCount, event.currency);
  const free = promoCode !== null && discount === null;
  const seatProblem = discount ? seatLimitProblem(discount, attendeeCount) : null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="order-summary-heading" data-testid="order-summary">
      <Title order={2} size="h4" id="order-summary-heading" c="navy.9" mb="sm">
        Order Summary
      </Title>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text size="sm">Masterclass ticket</Text>
          {discount ? (
            <Text size="sm" ta="right" data-testid="order-unit-price">
              <Text component="del" c="dimmed" inherit>
                {formatMoney(discount.listPriceCents, discount.currency)}
              </Text>{' '}
              {formatMoney(discount.unitPriceCents, discount.currency)} × {attendeeCount}
            </Text>
          ) : (
            <Text size="sm" ta="right">
              {formatMoney(event.price_cents, event.currency)} × {attendeeCount}
            </Text>
          )}
        </Group>
        {promoCode && (
          // A long code wraps inside its badge and the button moves below it: nothing is cut off.
          <Group justify="space-between" wrap="wrap" gap="xs" data-testid="order-promo">
            <Badge variant="light" color="teal" radius="sm" maw="100%" h="auto" py={4} styles={{ label: { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}>
              {discount ? discount.label : `Promo ${promoCode}`}
            </Badge>
            <Button variant="subtle" size="compact-xs" color="gray" onClick={onRemovePromo} disabled={disabled}>
              Remove promo code
            </Button>
          </Group>
        )}
        {discount && (
          <Group justify="space-between" wrap="nowrap" align="flex-start" data-testid="order-discount">
            <Text size="sm">Discount ({formatMoney(discount.discountCents, discount.currency)} off each seat)</Text>
            <Text size="sm" ta="right" c="teal.8">
              −{formatMoney(discount.discountCents * attendeeCount, discount.currency)}
            </Text>
          </Group>
        )}
        {seatProblem && (
          <Text size="sm" c="red.7" role="status">
            {seatProblem}
          </Text>
        )}
        <Divider my={6} />
        <Group justify="space-between" wrap="nowrap" align="baseline">
          <Text fw={700}>Total ({event.currency})</Text>
          {discount ? (
            <Group gap="xs" align="baseline" data-testid="order-total">
              <Text component="del" c="dimmed">
                {total}
              </Text>
              <Text fw={800} fz="xl" c="navy.9">
                {formatMoney(discount.unitPriceCents * attendeeCount, discount.currency)}
              </Text>
            </Group>
          ) : free ? (
            <Group gap="xs" align="baseline" data-testid="order-total">
              <Text component="del" c="dimmed">
                {total}
              </Text>
              <Text fw={800} fz="xl" c="teal.8">
                FREE
              </Text>
            </Group>
          ) : (
            <Text fw={800} fz="xl" c="navy.9" data-testid="order-total">
              {total}
            </Text>
          )}
        </Group>
        {event.seats_left !== undefined && event.seats_left < attendeeCount && (
          <Text size="sm" c="red.7" role="status">
            Only {event.seats_left} {event.seats_left === 1 ? 'seat is' : 'seats are'} left.
          </Text>
        )}
        {discount && (
          <Text size="xs" c="dimmed">
            Prices include GST. The discount is checked again when you proceed to payment.
          </Text>
        )}
        {!free && event.checkout_mode === 'simulated' && <TestModeBanner />}
        {!free && event.checkout_mode === 'unavailable' && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
            {PAYMENT_UNAVAILABLE}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
