// Nothing waits forever offline: the one rule every portal page follows for
// data it reads from the device. Stored: shown at once. Not stored yet: a
// loading state while the first pull may still bring it, which ends: offline,
// after a failed pass, or with still nothing after a few seconds, the page says
// it needs a connection (NeedsConnection) with Retry, and the data shows as soon
// as it arrives (the caller's live query keeps watching).
import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db, metaKeys, type SyncedCollection } from '@/db';
import { requestSync, useSyncStatus } from '@/sync';

/** How long a page waits for data it does not hold before it says it needs a connection. */
export const FIRST_LOAD_WAIT_MS = 4_000;

/** Why the data is not here: the device is offline, the last pass failed, or nothing came in time. */
export type MissingReason = 'offline' | 'unreachable' | 'slow';

export interface NeedsConnectionState {
  status: 'needs-connection';
  reason: MissingReason;
  /** Asks the sync for a pass now (it brings the data if the server can be reached). */
  retry: () => void;
  /** A pass asked for by retry is running. */
  retrying: boolean;
}

export type StoredData<T> = { status: 'ready'; data: T } | { status: 'loading' } | NeedsConnectionState;

/** True once every one of `collections` has been pulled to the end at least once on this device. */
async function pulledOnce(collections: readonly SyncedCollection[]): Promise<boolean> {
  const keys = collections.flatMap((collection) => [metaKeys.checkpoint(collection), metaKeys.refill(collection)]);
  const values = await db.meta.bulkGet(keys);
  return collections.every((_, index) => values[index * 2] !== undefined && values[index * 2 + 1] === undefined);
}

const NO_COLLECTIONS: readonly SyncedCollection[] = [];

/**
 * `data`: what the page's live query read (undefined while IndexedDB answers,
 * null when nothing is stored). `isEmpty`: for lists, where nothing can be the
 * true answer: an empty value counts as stored once each of `collections` has
 * been pulled once (before that, the device cannot know).
 */
export function useStoredData<T>(
  data: T | null | undefined,
  collections: readonly SyncedCollection[] = NO_COLLECTIONS,
  isEmpty?: (data: T) => boolean,
): StoredData<T> {
  const key = collections.join(',');
  const pulled = useLiveQuery(() => (key ? pulledOnce(key.split(',') as SyncedCollection[]) : true), [key]);
  const sync = useSyncStatus();
  const [waitedOut, setWaitedOut] = useState(false);
  const [retrying, setRetrying] = useState(false);

  const empty = data !== undefined && data !== null && isEmpty !== undefined && isEmpty(data);
  const known = data !== undefined && (!empty || pulled !== undefined);
  const stored = data !== undefined && data !== null && (!empty || pulled === true);
  const missing = known && !stored;

  useEffect(() => {
    if (!missing) return;
    const timer = setTimeout(() => setWaitedOut(true), FIRST_LOAD_WAIT_MS);
    return () => clearTimeout(timer);
  }, [missing]);

  if (stored) return { status: 'ready', data: data as T };
  if (!missing) return { status: 'loading' };
  // `unreachable` stays until a pass succeeds, so the message holds while Retry's pass runs.
  const reason: MissingReason | null = !sync.online ? 'offline' : sync.unreachable ? 'unreachable' : waitedOut ? 'slow' : null;
  if (reason === null) return { status: 'loading' };
  const retry = () => {
    setRetrying(true);
    void requestSync().finally(() => setRetrying(false));
  };
  return { status: 'needs-connection', reason, retry, retrying };
}
