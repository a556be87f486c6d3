// The sync status badge with a popover that lists the changes the server
// refused (or gave up on), each with the reason and Retry / Discard (Discard
// asks first: the edit is lost and the record goes back to the server's version),
// and the changes another account made on this device, which wait for that account.
import { Button, Group, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { SyncStatusIndicator } from '@/components/SyncStatusIndicator';
import { db, type OutboxRow } from '@/db';
import { discardChange } from '@/sync/discardChange';
import { retryChange } from '@/sync/retryChange';

const collectionLabels: Record<string, string> = {
  users: 'Profile',
  readiness_assessments: 'Readiness assessment',
  business_cases: 'Business case',
  saved_use_cases: 'Saved use case',
};

const opLabels = { create: 'new', update: 'edit', delete: 'deletion' } as const;

export function SyncStatusPopover({ userId }: { userId: string }) {
  const changes = useLiveQuery(() => db.outbox.toArray(), [], [] as OutboxRow[]);
  const mine = (change: OutboxRow) => change.owner === undefined || change.owner === userId;
  const failed = changes.filter((change) => change.status === 'failed' && mine(change));
  const elsewhere = changes.filter((change) => !mine(change));
  if (failed.length === 0 && elsewhere.length === 0) return <SyncStatusIndicator />;
  return (
    <Popover width={320} position="bottom-end" shadow="md" withArrow>
      <Popover.Target>
        <UnstyledButton aria-label="Show changes that did not sync" data-testid="sync-status-toggle">
          <SyncStatusIndicator />
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm" data-testid="failed-changes">
          {failed.length > 0 && <Text fw={700} size="sm">Changes that did not sync</Text>}
          {failed.map((change) => <FailedChange key={change.seq} change={change} />)}
          {elsewhere.length > 0 && (
            <Text size="sm" data-testid="other-account-changes">
              {elsewhere.length === 1 ? '1 change belongs' : `${elsewhere.length} changes belong`} to another account
              signed in earlier on this device; {elsewhere.length === 1 ? 'it syncs' : 'they sync'} when that account signs in again.
            </Text>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

function FailedChange({ change }: { change: OutboxRow }) {
  const [confirming, setConfirming] = useState(false);
  const seq = change.seq;
  if (seq === undefined) return null;
  return (
    <Stack gap={4} data-testid="failed-change">
      <Text size="sm">
        {collectionLabels[change.collection] ?? change.collection} ({opLabels[change.op]}),{' '}
        {new Date(change.createdAt).toLocaleString()}
      </Text>
      <Text size="xs" c="red.8">{change.error ?? 'Refused by the server'}</Text>
      {confirming ? (
        <Group gap="xs">
          <Text size="xs">Discard this change for good?</Text>
          <Button size="compact-xs" color="red" onClick={() => void discardChange(db, seq)}>Discard</Button>
          <Button size="compact-xs" variant="default" onClick={() => setConfirming(false)}>Keep</Button>
        </Group>
      ) : (
        <Group gap="xs">
          <Button size="compact-xs" onClick={() => void retryChange(db, seq)}>Retry</Button>
          <Button size="compact-xs" variant="default" color="red" onClick={() => setConfirming(true)}>Discard…</Button>
        </Group>
      )}
    </Stack>
  );
}
