import { createFileRoute } from '@tanstack/react-router';
import { requireAdministrator } from '@/features/portal/portalUser';
import { AdminLayout } from '@/features/admin/shell/AdminLayout';

// Administrators only (DESIGN decision 9): signed out → /auth, anyone else → /dashboard.
// Covers /admin and every sub-path. The layout (and every admin page) is split
// out of the landing's chunks by the router plugin's automatic code splitting.
export const Route = createFileRoute('/admin')({
  beforeLoad: ({ location }) => requireAdministrator(location.href),
  component: AdminLayout,
});
