// Every admin screen's code, loaded once the admin area has shown its first
// screen and the browser is idle, so a press on a navbar link waits for no
// script: the router's split chunks of each admin route (the component's chunk
// and what it imports).
import type { AnyRoute, AnyRouter } from '@tanstack/react-router';
import { whenIdle } from '@/app/deferred';
import { inBackground } from '@/pwa/chunkErrors';
import { ADMIN_NAV } from './adminNav';

/** The route ids of the navbar's screens ('/admin' is the index route '/admin/'). */
export const ADMIN_ROUTE_IDS = ADMIN_NAV.map((item) => (item.to === '/admin' ? '/admin/' : item.to));

/**
 * Loads the routes' chunks one after the other, until `stop()` says so. Never while the
 * browser is offline: a chunk the device has not stored cannot load then, and the failure
 * would raise the app's "could not be loaded" notice over the door's answer for a load
 * nobody asked for; the navigation that needs a chunk loads it (or says why it cannot).
 */
export async function loadChunksInTurn(router: AnyRouter, ids: readonly string[], stop: () => boolean, online: () => boolean): Promise<void> {
  for (const id of ids) {
    if (stop() || !online()) return;
    const route = (router.routesById as Record<string, AnyRoute | undefined>)[id];
    // a chunk that cannot load now is loaded again by the navigation that needs it
    if (route) await Promise.resolve(router.loadRouteChunk(route)).catch(() => undefined);
  }
}

/** Loads every admin screen's chunks, one after the other, when the page is idle and online; returns a cancel. */
export function preloadAdminChunks(router: AnyRouter): () => void {
  let cancelled = false;
  const cancelIdle = whenIdle(() => {
    void inBackground(() => loadChunksInTurn(router, ADMIN_ROUTE_IDS, () => cancelled, () => navigator.onLine !== false));
  });
  return () => {
    cancelled = true;
    cancelIdle();
  };
}
