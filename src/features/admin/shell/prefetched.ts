// What an admin screen reads first, asked for as soon as the router knows the
// screen is wanted (the admin route's beforeLoad: the pointer resting on a
// navbar link, or the navigation itself, see adminPrefetch.ts), instead of
// after the screen's code has loaded and rendered. The screen's first load
// takes the answer already on its way; any later load (a reload, Try again,
// after a change) asks the server afresh. An answer older than FRESH_MS is
// not used: the screen asks again.
// An answer belongs to the account signed in when it was asked for: after a sign-out and another
// administrator's sign-in on the same tab, the next one's screens ask afresh.
import { currentUser } from '@/lib/session';

const FRESH_MS = 10_000;

interface Entry {
  at: number;
  userId: string | undefined;
  promise: Promise<unknown>;
}

const entries = new Map<string, Entry>();

/** The keys the screens take their first answers under (adminPrefetch.ts starts them). */
export const PREFETCH = {
  events: 'events',
  featured: 'featured-summary',
  promoCodes: (eventId: string) => `promo-codes:${eventId}`,
  speakers: (eventId: string) => `speakers:${eventId}`,
  messages: 'messages:first',
  unread: 'messages:unread',
  useCases: 'use-cases:first',
  /** The overview's analytics of `event`, or of the featured masterclass. */
  analytics: (event: string | undefined) => `analytics:${event ?? ''}`,
  useCaseCount: 'use-cases:count',
  /** Manage Attendees' first page of `event`, or of the featured masterclass. */
  attendees: (event: string | undefined) => `attendees:first:${event ?? ''}`,
  /** The door's counts of `event`, read from the device (check-in/doorCounts.ts). */
  doorCounts: (event: string) => `door-counts:${event}`,
} as const;

const fresh = (entry: Entry | undefined): entry is Entry =>
  entry !== undefined && performance.now() - entry.at < FRESH_MS && entry.userId === currentUser()?.id;

/** Starts `load` under `key` unless a fresh request for it is already on its way; its promise either way. */
export function prefetch<T>(key: string, load: () => Promise<T>): Promise<T> {
  const entry = entries.get(key);
  if (fresh(entry)) return entry.promise as Promise<T>;
  const promise = load();
  entries.set(key, { at: performance.now(), userId: currentUser()?.id, promise });
  // a refused prefetch is the screen's to report when it asks itself
  promise.catch(() => {
    if (entries.get(key)?.promise === promise) entries.delete(key);
  });
  return promise;
}

/** The prefetched answer for `key` if a fresh one is on its way (used once), else `load()`. */
export function takePrefetched<T>(key: string, load: () => Promise<T>): Promise<T> {
  const entry = entries.get(key);
  entries.delete(key);
  return fresh(entry) ? (entry.promise as Promise<T>) : load();
}

/** Forgets every prefetched answer (sign-out, tests). */
export function forgetPrefetched(): void {
  entries.clear();
}
