// The lock state of the attendee tools, from the event row in the local
// database, re-checked every minute. 'loading' while the first sync may still
// bring the event (the portal must not claim to be locked before it knows),
// then 'needs-connection' until it comes (useStoredData).
import { useLiveQuery } from 'dexie-react-hooks';
import { db, type EventRow } from '@/db';
import { useStoredData, type NeedsConnectionState } from '@/components/stored-data/useStoredData';
import { featuredEvent } from '@/lib/featuredEvent';
import { currentUser } from '@/lib/session';
import { LOCK_REFRESH_MS, countdownTarget, countdownText, isPortalUnlocked } from './portalLock';
import { unlockWords, type UnlockWords } from './unlockWords';
import { useNow } from './useNow';

/** The portal's masterclass (its unlock time) is not on the device yet: the dashboard and the tools say so. */
export const EVENT_NEEDS_CONNECTION = 'The masterclass details need a connection to load the first time.';

export type PortalLock =
  | { status: 'loading' }
  | { status: 'needs-connection'; connection: NeedsConnectionState }
  | { status: 'locked'; countdown: string; words: UnlockWords }
  | { status: 'unlocked' };

/**
 * The masterclasses this account is registered for (its own attendee rows;
 * none for an administrator without one, or with nobody signed in). Rows of
 * another account still on the device never count.
 */
export async function ownEventIds(userId = currentUser()?.id): Promise<Set<string>> {
  if (!userId) return new Set();
  return new Set((await db.attendees.where('user').equals(userId).toArray()).map((attendee) => attendee.event).filter(Boolean));
}

/**
 * The portal's masterclass: among the attendee's own masterclasses, the next one
 * still to come or under way, else their last one (the site's featured-event rule);
 * for an account with no attendee row (an administrator), the one the site features.
 * Drafts an administrator's device holds are never it.
 */
export function portalEvent(events: readonly EventRow[], own: ReadonlySet<string>, now: Date): EventRow | null {
  const published = events.filter((event) => (event as EventRow & { published?: boolean }).published !== false);
  const mine = published.filter((event) => own.has(event.id));
  return featuredEvent(mine.length > 0 ? mine : published, now);
}

/** The portal's masterclass (portalEvent) from the device's database. */
export async function findMasterclass(): Promise<EventRow | null> {
  const [events, own] = await Promise.all([db.events.toArray(), ownEventIds()]);
  return portalEvent(events, own, new Date());
}

export function portalLockAt(now: Date, event: EventRow | null | undefined): PortalLock {
  if (!event) return { status: 'loading' };
  if (isPortalUnlocked(now, event)) return { status: 'unlocked' };
  return { status: 'locked', countdown: countdownText(now, countdownTarget(event)), words: unlockWords(event) };
}

export function usePortalLock(): PortalLock {
  const event = useStoredData(useLiveQuery(findMasterclass));
  const now = useNow(LOCK_REFRESH_MS);
  if (event.status === 'needs-connection') return { status: 'needs-connection', connection: event };
  return portalLockAt(now, event.status === 'ready' ? event.data : undefined);
}
