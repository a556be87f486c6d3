// A short, human message for a failed change, kept on its outbox row so the
// UI can say why it did not sync (PocketBase puts field errors under data).

interface ErrorResponse {
  message?: unknown;
  data?: Record<string, { message?: unknown }>;
}

export function describeError(error: unknown): string {
  if (typeof error !== 'object' || error === null) return String(error);
  const response = ('response' in error ? error.response : undefined) as ErrorResponse | undefined;
  const fields = Object.entries(response?.data ?? {})
    .map(([field, detail]) => `${field}: ${String(detail?.message ?? 'invalid')}`);
  const message = typeof response?.message === 'string' ? response.message
    : 'message' in error && typeof error.message === 'string' ? error.message : 'Request failed';
  return fields.length > 0 ? `${message} (${fields.join('; ')})` : message;
}
