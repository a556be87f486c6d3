// A custom use case draft in the library's structure (the ai_use_cases
// fields), the four things the attendee describes to get one, and the rules
// both share with the server route (pb_hooks/shared/use-case-draft-rules.json).
import { z } from 'zod';
import rules from '@shared/use-case-draft-rules.json';

export type DraftTextField = keyof typeof rules.draft.text;
export const DRAFT_TEXT_FIELDS = Object.keys(rules.draft.text) as DraftTextField[];
export const DRAFT_TEXT_MAX: Record<DraftTextField, number> = rules.draft.text;
export const ADOPTION_LEVELS = rules.draft.adoptionLevels as ['Emerging', 'Growing', 'Mainstream'];
export type AdoptionLevel = (typeof ADOPTION_LEVELS)[number];
export const TAGS_MAX = rules.draft.tagsMax;
export const TAG_MAX = rules.draft.tagMax;
export const BASED_ON_MAX = rules.request.basedOnMax;

export type UseCaseDraft = Record<DraftTextField, string> & { tags: string[]; adoption_level: AdoptionLevel };

/** A library case a draft was based on, kept with the saved draft. */
export interface BasedOnCase {
  id: string;
  title: string;
}

/** Which generator wrote a draft: the server's AI model or the one on this device. */
export type DraftSource = 'model' | 'device';

const tooLong = (max: number) => rules.request.tooLong.replace('{max}', String(max));

function requestText(field: keyof Omit<typeof rules.request, 'tooLong' | 'basedOnMax' | 'idPattern'>) {
  const { min, max, message } = rules.request[field];
  return z.string().trim().min(min, message).max(max, tooLong(max));
}

/** What the attendee describes; the messages show under the form's fields. */
export const draftRequestSchema = z.object({
  industry: requestText('industry'),
  businessFunction: requestText('businessFunction'),
  problem: requestText('problem'),
  dataAvailable: requestText('dataAvailable'),
});
export type DraftRequest = z.infer<typeof draftRequestSchema>;

const tag = z.string().trim().min(1).max(TAG_MAX);
const adoptionLevel = z.enum(ADOPTION_LEVELS);

/** A complete draft, as a generator must produce it: every field filled. */
export const completeDraftSchema = z.object({
  ...Object.fromEntries(DRAFT_TEXT_FIELDS.map((field) => [field, z.string().trim().min(1).max(DRAFT_TEXT_MAX[field])])) as Record<DraftTextField, z.ZodString>,
  tags: z.array(tag).min(rules.draft.tagsMin).max(TAGS_MAX),
  adoption_level: adoptionLevel,
});

/** A draft as the attendee may save it after editing: a title, everything else optional. */
export const editedDraftSchema = z.object({
  ...Object.fromEntries(DRAFT_TEXT_FIELDS.map((field) => [field, z.string().trim().max(DRAFT_TEXT_MAX[field], tooLong(DRAFT_TEXT_MAX[field]))])) as Record<DraftTextField, z.ZodString>,
  title: z.string().trim().min(1, 'Title is required').max(DRAFT_TEXT_MAX.title, tooLong(DRAFT_TEXT_MAX.title)),
  tags: z.array(tag).max(TAGS_MAX, `Keep to ${TAGS_MAX} tags or fewer`),
  adoption_level: adoptionLevel,
});

/** The ids of the library cases sent to the server as the model's examples. */
export const recordIdPattern = new RegExp(rules.request.idPattern);
