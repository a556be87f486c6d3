import { useState } from 'react';
import { Alert, Anchor, Badge, Box, Button, Center, Container, Divider, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconFlask } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { ClientResponseError } from 'pocketbase';
import { TestModeBanner } from '@/components/TestModeBanner';
import { EVENT_TITLE } from '@/lib/collections';
import { formatMoney } from '@/lib/money';
import type { CheckoutStatus } from '@/lib/checkoutStatus';
import { completeSimulatedCheckout, type SimulatedCheckoutAction } from './simulatedCheckoutApi';
import { NOT_OWNER_TEXT, useCheckoutSession } from './useCheckoutSession';
import responsive from '@/components/responsive.module.css';

/** /checkout/simulated: a test checkout with Pay and Cancel, served only while the server's SIMULATED_CHECKOUT is on. */
export function SimulatedCheckoutPage({ sessionId }: { sessionId: string | null }) {
  const session = useCheckoutSession(sessionId);

  return (
    <Box bg="gray.0" mih="100vh">
      <Container size={480} className={responsive.paddingBlockLg60}>
        <Paper withBorder radius="lg" shadow="sm" className={responsive.paddingLgXl}>
          <Stack gap="lg">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={800} c="navy.9" lts="0.06em" size="sm">
                {EVENT_TITLE}
              </Text>
              <Badge
                color="amber"
                c="navy.9"
                variant="filled"
                leftSection={<IconFlask size={14} />}
                style={{ flexShrink: 0, overflow: 'visible' }}
              >
                Test checkout
              </Badge>
            </Group>
            <TestModeBanner />
            {session.status === 'loading' && (
              <Center py="lg" role="status" aria-label="Loading the checkout">
                <Loader color="navy" />
              </Center>
            )}
            {session.status === 'not_found' && <Unavailable text="This checkout session could not be found." />}
            {session.status === 'not_owner' && <Unavailable text={session.message} />}
            {session.status === 'failed' && <Unavailable text="We couldn't load this checkout. Please refresh the page to try again." />}
            {session.status === 'ready' && sessionId && <CheckoutDetails sessionId={sessionId} checkout={session.checkout} />}
          </Stack>
        </Paper>
      </Container>
    </Box>
  );
}

function Unavailable({ text }: { text: string }) {
  return (
    <Stack gap="sm">
      <Text>{text}</Text>
      <Anchor component={Link} to="/register">
        Back to registration
      </Anchor>
    </Stack>
  );
}

function CheckoutDetails({ sessionId, checkout }: { sessionId: string; checkout: CheckoutStatus }) {
  const [busy, setBusy] = useState<SimulatedCheckoutAction | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const amount = formatMoney(checkout.totalAmountCents, checkout.currency);
  const open = checkout.status === 'pending';
  const unit = checkout.unitPriceCents ?? 0;
  const discountCents = checkout.discountCents ?? 0;
  const discounted = unit > 0 && discountCents > 0 && Boolean(checkout.discountLabel);

  async function finish(action: SimulatedCheckoutAction) {
    setBusy(action);
    setFailure(null);
    try {
      const { redirectUrl } = await completeSimulatedCheckout(sessionId, action);
      window.location.assign(redirectUrl);
    } catch (error) {
      console.error(`Simulated checkout ${action} failed`, error);
      setFailure(
        error instanceof ClientResponseError && error.status === 403
          ? NOT_OWNER_TEXT
          : action === 'pay'
            ? 'The test payment could not be completed. Please try again.'
            : 'The checkout could not be cancelled. Please try again.',
      );
      setBusy(null);
    }
  }

  return (
    <Stack gap="md">
      <div>
        <Text c="dimmed" size="sm">
          Pay AI Champions Masterclass
        </Text>
        <Title order={1} fz={36} c="navy.9" data-testid="checkout-amount">
          {amount}
        </Title>
        <Text size="sm" c="dimmed">
          {checkout.currency}
        </Text>
      </div>
      <Divider />
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text>Masterclass ticket × {checkout.attendeeCount}</Text>
          {discounted && (
            // The same line item Stripe's page shows: the discounted price per seat, the discount named.
            <Text size="sm" c="dimmed" data-testid="checkout-discount">
              Discount {checkout.discountLabel}: {formatMoney(unit + discountCents, checkout.currency)} less {formatMoney(discountCents, checkout.currency)} ={' '}
              {formatMoney(unit, checkout.currency)} per seat, GST included
            </Text>
          )}
        </div>
        <Text fw={600} style={{ flexShrink: 0 }}>
          {amount}
        </Text>
      </Group>
      {!open && (
        <Alert color="yellow" variant="light" icon={<IconAlertCircle size={18} />}>
          This checkout is no longer open ({checkout.status}).{' '}
          <Anchor component={Link} to="/register">
            Back to registration
          </Anchor>
        </Alert>
      )}
      {failure && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {failure}
        </Alert>
      )}
      <Stack gap="xs">
        <Button size="md" fullWidth onClick={() => void finish('pay')} loading={busy === 'pay'} disabled={!open || busy !== null}>
          Pay {amount}
        </Button>
        <Button
          size="md"
          fullWidth
          variant="default"
          onClick={() => void finish('cancel')}
          loading={busy === 'cancel'}
          disabled={!open || busy !== null}
        >
          Cancel
        </Button>
      </Stack>
    </Stack>
  );
}
