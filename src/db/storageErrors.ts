// A local write refused because the device's storage is full. IndexedDB
// aborts the whole transaction, so nothing stored before is touched; the app
// says what failed and keeps working.

/** The browser's QuotaExceededError, as IndexedDB raises it or as Dexie wraps it (in `inner`). */
export function isQuotaExceeded(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth += 1) {
    if (typeof current !== 'object') return false;
    if ((current as { name?: unknown }).name === 'QuotaExceededError') return true;
    current = (current as { inner?: unknown }).inner;
  }
  return false;
}

export const STORAGE_FULL_MESSAGE =
  'This device is out of storage space, so your last change was not saved here. Everything saved before is kept. Free some space and try again.';

export class LocalStorageFullError extends Error {
  override readonly name = 'LocalStorageFullError';
  constructor(cause: unknown) {
    super(STORAGE_FULL_MESSAGE, { cause });
  }
}
