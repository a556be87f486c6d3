import { useMemo, type ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { BusinessCaseEditor } from '@/features/business-case/BusinessCaseEditor';
import type { CaseFields } from '@/features/business-case/caseFields';
import { CaseList } from '@/features/business-case/CaseList';
import { CaseStartNote } from '@/features/business-case/CaseStartNote';
import { useCaseStart } from '@/features/business-case/useCaseStart';
import { startFromUseCase } from '@/features/business-case/useCaseSources';
import { BusinessCasePage } from '@/features/portal/tools/BusinessCasePage';
import { ToolGate } from '@/features/portal/toolGuard';
import { currentUser } from '@/lib/session';
import { newRecordId } from '@/lib/ids';
import { recordId } from '@/lib/searchValue';

interface BusinessCaseSearch {
  /** The open case: a reload comes back to it, at its step. */
  case?: string;
  /** The open case is new: stored on its first real input, not before (once stored, it opens as any other). */
  new?: boolean;
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
    new: search.new === true || search.new === 'true' ? true : undefined,
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
  // 'Create Business Case' opens a case under a fresh id that nothing stores until the first real input.
  const create = () => navigate({ search: { case: newRecordId(), step: 0, new: true, useCase: search.useCase, savedUseCase: search.savedUseCase } });
  if (search.case) {
    const editor = (newCase?: Partial<CaseFields>) => (
      <BusinessCaseEditor
        caseId={search.case!}
        owner={owner}
        step={search.step}
        onStep={(step) => navigate({ search: (previous) => ({ ...previous, step }), replace: true })}
        onClose={() => navigate({ search: {} })}
        newCase={newCase}
      />
    );
    return (
      <ToolGate>
        {search.new ? <NewCase owner={owner} useCaseId={search.useCase} savedUseCaseId={search.savedUseCase}>{editor}</NewCase> : editor()}
      </ToolGate>
    );
  }
  return (
    <BusinessCasePage onCreate={() => void create()}>
      <CaseStart owner={owner} useCaseId={search.useCase} savedUseCaseId={search.savedUseCase} />
      <CaseList owner={owner} onOpen={open} />
    </BusinessCasePage>
  );
}

interface StartProps {
  owner: string;
  useCaseId?: string;
  savedUseCaseId?: string;
}

/** Which use case 'Create Business Case' starts from. */
function CaseStart({ owner, useCaseId, savedUseCaseId }: StartProps) {
  return <CaseStartNote start={useCaseStart(owner, useCaseId, savedUseCaseId)} />;
}

/** A new case's starting fields (from the named use case, once this device has looked for it). */
function NewCase({ owner, useCaseId, savedUseCaseId, children }: StartProps & { children: (start: Partial<CaseFields>) => ReactNode }) {
  const start = useCaseStart(owner, useCaseId, savedUseCaseId);
  const named = Boolean(useCaseId || savedUseCaseId);
  const fields = useMemo(() => (start.from ? startFromUseCase(start.from) : {}), [start.from]);
  if (named && !start.from && !start.fromMissing) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the use case" />
      </Center>
    );
  }
  return children(fields);
}
