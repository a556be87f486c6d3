// What a portal page says when the data it shows is not on this device yet and
// the connection to bring it is missing (useStoredData): what needs it, why it
// has not come, and Retry, which asks the sync for a pass now.
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconRefresh, IconWifiOff } from '@tabler/icons-react';
import type { MissingReason, NeedsConnectionState } from './useStoredData';

const REASONS: Record<MissingReason, string> = {
  offline: 'You are offline. Connect to the internet and press Retry.',
  unreachable: 'The server could not be reached. Check your connection and press Retry.',
  slow: 'It has not arrived yet. If it does not come soon, check your connection and press Retry.',
};

export interface NeedsConnectionProps {
  /** What needs it, as a sentence, e.g. "Your profile needs a connection to load the first time." */
  message: string;
  state: NeedsConnectionState;
}

export function NeedsConnection({ message, state }: NeedsConnectionProps) {
  return (
    <Alert color="yellow" variant="light" icon={<IconWifiOff size={18} />} title={message} role="alert" data-testid="needs-connection">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{REASONS[state.reason]} It is kept on this device once it has loaded, so it opens offline after that.</Text>
        <Button size="xs" variant="light" color="yellow" c="navy.9" leftSection={<IconRefresh size={16} />} loading={state.retrying} onClick={state.retry}>
          Retry
        </Button>
      </Stack>
    </Alert>
  );
}
