// PocketBase's answer to a refused request, read the same way by every form:
// `{ message, data: { field: { code, message } } }`. Features put what it says
// into their own words (authFailure, registrationFailure, contactFailure).

/** The spec's fallback when a failure says nothing a visitor could use. */
export const UNEXPECTED_ERROR = 'An unexpected error occurred';

/** The message under each field the server named; fields without a usable message are left out. */
export function fieldMessages(data: unknown): Record<string, string> {
  if (typeof data !== 'object' || data === null) return {};
  const result: Record<string, string> = {};
  for (const [field, detail] of Object.entries(data as Record<string, unknown>)) {
    const message = (detail as { message?: unknown } | null)?.message;
    if (typeof message === 'string' && message.trim()) result[field] = message;
  }
  return result;
}
