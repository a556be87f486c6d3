// How the engine reacts to a failed request:
// - 'signin': the session expired (401): pause, keep everything, ask to sign in;
// - 'rejected': the server refused this change (other 4xx): retrying cannot help;
// - 'retry': the network or the server had trouble (0, 408, 429, 5xx): back off and retry.
import { errorStatus } from './errorStatus';

export type FailureKind = 'signin' | 'rejected' | 'retry';

export function classifyError(error: unknown): FailureKind {
  const status = errorStatus(error);
  if (status === 401) return 'signin';
  if (status >= 400 && status < 500 && status !== 408 && status !== 429) return 'rejected';
  return 'retry';
}
