// Every admin screen's code, loaded once the admin area has shown its first
// screen and the browser is idle, so a press on a navbar link waits for no
// script: the router's split chunks of each admin route (the component's chunk
// and what it imports).
import type { AnyRoute, AnyRouter } from '@tanstack/react-router';
import { whenIdle } from '@/app/deferred';
import { ADMIN_NAV } from './adminNav';

/** The route ids of the navbar's screens ('/admin' is the index route '/admin/'). */
export const ADMIN_ROUTE_IDS = ADMIN_NAV.map((item) => (item.to === '/admin' ? '/admin/' : item.to));

/** Loads every admin screen's chunks, one after the other, when the page is idle; returns a cancel. */
export function preloadAdminChunks(router: AnyRouter): () => void {
  let cancelled = false;
  const cancelIdle = whenIdle(() => {
    void (async () => {
      for (const id of ADMIN_ROUTE_IDS) {
        if (cancelled) return;
        const route = (router.routesById as Record<string, AnyRoute | undefined>)[id];
        // a chunk that cannot load now is loaded again by the navigation that needs it
        if (route) await Promise.resolve(router.loadRouteChunk(route)).catch(() => undefined);
      }
    })();
  });
  return () => {
    cancelled = true;
    cancelIdle();
  };
}
