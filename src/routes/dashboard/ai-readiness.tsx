import { createFileRoute } from '@tanstack/react-router';
import { AiReadinessPage } from '@/features/portal/tools/AiReadinessPage';

export const Route = createFileRoute('/dashboard/ai-readiness')({
  // Loaded on demand: the lock check reads the local database, which stays out of the first page load.
  beforeLoad: () => import('@/features/portal/toolGuard').then((guard) => guard.redirectWhenToolsLocked()),
  component: AiReadinessPage,
});
