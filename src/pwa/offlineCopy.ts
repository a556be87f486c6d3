// Server answers the public pages keep on the device: each online read is
// stored, and when the network is gone the last stored one stands in. The
// database code is imported on first use, so it never weighs on a first paint.
import type { PublicDb } from '@/db/publicDatabase';

async function database(): Promise<PublicDb> {
  return (await import('@/db/publicDatabase')).publicDb();
}

/**
 * Another page's stored answer that can stand for this one (the landing page's
 * event for /register, and the other way round): `adopt` makes this read's
 * value from it, or answers null when it does not fit (another event).
 */
export interface OtherCopy<T> {
  key: string;
  adopt: (value: unknown) => T | null;
}

export interface OfflineCopyOptions<T> {
  /** The database to use (tests hand in their own). */
  db?: () => Promise<PublicDb>;
  /** Copies other reads stored that may stand in when this read has none, or only an older one. */
  alsoFrom?: OtherCopy<T>[];
}

/** The most recently stored of the candidates that fit (undefined when none does). */
export function newestCopy<T>(candidates: ({ value: T | null; savedAt: number } | undefined)[]): T | undefined {
  let newest: { value: T; savedAt: number } | undefined;
  for (const candidate of candidates) {
    if (!candidate || candidate.value === null) continue;
    if (!newest || candidate.savedAt > newest.savedAt) newest = { value: candidate.value, savedAt: candidate.savedAt };
  }
  return newest?.value;
}

async function readStored<T>(open: () => Promise<PublicDb>, key: string, alsoFrom: OtherCopy<T>[]): Promise<T | undefined> {
  const sources: OtherCopy<T>[] = [{ key, adopt: (value) => value as T }, ...alsoFrom];
  try {
    const rows = await (await open()).copies.bulkGet(sources.map((source) => source.key));
    return newestCopy(sources.map((source, index) => {
      const row = rows[index];
      return row && { value: source.adopt(row.value), savedAt: row.savedAt };
    }));
  } catch {
    return undefined;
  }
}

/**
 * Reads from the server and stores the answer under `key`; when the read fails,
 * answers the newest stored copy that fits instead (its own, or one of
 * `alsoFrom`), or the read's own error when there is none. Storing never
 * delays or breaks the answer.
 */
export async function withOfflineCopy<T>(key: string, load: () => Promise<T>, options: OfflineCopyOptions<T> = {}): Promise<T> {
  const open = options.db ?? database;
  let value: T;
  try {
    value = await load();
  } catch (error) {
    const stored = await readStored(open, key, options.alsoFrom ?? []);
    if (stored !== undefined) return stored;
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
