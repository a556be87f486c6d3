import { Outlet, createRootRoute } from '@tanstack/react-router';
import { NotFoundPage } from '@/features/public-pages/NotFoundPage';
import { PageMetaSync } from '@/app/PageMetaSync';
import { loadFullStyles } from '@/app/deferred';

export const Route = createRootRoute({
  // The landing page's first paint carries only its own components' styles; every
  // other page waits for all of them (one cached file, usually in already).
  beforeLoad: ({ location }) => (location.pathname === '/' ? undefined : loadFullStyles()),
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

function RootLayout() {
  return (
    <>
      <PageMetaSync />
      <Outlet />
    </>
  );
}
