// Whether this device keeps the app for use without a connection: true once the
// service worker is active (everything is stored). Told quietly, in a line of the
// public pages' footer and in the portal's sync details, never as a notice over
// the page. Set by PwaPrompt, which registers the worker.
import { useSyncExternalStore } from 'react';

export const OFFLINE_READY_TEXT = 'Ready to work offline: this app now opens without a connection on this device.';

let ready = false;
const listeners = new Set<() => void>();

export function markOfflineReady(): void {
  if (ready) return;
  ready = true;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** False in the prerendered page and until the worker is active. */
export function useOfflineReady(): boolean {
  return useSyncExternalStore(subscribe, () => ready, () => false);
}
