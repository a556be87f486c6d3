// Server answers the public pages keep on the device: each online read is
// stored, and when the network is gone the last stored one stands in. The
// database code is imported on first use, so it never weighs on a first paint.
import type { PublicDb } from '@/db/publicDatabase';

async function database(): Promise<PublicDb> {
  return (await import('@/db/publicDatabase')).publicDb();
}

export interface OfflineCopyOptions {
  /** The database to use (tests hand in their own). */
  db?: () => Promise<PublicDb>;
}

/**
 * Reads from the server and stores the answer under `key`; when the read fails,
 * answers the stored copy instead, or the read's own error when there is none.
 * Storing never delays or breaks the answer.
 */
export async function withOfflineCopy<T>(key: string, load: () => Promise<T>, options: OfflineCopyOptions = {}): Promise<T> {
  const open = options.db ?? database;
  let value: T;
  try {
    value = await load();
  } catch (error) {
    const stored = await open()
      .then((db) => db.copies.get(key))
      .catch(() => undefined);
    if (stored) return stored.value as T;
    throw error;
  }
  // Stored in the background: the page shows the answer at once.
  writes = writes.then(() =>
    open()
      .then((db) => db.copies.put({ key, value, savedAt: Date.now() }))
      .then(
        () => undefined,
        (error: unknown) => console.warn(`Could not keep ${key} for offline use`, error),
      ),
  );
  return value;
}

let writes: Promise<void> = Promise.resolve();

/** Settles once every copy asked for so far is stored (or failed to be). */
export function offlineCopiesStored(): Promise<void> {
  return writes;
}

/**
 * Asks for files the page may show offline (speaker images below the fold) so
 * the service worker keeps them, as it keeps every `/api/files/` answer it
 * serves. Only where a service worker controls the page; failures are ignored.
 */
export function keepFilesForOffline(urls: string[]): void {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker?.controller) return;
  for (const url of urls) void fetch(url).catch(() => undefined);
}
