import { createFileRoute } from '@tanstack/react-router';
import { showToast } from '@/components/showToast';
import { BusinessCaseEditor } from '@/features/business-case/BusinessCaseEditor';
import { CaseList } from '@/features/business-case/CaseList';
import { CaseStartNote } from '@/features/business-case/CaseStartNote';
import { useCaseStart } from '@/features/business-case/useCaseStart';
import { BusinessCasePage } from '@/features/portal/tools/BusinessCasePage';
import { ToolGate } from '@/features/portal/toolGuard';
import { currentUser } from '@/lib/session';
import { recordId } from '@/lib/searchValue';

interface BusinessCaseSearch {
  /** The open case: a reload comes back to it, at its step. */
  case?: string;
  /** 0..6 the builder's steps, 7 the summary. */
  step?: number;
  /** Start a new case from a library use case (ai_use_cases id)… */
  useCase?: string;
  /** …or from one of the user's saved use cases (saved_use_cases id). */
  savedUseCase?: string;
}

// Plain checks rather than zod: route search validation ships with every page's first load.
const stepNumber = (value: unknown) => {
  const step = Number(value);
  return Number.isInteger(step) && step >= 0 && step <= 7 ? step : undefined;
};

export const Route = createFileRoute('/dashboard/business-case')({
  validateSearch: (search: Record<string, unknown>): BusinessCaseSearch => ({
    case: recordId(search.case),
    step: stepNumber(search.step),
    useCase: recordId(search.useCase),
    savedUseCase: recordId(search.savedUseCase),
  }),
  // Loaded on demand: the lock check reads the local database, which stays out of the first page load.
  beforeLoad: () => import('@/features/portal/toolGuard').then((guard) => guard.redirectWhenToolsLocked()),
  component: BusinessCaseRoute,
});

function BusinessCaseRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const owner = currentUser()?.id ?? '';
  const open = (id: string, step = 0) => navigate({ search: { case: id, step } });
  if (search.case) {
    return (
      <ToolGate>
        <BusinessCaseEditor
          caseId={search.case}
          owner={owner}
          step={search.step}
          onStep={(step) => navigate({ search: (previous) => ({ ...previous, step }), replace: true })}
          onClose={() => navigate({ search: {} })}
        />
      </ToolGate>
    );
  }
  return <CaseStartPage owner={owner} useCaseId={search.useCase} savedUseCaseId={search.savedUseCase} onOpen={open} />;
}

function CaseStartPage({ owner, useCaseId, savedUseCaseId, onOpen }: { owner: string; useCaseId?: string; savedUseCaseId?: string; onOpen: (id: string) => void }) {
  const start = useCaseStart(owner, useCaseId, savedUseCaseId);
  const create = async () => {
    try {
      onOpen(await start.create());
    } catch {
      showToast('error', { title: 'Could not create the business case', message: 'This device could not store it. Free some space and try again.' });
    }
  };
  return (
    <BusinessCasePage onCreate={() => void create()}>
      <CaseStartNote start={start} />
      <CaseList owner={owner} onOpen={onOpen} />
    </BusinessCasePage>
  );
}
