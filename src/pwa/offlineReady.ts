// Whether this device keeps the app for use without a connection: true once the
// service worker is active (everything is stored). Told quietly, in a line of the
// public pages' footer and in the portal's sync details, never as a notice over
// the page. Set by ./serviceWorker.ts, which registers the worker. No React here:
// the landing page, shown as the server sent it until it needs the app
// (src/app/landingWake.ts), marks it and fills its footer line without React.

export const OFFLINE_READY_TEXT = 'Ready to work offline: this app now opens without a connection on this device.';

let ready = false;
const listeners = new Set<() => void>();

export function markOfflineReady(): void {
  if (ready) return;
  ready = true;
  listeners.forEach((listener) => listener());
}

export function isOfflineReady(): boolean {
  return ready;
}

export function subscribeOfflineReady(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
