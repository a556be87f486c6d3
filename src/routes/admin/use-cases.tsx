import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { UseCasesAdminPage } from '@/features/admin/use-cases/UseCasesAdminPage';

interface UseCasesSearch {
  /** 1: open the add form (the overview's 'Add New Use Case'). */
  new?: 1;
}

// Plain checks rather than a zod schema (see src/routes/register.tsx).
export const Route = createFileRoute('/admin/use-cases')({
  validateSearch: (search: Record<string, unknown>): UseCasesSearch =>
    search.new === 1 || search.new === '1' || search.new === true ? { new: 1 } : {},
  component: UseCasesRoute,
});

function UseCasesRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  // The form is open now; the URL drops ?new=1 so a reload or Back does not open it again.
  const onStartedAdding = useCallback(() => void navigate({ search: {}, replace: true }), [navigate]);
  return <UseCasesAdminPage startAdding={search.new === 1} onStartedAdding={onStartedAdding} />;
}
