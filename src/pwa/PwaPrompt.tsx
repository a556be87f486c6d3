import { useEffect, useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { notify } from '@/components/notify';
import { watchPreloadErrors } from './chunkErrors';
import { MESSAGE_SENT_NOTICE, startContactOutbox, type FlushResult } from './contactOutbox';
import { markOfflineReady } from './offlineReady';
import { scheduleUpdateChecks } from './updateChecks';
// Listens for the browser's install offer from the first page on; the portal menu uses it.
import './installPrompt';

const UPDATE_TOPIC = 'app-update';

const CHUNK_MISSING_TOPIC = 'app-chunk-missing';

function showChunkMissingNotice() {
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
function reportContactOutbox(result: FlushResult) {
  if (result.sent.length > 0) notify({ topic: 'contact', kind: 'success', ...MESSAGE_SENT_NOTICE });
  // One notice for every refusal: each reason on its own line.
  if (result.refused.length > 0) {
    const message = result.refused.map(({ reason }, index) => <Text key={index} size="sm">Your saved message was refused: {reason}</Text>);
    notify({ topic: 'contact-refused', kind: 'error', title: 'Message not sent', message, autoClose: false });
  }
}

/** Set when the user presses Reload in this tab: only then may the new version reload it. */
let reloadRequested = false;

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

function showUpdateNotice(skipWaiting: () => Promise<void>) {
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

/**
 * Registers the service worker and tells the user about it: quietly that the app
 * works offline once it is cached (src/pwa/offlineReady.ts: a footer line and the
 * sync details, never a notice), and "New version available" with a Reload
 * button when a new build is waiting. An update never reloads a tab on its own: not
 * while it waits, and not when Reload pressed in another tab hands the new version
 * control of this one (this tab keeps its page and offers Reload again).
 */
export default function PwaPrompt() {
  const [registration, setRegistration] = useState<ServiceWorkerRegistration | null>(null);
  const {
    needRefresh: [needRefresh],
    offlineReady: [offlineReady],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, found) {
      if (!found) return;
      setRegistration(found);
      // A worker that finished installing before its events were listened to still
      // means the app is cached: an active worker has precached everything.
      void navigator.serviceWorker.ready.then(markOfflineReady);
    },
    onRegisterError(error) {
      console.warn('Service worker registration failed; the app works online only.', error);
    },
    onNeedReload() {
      if (reloadRequested) window.location.reload();
      else showUpdateNotice(() => Promise.resolve());
    },
  });

  useEffect(() => (registration ? scheduleUpdateChecks(registration) : undefined), [registration]);
  useEffect(() => watchPreloadErrors(showChunkMissingNotice), []);
  // Contact messages written offline go out from whichever page is open.
  useEffect(() => startContactOutbox(reportContactOutbox), []);

  useEffect(() => {
    if (offlineReady) markOfflineReady();
  }, [offlineReady]);

  useEffect(() => {
    if (needRefresh) showUpdateNotice(() => updateServiceWorker(true));
  }, [needRefresh, updateServiceWorker]);

  return null;
}
