// The door's state for one masterclass, read from the device (Dexie live
// queries): its facts, its attendees and every door's check-ins (pulled by
// the sync engine's change sequence, see src/sync/pullDoor.ts), the look-up
// indexes the decisions use, the counts, and the check-ins waiting in the
// shared outbox. Opening the door marks the device as a door, so the engine
// pulls its lists; the masterclass's facts (title, times, replaced codes) are
// read from the server when the door opens, every two minutes online, and on
// Refresh.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { CHECK_INS_COLLECTION, db, markDoorDevice, type CheckInRow, type DoorAttendeeRow, type DoorRosterRow } from '@/db';
import { requestSync, useSyncStatus, type SyncStatus } from '@/sync';
import { indexAttendees, indexCheckIns, type DoorView } from './decideScan';
import { doorApi } from './doorApi';
import { admits, countCheckedIn, readDoorCounts, type DoorCounts } from './doorCounts';
import { storeRosterFacts } from './doorStore';
import { PREFETCH, takePrefetched } from '../shell/prefetched';

const EMPTY_ATTENDEES: DoorAttendeeRow[] = [];
const EMPTY_CHECK_INS: CheckInRow[] = [];
/** How often the masterclass's facts (its replaced ticket codes above all) are read again while the door is open online. */
export const FACTS_MAX_AGE_MS = 2 * 60_000;

export interface Door {
  roster: DoorRosterRow | undefined;
  /** False until the device's copy has been read. */
  loaded: boolean;
  attendees: DoorAttendeeRow[];
  checkIns: CheckInRow[];
  view: DoorView;
  /**
   * Confirmed attendees and observers (who may come in), and those let in (a check-in that is
   * not undone and not refused): counted by the store as the door opens (doorCounts.ts), before
   * the list itself is read; null until then.
   */
  counts: DoorCounts | null;
  /** The device's store could not be read for the counts (its list may still arrive): no loader then. */
  countsUnreadable: boolean;
  /** Check-ins (any masterclass, any administrator's) with a change waiting to be sent. */
  pending: number;
  /** The sync engine's state (online, syncing, paused for a sign-in, last synced). */
  sync: SyncStatus;
  /** Asks the engine for a pass (after a local change, or Refresh); `refreshFacts` reads the masterclass's facts again. */
  requestSync: (refreshFacts?: boolean) => void;
}

async function refreshFacts(event: string): Promise<void> {
  const controller = new AbortController();
  const deadline = setTimeout(() => controller.abort(), 20_000);
  try {
    const facts = await doorApi.facts(event, controller.signal);
    await storeRosterFacts(db, {
      event, title: facts.event.title, starts_at: facts.event.starts_at, ends_at: facts.event.ends_at, timezone: facts.event.timezone,
      venue: facts.event.venue, total: facts.total, refreshedAt: Date.now(), voided: facts.voided ?? [],
    });
  } finally {
    clearTimeout(deadline);
  }
}

/** Reads the facts when the door opens and then every FACTS_MAX_AGE_MS while online; a failure waits for the next time. */
function useDoorFacts(event: string | null, online: boolean): (force?: boolean) => void {
  const refresh = useCallback((force = false) => {
    if (!event || !online) return;
    void (async () => {
      const held = await db.doorRosters.get(event);
      if (force || !held || Date.now() - held.refreshedAt > FACTS_MAX_AGE_MS) await refreshFacts(event);
    })().catch(() => undefined);
  }, [event, online]);
  useEffect(() => {
    refresh();
    const timer = setInterval(() => refresh(), FACTS_MAX_AGE_MS / 4);
    return () => clearInterval(timer);
  }, [refresh]);
  return refresh;
}

/**
 * The counts as the door opens, read once from the store (doorCounts.ts) while the list itself is
 * still being read; `counts` null when the device's store could not be read.
 */
function useEarlyCounts(event: string | null): { event: string; counts: DoorCounts | null } | null {
  const [early, setEarly] = useState<{ event: string; counts: DoorCounts | null } | null>(null);
  useEffect(() => {
    if (!event) return undefined;
    let current = true;
    // taken from the read started when the door's link was pressed, if it was (shell/adminPrefetch.ts)
    takePrefetched(PREFETCH.doorCounts(event), () => readDoorCounts(db, event)).then(
      (counts) => current && setEarly({ event, counts }),
      () => current && setEarly({ event, counts: null }),
    );
    return () => {
      current = false;
    };
  }, [event]);
  return early;
}

export function useDoor(event: string | null): Door {
  const sync = useSyncStatus();
  const roster = useLiveQuery(() => (event ? db.doorRosters.get(event) : undefined), [event]);
  const early = useEarlyCounts(event);
  // The whole list is read once the counts are on screen: read beside them, its 10,000 rows held the
  // counts back (the store answers one read at a time to the page).
  const listEvent = early && early.event === event ? event : null;
  const attendees = useLiveQuery<DoorAttendeeRow[] | undefined>(
    () => (listEvent ? db.doorAttendees.where('event').equals(listEvent).toArray() : event ? undefined : EMPTY_ATTENDEES), [listEvent, event]);
  const checkIns = useLiveQuery<CheckInRow[] | undefined>(() => (listEvent ? db.checkIns.where('event').equals(listEvent).toArray() : event ? undefined : EMPTY_CHECK_INS), [listEvent, event]);
  // Counted from the shared outbox, as the sync status and sign-out count them: one a check-in.
  const pending = useLiveQuery(async () => new Set((await db.outbox.where('status').equals('pending').toArray())
    .filter((change) => change.collection === CHECK_INS_COLLECTION).map((change) => change.recordId)).size, [], 0);
  const facts = useDoorFacts(event, sync.online);

  // This device is a door from now on (until sign-out clears its lists): the engine pulls them.
  // Once the counts are read: the pass's reads and writes would wait in the store's queue beside them.
  useEffect(() => {
    if (listEvent) void markDoorDevice(db).then(() => requestSync()).catch(() => undefined);
  }, [listEvent]);

  // The list's row is stored again at every refresh: the replaced codes count only when they change.
  const voidedKey = JSON.stringify(roster?.voided ?? []);
  const voided = useMemo(() => JSON.parse(voidedKey) as DoorRosterRow['voided'], [voidedKey]);
  // Built apart: a check-in (every scan) re-indexes the check-ins, not the 10,000 attendees.
  const attendeeIndex = useMemo(() => indexAttendees(event ?? '', attendees ?? EMPTY_ATTENDEES), [event, attendees]);
  const checkInIndex = useMemo(() => indexCheckIns(event ?? '', checkIns ?? EMPTY_CHECK_INS), [event, checkIns]);
  const voidedIndex = useMemo(() => new Map(voided.map((row) => [row.code, row])), [voided]);
  const view: DoorView = useMemo(
    () => ({ eventId: event ?? '', ...attendeeIndex, voided: voidedIndex, checkInsByAttendee: checkInIndex }),
    [event, attendeeIndex, voidedIndex, checkInIndex],
  );

  const fromList = useMemo<DoorCounts | null>(() => {
    if (attendees === undefined || checkIns === undefined) return null;
    let expected = 0;
    for (const attendee of attendeeIndex.byId.values()) if (admits(attendee.registration_status)) expected += 1;
    const checkedIn = countCheckedIn(checkInIndex, (id) => attendeeIndex.byId.get(id)?.registration_status);
    return { expected, checkedIn };
  }, [attendees, checkIns, attendeeIndex, checkInIndex]);
  const earlyForEvent = early && early.event === event ? early : null;
  const counts = fromList ?? earlyForEvent?.counts ?? null;
  // Neither the list nor the early read could be read: the door says so rather than counting for ever.
  const countsUnreadable = counts === null && earlyForEvent !== null;

  return {
    roster,
    loaded: attendees !== undefined && checkIns !== undefined,
    attendees: attendees ?? EMPTY_ATTENDEES,
    checkIns: checkIns ?? EMPTY_CHECK_INS,
    view,
    counts,
    countsUnreadable,
    pending,
    sync,
    requestSync: (force?: boolean) => {
      void requestSync();
      if (force) facts(true);
    },
  };
}
