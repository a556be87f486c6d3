// The sync status badge and its popover: the connection, the changes waiting,
// the changes the server refused (each with the reason, Retry and Discard,
// which asks first: the edit is lost and the record goes back to the server's
// version; a field edited on both sides offers Keep mine / Use the server's),
// changes another account made on this device, how current this device's copy
// is (up to date as of the last complete sync, aging as time passes), and how
// safe it is (persistent storage, space used).
import { Button, Divider, Group, Popover, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Link, useLocation } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { OfflineReadyLine } from '@/components/OfflineReadyLine';
import { SyncStatusIndicator } from '@/components/SyncStatusIndicator';
import { db, isDoorChange, STORAGE_FULL_MESSAGE, type OutboxRow } from '@/db';
import { useSyncStatus, type SyncStatus } from '@/sync';
import { discardChange } from '@/sync/discardChange';
import { retryChange } from '@/sync/retryChange';
import { syncCheckpoint } from '@/sync/syncStatusLabel';
import { useNow } from './useNow';
import { StorageStateLine } from './StorageStateLine';
import { ConflictChange } from './ConflictChange';

/** "synced N min ago" and "Up to date as of … (N min ago)" are said again this often. */
const REFRESH_MS = 15_000;

const collectionLabels: Record<string, string> = {
  users: 'Profile',
  readiness_assessments: 'Readiness assessment',
  business_cases: 'Business case',
  saved_use_cases: 'Saved use case',
  check_ins: 'Door check-in',
};

const opLabels = { create: 'new', update: 'edit', delete: 'deletion' } as const;

const changes = (count: number) => (count === 1 ? '1 change' : `${count} changes`);

export function SyncStatusPopover({ userId }: { userId: string }) {
  const engineStatus = useSyncStatus();
  const now = useNow(REFRESH_MS).getTime();
  const [opened, setOpened] = useState(false);
  const outbox = useLiveQuery(() => db.outbox.toArray(), [], undefined);
  // Door check-ins are sent by any administrator signed in here: never another account's.
  const mine = (change: OutboxRow) => change.owner === undefined || change.owner === userId || isDoorChange(change);
  const failed = (outbox ?? []).filter((change) => change.status === 'failed' && mine(change));
  const elsewhere = (outbox ?? []).filter((change) => !mine(change));
  // The outbox is shared by every tab: counted live, a change made or sent in
  // another tab shows here at once, not after this tab's next pass.
  const status: SyncStatus = outbox
    ? { ...engineStatus, pending: outbox.filter((change) => change.status === 'pending' && mine(change)).length, failed: failed.length }
    : engineStatus;
  return (
    <Popover width={330} position="bottom-end" shadow="md" withArrow opened={opened} onChange={setOpened}>
      <Popover.Target>
        <UnstyledButton aria-expanded={opened} onClick={() => setOpened((open) => !open)} data-testid="sync-status-toggle">
          {/* Named by the status it shows, after what it opens. */}
          <VisuallyHidden>Sync status details: </VisuallyHidden>
          <SyncStatusIndicator status={status} now={now} />
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm" data-testid="sync-details">
          <SessionLine status={status} onFollow={() => setOpened(false)} />
          <Text size="sm" data-testid="sync-connection">{connectionText(status)}</Text>
          <Text size="sm" data-testid="sync-waiting">
            {status.pending > 0 ? `${changes(status.pending)} waiting to be sent.` : 'No changes waiting to be sent.'}
          </Text>
          <Text size="sm" data-testid="sync-last">
            {syncCheckpoint(status, now)}
          </Text>
          {status.storageFull && <Text size="sm" c="red.8" data-testid="sync-storage-full">{STORAGE_FULL_MESSAGE}</Text>}
          {failed.length > 0 && (
            <Stack gap="sm" data-testid="failed-changes">
              <Divider />
              <Text fw={700} size="sm">Changes that did not sync</Text>
              {failed.map((change) => (change.conflict?.length && change.seq !== undefined
                ? <ConflictChange key={change.seq} change={{ ...change, seq: change.seq }} />
                : <FailedChange key={change.seq} change={change} />))}
            </Stack>
          )}
          {elsewhere.length > 0 && (
            <Text size="sm" data-testid="other-account-changes">
              {elsewhere.length === 1 ? '1 change belongs' : `${elsewhere.length} changes belong`} to another account
              signed in earlier on this device; {elsewhere.length === 1 ? 'it syncs' : 'they sync'} when that account signs in again.
            </Text>
          )}
          <Divider />
          <OfflineReadyLine />
          {opened && <StorageStateLine />}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

function connectionText(status: SyncStatus): string {
  if (!status.online) return 'Offline: your changes are kept on this device and sent when the connection returns.';
  if (status.unreachable) return 'Online, but the server is not answering: retrying.';
  return status.syncing ? 'Online: syncing now.' : 'Online.';
}

function SessionLine({ status, onFollow }: { status: SyncStatus; onFollow: () => void }) {
  const pathname = useLocation({ select: (location) => location.pathname });
  if (status.paused !== 'signin') return null;
  return (
    <Stack gap={6}>
      <Text size="sm" c="red.8">Your session has ended. Your changes are kept on this device; sign in again to send them.</Text>
      <Button renderRoot={(props) => <Link to="/auth" search={{ redirect: pathname }} {...props} />} size="xs" onClick={onFollow}>
        Sign in again
      </Button>
    </Stack>
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
