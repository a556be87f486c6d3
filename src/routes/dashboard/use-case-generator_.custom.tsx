import { createFileRoute } from '@tanstack/react-router';
import { ToolGate } from '@/features/portal/toolGuard';
import { CustomUseCasePage } from '@/features/use-case-draft/CustomUseCasePage';

export const Route = createFileRoute('/dashboard/use-case-generator_/custom')({
  // Loaded on demand: the lock check reads the local database, which stays out of the first page load.
  beforeLoad: () => import('@/features/portal/toolGuard').then((guard) => guard.redirectWhenToolsLocked()),
  component: CustomUseCaseRoute,
});

function CustomUseCaseRoute() {
  return (
    <ToolGate>
      <CustomUseCasePage />
    </ToolGate>
  );
}
