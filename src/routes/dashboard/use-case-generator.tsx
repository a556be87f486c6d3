import { createFileRoute } from '@tanstack/react-router';
import { UseCaseGeneratorPage } from '@/features/portal/tools/UseCaseGeneratorPage';

export const Route = createFileRoute('/dashboard/use-case-generator')({
  // Loaded on demand: the lock check reads the local database, which stays out of the first page load.
  beforeLoad: () => import('@/features/portal/toolGuard').then((guard) => guard.redirectWhenToolsLocked()),
  component: UseCaseGeneratorPage,
});
