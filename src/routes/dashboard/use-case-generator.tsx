import { createFileRoute } from '@tanstack/react-router';
import { ToolGate } from '@/features/portal/toolGuard';
import { validateLibrarySearch, type UseCaseLibrarySearch } from '@/features/use-cases/librarySearch';
import { UseCaseLibrary } from '@/features/use-cases/UseCaseLibrary';
import { currentUser } from '@/lib/session';

export const Route = createFileRoute('/dashboard/use-case-generator')({
  // The search text, filters and tab live in the URL: a view can be shared and survives a reload.
  validateSearch: validateLibrarySearch,
  // Loaded on demand: the lock check reads the local database, which stays out of the first page load.
  beforeLoad: () => import('@/features/portal/toolGuard').then((guard) => guard.redirectWhenToolsLocked()),
  component: UseCaseGeneratorRoute,
});

function UseCaseGeneratorRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const owner = currentUser()?.id ?? '';
  const onSearchChange = (next: UseCaseLibrarySearch, options?: { replace?: boolean }) =>
    void navigate({ search: next, replace: options?.replace });
  return (
    <ToolGate>
      <UseCaseLibrary owner={owner} search={search} onSearchChange={onSearchChange} />
    </ToolGate>
  );
}
