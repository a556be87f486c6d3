// Saving a custom use case to "My use cases": a saved_use_cases row (no
// library use_case) whose `generated` holds the draft in the library's
// structure, the cases it was based on, which generator wrote it and what the
// attendee described. The first save creates the row, later ones update it.
import rules from '@shared/use-case-draft-rules.json';
import type { MasterclassDb } from '@/db';
import { queueChange } from '@/sync';
import { DRAFT_TEXT_FIELDS, type BasedOnCase, type DraftRequest, type DraftSource, type UseCaseDraft } from './draftSchema';

export interface CustomUseCase {
  draft: UseCaseDraft;
  basedOn: BasedOnCase[];
  source: DraftSource;
  request: DraftRequest;
}

/** The most a saved draft may hold, as UTF-8 JSON (the server refuses more: pb_hooks/lib/tools/saved-use-case-shape.js). */
export const GENERATED_MAX_BYTES: number = rules.saved.generatedMaxBytes;

/** A draft too large to save: its message is for the user. */
export class DraftTooLargeError extends Error {}

/** The size of a saved draft as the server stores and measures it: UTF-8 JSON with < > & (and U+2028, U+2029) as six-byte escapes. */
export function generatedBytes(generated: unknown): number {
  const json = JSON.stringify(generated);
  // one byte each in the text, \u003c (six) as stored
  const html = json.match(/[<>&]/g)?.length ?? 0;
  // three bytes each in the text, \u2028 (six) as stored
  const separators = json.match(/[\u2028\u2029]/g)?.length ?? 0;
  return new TextEncoder().encode(json).length + html * 5 + separators * 3;
}

/** The `generated` JSON of a saved custom use case. */
export function generatedJson({ draft, basedOn, source, request }: CustomUseCase): Record<string, unknown> {
  return { ...draft, based_on: basedOn, source, request };
}

/**
 * Returns the saved row's id: `savedId` while that row is still on the device,
 * else a new row's (it was removed from "My use cases" meanwhile).
 */
export async function saveCustomUseCase(db: MasterclassDb, ownerId: string, useCase: CustomUseCase, savedId?: string): Promise<string> {
  const generated = generatedJson(useCase);
  if (generatedBytes(generated) > GENERATED_MAX_BYTES) {
    throw new DraftTooLargeError(`A saved use case can hold at most ${Math.round(GENERATED_MAX_BYTES / 1024)} KB of draft: shorten the longest texts and save again.`);
  }
  if (savedId && (await db.savedUseCases.get(savedId))?.owner === ownerId) {
    await queueChange(db, { collection: 'saved_use_cases', op: 'update', recordId: savedId, patch: { title: useCase.draft.title, generated } });
    return savedId;
  }
  return queueChange(db, { collection: 'saved_use_cases', op: 'create', patch: { owner: ownerId, title: useCase.draft.title, generated } });
}

/** Whether a saved row's `generated` holds exactly this draft (nothing edited since the save). */
export function isSavedAs(generated: unknown, draft: UseCaseDraft): boolean {
  if (!generated || typeof generated !== 'object') return false;
  const saved = generated as Record<string, unknown>;
  return DRAFT_TEXT_FIELDS.every((field) => saved[field] === draft[field])
    && saved.adoption_level === draft.adoption_level
    && JSON.stringify(saved.tags) === JSON.stringify(draft.tags);
}
