import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReadinessSearch } from './readinessSearch';

/** An address naming an assessment this device does not hold. */
export function NotOnDevice({ onNavigate }: { onNavigate: (search: ReadinessSearch) => void }) {
  return (
    <Stack maw={800} mx="auto" gap="md">
      <Alert color="yellow" icon={<IconAlertCircle size={18} />} title="This assessment is not on this device">
        It may still be on its way from another device, or it was deleted. Once this device is online it syncs your assessments.
      </Alert>
      <div>
        <Button variant="default" onClick={() => onNavigate({})}>
          Back to AI Readiness
        </Button>
      </div>
    </Stack>
  );
}
