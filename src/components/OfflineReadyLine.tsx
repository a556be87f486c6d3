// The quiet word that the app now works without a connection on this device: a
// small line in a footer or the sync details, announced politely, never a notice.
import { useSyncExternalStore } from 'react';
import { Text, type MantineColor } from '@mantine/core';
import { isOfflineReady, OFFLINE_READY_TEXT, subscribeOfflineReady } from '@/pwa/offlineReady';

/** False in the prerendered page and until the worker is active. */
function useOfflineReady(): boolean {
  return useSyncExternalStore(subscribeOfflineReady, isOfflineReady, () => false);
}

export function OfflineReadyLine({ c, ta }: { c?: MantineColor; ta?: 'left' | 'center' }) {
  const ready = useOfflineReady();
  // The status region is there (empty, no height) from the first paint, so screen readers hear the line when it fills.
  return (
    <Text size="xs" c={c} ta={ta} mt={ready ? 'xs' : 0} role="status" data-testid="offline-ready">
      {ready ? OFFLINE_READY_TEXT : null}
    </Text>
  );
}
