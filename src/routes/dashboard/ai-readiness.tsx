import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { usePortalUser } from '@/features/portal/portalUser';
import { AiReadinessPage } from '@/features/portal/tools/AiReadinessPage';
import { ToolGate } from '@/features/portal/toolGuard';
import { ReadinessTool, type NavigateReadiness } from '@/features/readiness/ReadinessTool';
import { parseReadinessSearch } from '@/features/readiness/readinessSearch';

export const Route = createFileRoute('/dashboard/ai-readiness')({
  // The step or view is in the address, so a reload comes back to it.
  validateSearch: parseReadinessSearch,
  // Loaded on demand: the lock check reads the local database, which stays out of the first page load.
  beforeLoad: () => import('@/features/portal/toolGuard').then((guard) => guard.redirectWhenToolsLocked()),
  component: AiReadinessRoute,
});

function AiReadinessRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const user = usePortalUser();
  const onNavigate = useCallback<NavigateReadiness>((next, options) => void navigate({ search: next, replace: options?.replace }), [navigate]);
  if (!user) return null;
  const tool = (
    <ReadinessTool
      userId={user.id}
      search={search}
      onNavigate={onNavigate}
      renderIntro={(start, below) => <AiReadinessPage onStart={start}>{below}</AiReadinessPage>}
    />
  );
  // The introduction is gated by its page; the questionnaire and results here.
  return search.view ? <ToolGate>{tool}</ToolGate> : tool;
}
