import { LocalStorageFullError, STORAGE_FULL_MESSAGE } from '@/db';

/** Why a readiness write failed, in words for the page. */
export function describeSaveError(error: unknown): string {
  if (error instanceof LocalStorageFullError) return STORAGE_FULL_MESSAGE;
  return error instanceof Error && error.message ? error.message : 'Something went wrong on this device. Please try again.';
}
