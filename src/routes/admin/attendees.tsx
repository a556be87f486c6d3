import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { AttendeesAdminPage } from '@/features/admin/attendees/AttendeesAdminPage';
import { type AdminEventSearch, validateAdminEventSearch } from '@/features/admin/eventSearch';

// Manage Attendees. The page and the table library load only when it opens
// (the router plugin splits route components into their own chunks).
// `?event=<id>` names the masterclass whose attendees it lists (the featured
// one without it), so a reload or a shared link keeps the choice.
export const Route = createFileRoute('/admin/attendees')({
  validateSearch: validateAdminEventSearch,
  component: AttendeesRoute,
});

function AttendeesRoute() {
  const search: AdminEventSearch = Route.useSearch();
  const navigate = Route.useNavigate();
  const onEventChange = useCallback((event: string) => void navigate({ search: { event } }), [navigate]);
  return <AttendeesAdminPage eventId={search.event} onEventChange={onEventChange} />;
}
