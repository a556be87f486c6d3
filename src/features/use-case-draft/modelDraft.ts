// Asking the server's AI model for a draft (POST /api/masterclass/use-cases/generate),
// only when online and signed in, for at most 12 seconds. Whatever happens,
// the answer is an outcome: the model's draft (checked again here with zod),
// or the built-in template on the device: with the reason when something went
// wrong, without one when the server simply has no model.
import { z } from 'zod';
import { pb } from '@/lib/pocketbase';
import { isOnline } from '@/pwa/useOnline';
import { completeDraftSchema, recordIdPattern, type BasedOnCase, type DraftRequest, type UseCaseDraft } from './draftSchema';

export const GENERATE_ROUTE = '/api/masterclass/use-cases/generate';
export const MODEL_TIMEOUT_MS = 12_000;

export type ModelOutcome =
  | { source: 'model'; draft: UseCaseDraft; basedOn?: BasedOnCase[] }
  | { source: 'device'; reason?: string };

export const DEVICE_REASONS = {
  offline: 'You are offline.',
  signedOut: 'You are not signed in on this device.',
  sessionExpired: 'Your session has expired: sign in again to use the AI model.',
  timeout: 'The server did not answer in time.',
  tooMany: 'You have asked the AI model for many drafts in a short time; it can draft for you again in a few minutes.',
  unreachable: 'The server could not be reached.',
  serverError: 'The server could not draft it right now.',
  unreadable: 'The server\'s answer could not be read.',
  modelIncomplete: 'The AI model\'s answer was incomplete.',
} as const;

const REASON_MAX = 300;

const basedOnSchema = z.array(z.object({ id: z.string().regex(recordIdPattern), title: z.string().min(1).max(200) })).max(10);

const answerSchema = z.discriminatedUnion('source', [
  z.object({ source: z.literal('model'), draft: z.unknown(), basedOn: z.unknown().optional() }),
  z.object({ source: z.literal('device'), reason: z.string().trim().min(1).max(REASON_MAX).optional() }),
]);

/** The route's 200 answer as an outcome; anything malformed means drafting on the device. */
export function parseGenerateAnswer(body: unknown): ModelOutcome {
  const answer = answerSchema.safeParse(body);
  if (!answer.success) return { source: 'device', reason: DEVICE_REASONS.unreadable };
  if (answer.data.source === 'device') return answer.data.reason ? { source: 'device', reason: answer.data.reason } : { source: 'device' };
  const draft = completeDraftSchema.safeParse(answer.data.draft);
  if (!draft.success) return { source: 'device', reason: DEVICE_REASONS.modelIncomplete };
  const basedOn = basedOnSchema.safeParse(answer.data.basedOn);
  return { source: 'model', draft: draft.data, ...(basedOn.success ? { basedOn: basedOn.data } : {}) };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The reason a refused request gives (its own message when it has a usable one). */
function refusalReason(status: number, body: unknown): string {
  if (status === 401 || status === 403) return DEVICE_REASONS.sessionExpired;
  if (status === 429) return DEVICE_REASONS.tooMany;
  if (status !== 400) return DEVICE_REASONS.serverError;
  const message = (body as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message.trim() && message.length <= REASON_MAX ? message : DEVICE_REASONS.serverError;
}

export interface ModelDeps {
  online: () => boolean;
  token: () => string;
  fetch: typeof fetch;
  url: string;
  timeoutMs: number;
}

const browserDeps = (): ModelDeps => ({
  online: isOnline,
  token: () => pb.authStore.token,
  fetch: (...args) => window.fetch(...args),
  url: pb.buildURL(GENERATE_ROUTE),
  timeoutMs: MODEL_TIMEOUT_MS,
});

export async function askModel(request: DraftRequest, basedOn: readonly BasedOnCase[], deps: ModelDeps = browserDeps()): Promise<ModelOutcome> {
  if (!deps.online()) return { source: 'device', reason: DEVICE_REASONS.offline };
  const token = deps.token();
  if (!token) return { source: 'device', reason: DEVICE_REASONS.signedOut };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), deps.timeoutMs);
  let status: number;
  let text: string;
  try {
    const response = await deps.fetch(deps.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', Authorization: token },
      body: JSON.stringify({ ...request, basedOn: basedOn.map((picked) => picked.id) }),
      signal: controller.signal,
    });
    status = response.status;
    text = await response.text();
  } catch {
    return { source: 'device', reason: controller.signal.aborted ? DEVICE_REASONS.timeout : DEVICE_REASONS.unreachable };
  } finally {
    clearTimeout(timer);
  }
  const body = parseJson(text);
  if (status < 200 || status >= 300) return { source: 'device', reason: refusalReason(status, body) };
  return parseGenerateAnswer(body);
}
