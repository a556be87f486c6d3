// Starting a business case: blank, or from a use case named in the address
// (useCase = a library use case, savedUseCase = one of the user's own). The
// new case is stored on its first real input (useCaseAutosave).
import { useMemo } from 'react';
import { useUseCaseChoices, type UseCaseChoice } from './useCaseSources';

export interface CaseStart {
  /** The use case the new case starts from, once found on this device. */
  from: UseCaseChoice | null;
  /** A use case was named but is not on this device. */
  fromMissing: boolean;
}

export function useCaseStart(owner: string, useCaseId?: string, savedUseCaseId?: string): CaseStart {
  const choices = useUseCaseChoices(owner);
  const from = useMemo(() => {
    const wanted = savedUseCaseId ? { kind: 'saved', id: savedUseCaseId } : useCaseId ? { kind: 'library', id: useCaseId } : null;
    return wanted ? (choices?.find((c) => c.source.kind === wanted.kind && c.source.id === wanted.id) ?? null) : null;
  }, [choices, useCaseId, savedUseCaseId]);
  return {
    from,
    fromMissing: Boolean(useCaseId || savedUseCaseId) && choices !== undefined && from === null,
  };
}
