// Shown wherever a buyer would pay while the server runs the simulated
// checkout (GET /api/masterclass/event `checkout_mode: "simulated"`), so a
// test server is never mistaken for a real sale.
import { Alert } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';

export const TEST_MODE_TITLE = 'Test mode';
export const TEST_MODE_TEXT = 'Payments are simulated on this server: no card is charged and no money moves.';

export function TestModeBanner() {
  return (
    <Alert color="amber" variant="light" title={TEST_MODE_TITLE} icon={<IconFlask size={18} />} data-testid="test-mode-banner">
      {TEST_MODE_TEXT}
    </Alert>
  );
}
