import { createFileRoute } from '@tanstack/react-router';
import { requireAdministrator } from '@/features/portal/portalUser';
import { AdminLayout } from '@/features/admin/shell/AdminLayout';
import { prefetchScreen } from '@/features/admin/shell/screenPrefetch';

// Administrators only (DESIGN decision 9): signed out → /auth, anyone else → /dashboard.
// Covers /admin and every sub-path. The layout (and every admin page) is split
// out of the landing's chunks by the router plugin's automatic code splitting.
// Each admin screen's first server calls start here, as soon as the router knows
// the screen is wanted (a pointer resting on its link, or the navigation), beside
// its code's loading rather than after its first render (shell/adminPrefetch.ts,
// loaded apart so the landing's first load carries none of it, and registered by
// the shell once loaded so a navbar press starts them in the same task: screenPrefetch.ts).
export const Route = createFileRoute('/admin')({
  beforeLoad: ({ location, preload }) => {
    requireAdministrator(location.href);
    prefetchScreen(location.pathname, location.search, preload);
  },
  component: AdminLayout,
});
