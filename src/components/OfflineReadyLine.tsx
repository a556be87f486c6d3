// The quiet word that the app now works without a connection on this device: a
// small line in a footer or the sync details, announced politely, never a notice.
import { Text, type MantineColor } from '@mantine/core';
import { OFFLINE_READY_TEXT, useOfflineReady } from '@/pwa/offlineReady';

export function OfflineReadyLine({ c, ta }: { c?: MantineColor; ta?: 'left' | 'center' }) {
  const ready = useOfflineReady();
  // The status region is there (empty, no height) from the first paint, so screen readers hear the line when it fills.
  return (
    <Text size="xs" c={c} ta={ta} mt={ready ? 'xs' : 0} role="status" data-testid="offline-ready">
      {ready ? OFFLINE_READY_TEXT : null}
    </Text>
  );
}
