import { useEffect, useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { watchPreloadErrors } from './chunkErrors';
import { MESSAGE_SENT_NOTICE, startContactOutbox, type FlushResult } from './contactOutbox';
import { scheduleUpdateChecks } from './updateChecks';
// Listens for the browser's install offer from the first page on; the portal menu uses it.
import './installPrompt';

const UPDATE_ID = 'pwa-update-available';
const OFFLINE_READY_ID = 'pwa-offline-ready';
/** Remembers that this browser has been told it works offline, so it is told once. */
const OFFLINE_READY_SHOWN_KEY = 'pwa:offline-ready-shown';

function offlineReadyShown(): boolean {
  try {
    return window.localStorage.getItem(OFFLINE_READY_SHOWN_KEY) === '1';
  } catch {
    return false;
  }
}

const CHUNK_MISSING_ID = 'app-chunk-missing';

function showChunkMissingNotice() {
  notifications.show({
    id: CHUNK_MISSING_ID,
    color: 'orange',
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
    withCloseButton: true,
  });
}

/** Tells the visitor when contact messages written offline were sent (or refused). */
function reportContactOutbox(result: FlushResult) {
  if (result.sent.length > 0) notifications.show({ ...MESSAGE_SENT_NOTICE, color: 'green' });
  for (const { reason } of result.refused) {
    notifications.show({ color: 'red', title: 'Message not sent', message: `Your saved message was refused: ${reason}`, autoClose: false });
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
  notifications.show({
    id: UPDATE_ID,
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
    withCloseButton: true,
  });
}

/**
 * Registers the service worker and tells the user about it: "Ready to work offline"
 * once, when the app is first cached, and "New version available" with a Reload
 * button when a new build is waiting. An update never reloads a tab on its own: not
 * while it waits, and not when Reload pressed in another tab hands the new version
 * control of this one (this tab keeps its page and offers Reload again).
 */
export default function PwaPrompt() {
  const [registration, setRegistration] = useState<ServiceWorkerRegistration | null>(null);
  const {
    needRefresh: [needRefresh],
    offlineReady: [offlineReady, setOfflineReady],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, found) {
      if (!found) return;
      setRegistration(found);
      // A worker that finished installing before its events were listened to still
      // means the app is cached: an active worker has precached everything.
      if (!offlineReadyShown()) void navigator.serviceWorker.ready.then(() => setOfflineReady(true));
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
    if (!offlineReady || offlineReadyShown()) return;
    try {
      window.localStorage.setItem(OFFLINE_READY_SHOWN_KEY, '1');
    } catch {
      // Storage unavailable: the notice may show again on a later visit.
    }
    notifications.show({
      id: OFFLINE_READY_ID,
      color: 'teal',
      title: 'Ready to work offline',
      message: 'This app now opens without a connection on this device.',
      autoClose: 8000,
      onClose: () => setOfflineReady(false),
    });
  }, [offlineReady, setOfflineReady]);

  useEffect(() => {
    if (needRefresh) showUpdateNotice(() => updateServiceWorker(true));
  }, [needRefresh, updateServiceWorker]);

  return null;
}
