import { createFileRoute } from '@tanstack/react-router';
import { AdminOverviewPage } from '@/features/admin/overview/AdminOverviewPage';

// The admin overview: the area's cards, quick actions and the event's analytics.
export const Route = createFileRoute('/admin/')({
  component: AdminOverviewPage,
});
