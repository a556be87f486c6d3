// The generator's state in session storage (this tab only): what the attendee
// described, the draft with their edits and the id it was saved under, so a
// reload or the update notice's Reload never loses them. Another account
// never sees it; anything malformed reads as nothing.
import { z } from 'zod';
import { clearDraft, readDraft, writeDraft } from '@/pwa/formDrafts';
import { ADOPTION_LEVELS, DRAFT_TEXT_FIELDS, type DraftTextField } from './draftSchema';
import type { DraftResult } from './draftUseCase';

const DRAFT = 'custom-use-case';

export type RequestValues = {
  industry: string;
  businessFunction: string;
  problem: string;
  dataAvailable: string;
};

export interface StoredCustomDraft {
  request: RequestValues;
  result: DraftResult | null;
  savedId: string | null;
}

const text = z.string().max(20_000);
const requestSchema = z.object({ industry: text, businessFunction: text, problem: text, dataAvailable: text });
const storedSchema = z.object({
  userId: z.string(),
  request: requestSchema,
  result: z.object({
    draft: z.object({
      ...Object.fromEntries(DRAFT_TEXT_FIELDS.map((field) => [field, text])) as Record<DraftTextField, typeof text>,
      tags: z.array(text).max(50),
      adoption_level: z.enum(ADOPTION_LEVELS),
    }),
    basedOn: z.array(z.object({ id: z.string(), title: z.string() })).max(10),
    source: z.enum(['model', 'device']),
    reason: z.string().optional(),
    request: requestSchema,
  }).nullable(),
  savedId: z.string().nullable(),
});

const accept = (value: unknown): value is z.infer<typeof storedSchema> => storedSchema.safeParse(value).success;

export function readCustomDraft(userId: string): StoredCustomDraft | null {
  const stored = readDraft(DRAFT, accept, 'session');
  if (!stored || stored.userId !== userId) return null;
  return { request: stored.request, result: stored.result, savedId: stored.savedId };
}

export function writeCustomDraft(userId: string, state: StoredCustomDraft): void {
  writeDraft(DRAFT, { userId, ...state }, 'session');
}

export function clearCustomDraft(): void {
  clearDraft(DRAFT, 'session');
}
