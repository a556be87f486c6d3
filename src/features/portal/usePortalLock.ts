// The lock state of the attendee tools, from the event row in the local
// database, re-checked every minute. 'loading' until the first sync has
// brought the event: the portal must not claim to be locked before it knows.
import { useLiveQuery } from 'dexie-react-hooks';
import { db, type EventRow } from '@/db';
import { EVENT_SLUG } from '@/lib/collections';
import { LOCK_REFRESH_MS, countdownTarget, countdownText, isPortalUnlocked } from './portalLock';
import { useNow } from './useNow';

export type PortalLock =
  | { status: 'loading' }
  | { status: 'locked'; countdown: string }
  | { status: 'unlocked' };

/** The masterclass among the synced events (there is one; its key settles it if not). */
export async function findMasterclass(): Promise<EventRow | null> {
  const events = await db.events.toArray();
  return events.find((event) => event.slug === EVENT_SLUG) ?? events[0] ?? null;
}

export function portalLockAt(now: Date, event: EventRow | null | undefined): PortalLock {
  if (!event) return { status: 'loading' };
  if (isPortalUnlocked(now, event)) return { status: 'unlocked' };
  return { status: 'locked', countdown: countdownText(now, countdownTarget(event)) };
}

export function usePortalLock(): PortalLock {
  const event = useLiveQuery(findMasterclass);
  const now = useNow(LOCK_REFRESH_MS);
  return portalLockAt(now, event);
}
