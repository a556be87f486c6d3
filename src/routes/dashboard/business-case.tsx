import { createFileRoute } from '@tanstack/react-router';
import { BusinessCasePage } from '@/features/portal/tools/BusinessCasePage';

export const Route = createFileRoute('/dashboard/business-case')({
  // Loaded on demand: the lock check reads the local database, which stays out of the first page load.
  beforeLoad: () => import('@/features/portal/toolGuard').then((guard) => guard.redirectWhenToolsLocked()),
  component: BusinessCasePage,
});
