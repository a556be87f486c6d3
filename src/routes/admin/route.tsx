import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPage } from '@/components/ComingSoonPage';
import { requireAdministrator } from '@/features/portal/portalUser';

// Administrators only (DESIGN decision 9): signed out → /auth, anyone else → /dashboard.
// Covers /admin and every sub-path.
export const Route = createFileRoute('/admin')({
  beforeLoad: ({ location }) => requireAdministrator(location.href),
  component: AdminAreaPage,
});

function AdminAreaPage() {
  return (
    <ComingSoonPage title="Admin Area">
      Attendees, invitations and the use case library are managed in the <a href="/_/">PocketBase dashboard</a> for now.
    </ComingSoonPage>
  );
}
