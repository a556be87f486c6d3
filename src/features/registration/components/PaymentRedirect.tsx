import { useEffect } from 'react';
import { Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { TestModeBanner } from '@/components/TestModeBanner';

/** Where the server sends a payment while its simulated checkout is on. */
const SIMULATED_CHECKOUT_PATH = '/checkout/simulated';

/** Step 1: the registration holds its seats; the browser is on its way to the checkout page. */
export function PaymentRedirect({ checkoutUrl }: { checkoutUrl: string }) {
  useEffect(() => {
    window.location.assign(checkoutUrl);
  }, [checkoutUrl]);

  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="sm" ta="center" role="status">
        <Loader color="navy" />
        <Title order={2} size="h3" c="navy.9">
          Redirecting to payment
        </Title>
        <Text c="dimmed">Your places are held while you pay. Please don&apos;t close this tab.</Text>
        {checkoutUrl.startsWith(SIMULATED_CHECKOUT_PATH) && <TestModeBanner />}
      </Stack>
    </Paper>
  );
}
