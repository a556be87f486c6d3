import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { AdminOverviewPage } from '@/features/admin/overview/AdminOverviewPage';
import { type AdminEventSearch, validateAdminEventSearch } from '@/features/admin/eventSearch';

// The admin overview: the area's cards, quick actions and the event's analytics.
// `?event=<id>` names the masterclass its figures are for (the featured one without it).
export const Route = createFileRoute('/admin/')({
  validateSearch: validateAdminEventSearch,
  component: OverviewRoute,
});

function OverviewRoute() {
  const search: AdminEventSearch = Route.useSearch();
  const navigate = Route.useNavigate();
  const onEventChange = useCallback((event: string) => void navigate({ search: { event } }), [navigate]);
  return <AdminOverviewPage eventId={search.event} onEventChange={onEventChange} />;
}
