// Drafting a custom use case: the device's generator always runs (it also
// finds the closest library cases, which the model gets as examples); the
// model's draft replaces it when the server has one to give.
import type { AiUseCaseRow } from '@/db';
import type { BasedOnCase, DraftRequest, DraftSource, UseCaseDraft } from './draftSchema';
import { generateDraft } from './generateDraft';
import { askModel, type ModelOutcome } from './modelDraft';

export interface DraftResult {
  draft: UseCaseDraft;
  basedOn: BasedOnCase[];
  source: DraftSource;
  /** Why the device drafted it (absent for a model draft). */
  reason?: string;
  /** What the attendee described. */
  request: DraftRequest;
}

export async function draftUseCase(
  request: DraftRequest,
  library: readonly AiUseCaseRow[],
  ask: (request: DraftRequest, basedOn: BasedOnCase[]) => Promise<ModelOutcome> = askModel,
): Promise<DraftResult> {
  const local = generateDraft(request, library);
  const outcome = await ask(request, local.basedOn);
  if (outcome.source === 'model') return { draft: outcome.draft, basedOn: outcome.basedOn ?? local.basedOn, source: 'model', request };
  return { ...local, source: 'device', ...(outcome.reason ? { reason: outcome.reason } : {}), request };
}
