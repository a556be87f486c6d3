import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { CheckInPage } from '@/features/admin/check-in/CheckInPage';
import { type AdminEventSearch, validateAdminEventSearch } from '@/features/admin/eventSearch';

// Door check-in. `?event=<id>` names the masterclass (the featured one
// without it). The page, and the camera's QR reader it loads when the camera
// starts, are split out of every other page's chunks.
export const Route = createFileRoute('/admin/check-in')({
  validateSearch: validateAdminEventSearch,
  component: CheckInRoute,
});

function CheckInRoute() {
  const search: AdminEventSearch = Route.useSearch();
  const navigate = Route.useNavigate();
  const onEventChange = useCallback((event: string) => void navigate({ search: { event } }), [navigate]);
  return <CheckInPage requestedEvent={search.event} onEventChange={onEventChange} />;
}
