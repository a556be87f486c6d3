import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { NotFoundPage } from '@/features/public-pages/NotFoundPage';
import { RouteErrorView } from '@/pwa/RouteErrorView';

/**
 * The app's router. The build's prerender passes a memory history for `/` and
 * renders the tree the browser renders: the router's client code path, with no
 * scroll restoration and a fixed origin (there is no window).
 */
export function createAppRouter(history?: RouterHistory, { prerender = false } = {}) {
  return createRouter({
    routeTree,
    history,
    ...(prerender ? { isServer: false, origin: 'http://localhost' } : {}),
    defaultPreload: 'intent',
    scrollRestoration: !prerender,
    defaultNotFoundComponent: NotFoundPage,
    // A route whose code cannot be loaded (after a deploy) offers a reload, never a blank page.
    defaultErrorComponent: RouteErrorView,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
