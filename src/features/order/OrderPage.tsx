// /order/<id>?key=…: the order page the buyer's confirmation email and the
// completion page link to, open without an account. It shows the order as the
// server has it now; nothing of it is kept on the device, so without a
// connection it says so rather than show a ticket that may have been replaced.
import { Alert, Button, Center, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconRefresh, IconWifiOff } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import responsive from '@/components/responsive.module.css';
import { OrderDetails } from '@/components/order/OrderDetails';
import type { OrderLink } from '@/lib/order';
import { useOrder } from '@/components/order/useOrder';

export function OrderPage({ link }: { link: OrderLink | null }) {
  const { load, reload } = useOrder(link);
  return (
    <Container size="md" className={responsive.paddingBlockXl48}>
      <Title order={1} c="navy.9" mb="lg">
        Your order
      </Title>
      {load.status === 'loading' && (
        <Center py="xl" role="status" aria-label="Loading your order">
          <Loader color="navy" />
        </Center>
      )}
      {load.status === 'offline' && (
        <Alert color="yellow" variant="light" icon={<IconWifiOff size={18} />} title="This page needs a connection" role="alert">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              Your order and tickets are read from our server each time, so that a ticket replaced or cancelled since never shows
              as valid. Connect to the internet and try again. Meanwhile, your confirmation email carries your ticket, and the
              attendee portal keeps it offline once you have created your account.
            </Text>
            <Button size="xs" variant="light" color="yellow" leftSection={<IconRefresh size={16} />} onClick={reload}>
              Try again
            </Button>
          </Stack>
        </Alert>
      )}
      {load.status === 'refused' && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="We couldn't show this order" role="alert">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{load.message}</Text>
            <Button component={Link} to="/contact" size="xs" variant="light" color="red">
              Contact Us
            </Button>
          </Stack>
        </Alert>
      )}
      {load.status === 'ready' && (
        <Stack gap="md">
          <OrderDetails order={load.order} level={2} staleSince={load.stale ? load.checkedAt : null} />
          {load.order.state === 'processing' && (
            <Button variant="light" leftSection={<IconRefresh size={18} />} onClick={reload} w="fit-content">
              Check again
            </Button>
          )}
        </Stack>
      )}
    </Container>
  );
}
