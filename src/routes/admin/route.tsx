import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPage } from '@/components/ComingSoonPage';
import { requireAdministrator } from '@/features/portal/portalUser';

// Administrators only (DESIGN decision 9): signed out → /auth, anyone else → /dashboard.
// Covers /admin and every sub-path until the admin pages arrive.
export const Route = createFileRoute('/admin')({
  beforeLoad: ({ location }) => requireAdministrator(location.href),
  component: AdminAreaPage,
});

function AdminAreaPage() {
  return <ComingSoonPage title="Admin Area" comingWith="the admin issue" />;
}
