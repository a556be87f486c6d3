// What the portal says when this tab cannot use the device's database as
// usual (see connectionState): a newer version opened in another tab, an
// upgrade waiting for an old tab, or a database that cannot be opened.
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import Dexie from 'dexie';
import { useState, useSyncExternalStore } from 'react';
import { databaseProblem, db } from '@/db';

async function resetDeviceCopy(): Promise<void> {
  db.close();
  await Dexie.delete(db.name);
  window.location.reload();
}

export function LocalDatabaseNotice() {
  const problem = useSyncExternalStore(databaseProblem.subscribe, databaseProblem.get, databaseProblem.get);
  const [confirmingReset, setConfirmingReset] = useState(false);
  if (!problem) return null;
  const reload = (
    <Button size="xs" onClick={() => window.location.reload()}>
      Reload
    </Button>
  );
  if (problem.kind === 'outdated') {
    return (
      <Alert color="blue" title="A new version is open in another tab" mb="md" data-testid="database-notice">
        <Group justify="space-between" gap="xs">
          <Text size="sm">Save what you are typing, then reload this tab to continue with the new version.</Text>
          {reload}
        </Group>
      </Alert>
    );
  }
  if (problem.kind === 'blocked') {
    return (
      <Alert color="orange" title="Finishing an update" mb="md" data-testid="database-notice">
        <Text size="sm">Another tab of this app is still open on an older version. Reload or close it to continue here.</Text>
      </Alert>
    );
  }
  return (
    <Alert color="red" title="This device's storage could not be opened" mb="md" data-testid="database-notice">
      <Stack gap="xs">
        <Text size="sm">
          The portal keeps your data on this device to work offline, and this browser refused to open it ({problem.reason}).
          Reloading often helps; private browsing or a full device can also cause this. The public pages, registration and
          sign-in keep working.
        </Text>
        {confirmingReset ? (
          <Group gap="xs">
            <Text size="sm">Delete this device&apos;s copy? Changes not yet sent from it are lost; everything synced comes back from the server.</Text>
            <Button size="xs" color="red" onClick={() => void resetDeviceCopy()}>Delete and reload</Button>
            <Button size="xs" variant="default" onClick={() => setConfirmingReset(false)}>Keep</Button>
          </Group>
        ) : (
          <Group gap="xs">
            {reload}
            <Button size="xs" variant="default" color="red" onClick={() => setConfirmingReset(true)}>Reset this device&apos;s copy…</Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
