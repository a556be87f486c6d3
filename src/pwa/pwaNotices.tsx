// The notices of the service worker and the contact outbox (./serviceWorker.ts):
// Mantine's, so they load only when there is something to say.
import { Button, Group, Text } from '@mantine/core';
import { notify } from '@/components/notify';
import { MESSAGE_SENT_NOTICE, type FlushResult } from './contactOutbox';

const UPDATE_TOPIC = 'app-update';

const CHUNK_MISSING_TOPIC = 'app-chunk-missing';

export function showChunkMissingNotice() {
  notify({
    topic: CHUNK_MISSING_TOPIC,
    kind: 'warning',
    title: 'Part of the app could not be loaded',
    message: (
      <Group justify="space-between" gap="xs" wrap="nowrap" mt={4}>
        <Text size="sm">A newer version may be out. Reload to continue; what you typed in forms is kept.</Text>
        <Button size="xs" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </Group>
    ),
    autoClose: false,
  });
}

/** Tells the visitor when contact messages written offline were sent (or refused). */
export function reportContactOutbox(result: FlushResult) {
  if (result.sent.length > 0) notify({ topic: 'contact', kind: 'success', ...MESSAGE_SENT_NOTICE });
  // One notice for every refusal: each reason on its own line.
  if (result.refused.length > 0) {
    const message = result.refused.map(({ reason }, index) => <Text key={index} size="sm">Your saved message was refused: {reason}</Text>);
    notify({ topic: 'contact-refused', kind: 'error', title: 'Message not sent', message, autoClose: false });
  }
}

/** Set when the user presses Reload in this tab: only then may the new version reload it. */
let reloadRequested = false;

/** Whether Reload was pressed in this tab (then the new version may reload it). */
export const wasReloadRequested = () => reloadRequested;

/**
 * Lets the waiting version take over and reloads this tab into it. A tab the worker
 * does not control yet (the first visit) reloads once the new worker is active.
 */
async function takeUpdate(skipWaiting: () => Promise<void>) {
  reloadRequested = true;
  const registration = await navigator.serviceWorker?.getRegistration();
  const waiting = registration?.waiting;
  if (!waiting) {
    // Already active (no other tab held the old one): this tab only needs to load it.
    window.location.reload();
    return;
  }
  if (!navigator.serviceWorker.controller) {
    waiting.addEventListener('statechange', () => {
      if (waiting.state === 'activated') window.location.reload();
    });
  }
  // A controlled tab reloads when the new worker takes control (onNeedReload below).
  await skipWaiting();
}

export function showUpdateNotice(skipWaiting: () => Promise<void>) {
  notify({
    topic: UPDATE_TOPIC,
    kind: 'info',
    title: 'New version available',
    message: (
      <Group justify="space-between" gap="xs" wrap="nowrap" mt={4}>
        <Text size="sm">Reload when it suits you to switch to it.</Text>
        <Button size="xs" onClick={() => void takeUpdate(skipWaiting)}>
          Reload
        </Button>
      </Group>
    ),
    autoClose: false,
  });
}
