// A card's list that could not be loaded: what went wrong and a way to try again
// (the promo codes, early access and waitlist cards of the event page).
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

export interface LoadErrorAlertProps {
  /** Says what could not be loaded, e.g. "The waitlist could not be loaded". */
  title: string;
  message: string;
  onRetry: () => void;
}

export function LoadErrorAlert({ title, message, onRetry }: LoadErrorAlertProps) {
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} title={title}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="light" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
