import { Alert, Badge, Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { TestModeBanner } from '@/components/TestModeBanner';
import { formatMoney } from '@/lib/money';
import type { EventSummary } from '../registrationApi';

/** The server's own words when it has no way to take a payment (it refuses the paid registration too). */
const PAYMENT_UNAVAILABLE = 'Online payment is not available right now. Please try again later or contact us.';

interface OrderSummaryProps {
  event: Pick<EventSummary, 'title' | 'price_cents' | 'currency' | 'seats_left' | 'checkout_mode'>;
  attendeeCount: number;
  promoCode: string | null;
  onRemovePromo: () => void;
  disabled: boolean;
}

/** Price × attendees; a promo makes it FREE with the price struck through (spec section 9). */
export function OrderSummary({ event, attendeeCount, promoCode, onRemovePromo, disabled }: OrderSummaryProps) {
  const total = formatMoney(event.price_cents * attendeeCount, event.currency);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="order-summary-heading" data-testid="order-summary">
      <Title order={2} size="h4" id="order-summary-heading" c="navy.9" mb="sm">
        Order Summary
      </Title>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text size="sm">Masterclass ticket</Text>
          <Text size="sm" ta="right">
            {formatMoney(event.price_cents, event.currency)} × {attendeeCount}
          </Text>
        </Group>
        {promoCode && (
          // A long code wraps inside its badge and the button moves below it: nothing is cut off.
          <Group justify="space-between" wrap="wrap" gap="xs" data-testid="order-promo">
            <Badge variant="light" color="teal" radius="sm" maw="100%" h="auto" py={4} styles={{ label: { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}>
              Promo {promoCode}
            </Badge>
            <Button variant="subtle" size="compact-xs" color="gray" onClick={onRemovePromo} disabled={disabled}>
              Remove promo code
            </Button>
          </Group>
        )}
        <Divider my={6} />
        <Group justify="space-between" wrap="nowrap" align="baseline">
          <Text fw={700}>Total ({event.currency})</Text>
          {promoCode ? (
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
        {!promoCode && event.checkout_mode === 'simulated' && <TestModeBanner />}
        {!promoCode && event.checkout_mode === 'unavailable' && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
            {PAYMENT_UNAVAILABLE}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
