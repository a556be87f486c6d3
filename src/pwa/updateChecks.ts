/** How often an open tab asks the server whether a new version is out. */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Asks the browser to look for a new service worker now and then (on an interval
 * and whenever the window regains focus or comes back into view), never while
 * offline or while one is already installing. Returns the function that stops it.
 */
export function scheduleUpdateChecks(registration: ServiceWorkerRegistration, intervalMs = UPDATE_CHECK_INTERVAL_MS): () => void {
  let checking = false;
  const check = () => {
    if (!navigator.onLine || checking || registration.installing) return;
    checking = true;
    registration
      .update()
      // A failed check (the network dropped mid-request) is retried at the next one.
      .catch(() => undefined)
      .finally(() => {
        checking = false;
      });
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') check();
  };
  const timer = window.setInterval(check, intervalMs);
  window.addEventListener('focus', check);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    window.clearInterval(timer);
    window.removeEventListener('focus', check);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
