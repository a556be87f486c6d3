// How safe this device's copy is, read from the browser when the sync popover opens.
import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { readStorageState, type StorageState } from '@/db';

function megabytes(bytes: number): string {
  const mb = bytes / 1_000_000;
  return mb >= 1000 ? `${(mb / 1000).toFixed(1)} GB` : `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}

export function storageStateText(state: StorageState): string {
  const kept =
    state.persisted === true
      ? 'Stored persistently: this browser keeps the app\'s data on this device.'
      : state.persisted === false
        ? 'Not persistent: this browser may clear the app\'s data when space runs low (anything not yet sent would be lost).'
        : 'This browser does not say whether it keeps the app\'s data.';
  const used = state.usageBytes !== null && state.quotaBytes !== null
    ? ` Using ${megabytes(state.usageBytes)} of ${megabytes(state.quotaBytes)} available.`
    : '';
  return kept + used;
}

export function StorageStateLine() {
  const [state, setState] = useState<StorageState | null>(null);
  useEffect(() => {
    let current = true;
    void readStorageState().then((read) => current && setState(read));
    return () => {
      current = false;
    };
  }, []);
  return (
    <Text size="xs" c="dimmed" data-testid="sync-storage">
      {state ? storageStateText(state) : 'Checking this device\'s storage…'}
    </Text>
  );
}
