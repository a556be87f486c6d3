// /cancel?attendee=…&token=…: the signed link in the confirmation email, for
// attendees without an account (or away from the portal). The same preview,
// confirmation and result as the portal; the link works for its one attendee.
import { Anchor, Alert, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { IconAlertCircle } from '@tabler/icons-react';
import { CancelFlow } from './CancelFlow';
import responsive from '@/components/responsive.module.css';

export interface CancelLinkPageProps {
  attendee?: string;
  token?: string;
}

export function CancelLinkPage({ attendee, token }: CancelLinkPageProps) {
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2" c="navy.9">Cancel your registration</Title>
          <Text c="dimmed" mt={4}>
            Refunds follow our <Anchor component={Link} to="/terms" underline="always">terms</Anchor>: the sooner you cancel, the more comes back.
          </Text>
        </div>
        <Paper withBorder radius="md" className={responsive.paddingMdLg}>
          {attendee && token ? (
            <CancelFlow target={{ attendee, token }} />
          ) : (
            <Alert color="red" icon={<IconAlertCircle size={18} />} title="This link is incomplete">
              Please open the cancellation link from your confirmation email again, or sign in to the attendee portal.
            </Alert>
          )}
        </Paper>
        <Text size="sm" c="dimmed">
          Have an account? You can also cancel in the <Anchor component={Link} to="/dashboard" underline="always">attendee portal</Anchor>.
        </Text>
      </Stack>
    </Container>
  );
}
