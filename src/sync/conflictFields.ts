// The fields a 409 names as changed on both sides (pb_hooks/lib/sync/conflicts.js
// answers {data: {field: {code: 'sync_conflict'}}}); none for any other refusal.
import { errorStatus } from './errorStatus';

export function conflictFields(error: unknown): string[] {
  if (errorStatus(error) !== 409 || typeof error !== 'object' || error === null || !('response' in error)) return [];
  const data = (error.response as { data?: Record<string, { code?: unknown } | undefined> } | undefined)?.data ?? {};
  return Object.keys(data).filter((field) => data[field]?.code === 'sync_conflict');
}
