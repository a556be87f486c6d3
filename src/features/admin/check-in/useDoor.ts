// The door's state for one masterclass, read from the device (Dexie live
// queries) and kept in step with the server by the door's sync: the list, its
// check-ins, the look-up indexes the decisions use, and the counts.
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db, type CheckInRow, type DoorAttendeeRow, type DoorRosterRow } from '@/db';
import { settleConflicts } from './conflictRule';
import { indexAttendees, indexCheckIns, type DoorView } from './decideScan';
import { doorApi } from './doorApi';
import { createDoorSync, type DoorSync, type DoorSyncState } from './doorSync';

const EMPTY_ATTENDEES: DoorAttendeeRow[] = [];
const EMPTY_CHECK_INS: CheckInRow[] = [];
const IDLE: DoorSyncState = { online: true, syncing: false, lastSyncedAt: null, error: null, signIn: false };

export interface Door {
  roster: DoorRosterRow | undefined;
  /** False until the device's copy has been read. */
  loaded: boolean;
  attendees: DoorAttendeeRow[];
  checkIns: CheckInRow[];
  view: DoorView;
  /** Confirmed attendees and observers: who may come in. */
  expected: number;
  /** Attendees let in (a check-in that is not undone and not refused). */
  checkedIn: number;
  pending: number;
  sync: DoorSyncState;
  /** Asks the sync for a pass (after a local change, or Refresh). */
  requestSync: (refreshRoster?: boolean) => void;
}

function useDoorSync(event: string | null, adminId: string | null): { sync: DoorSyncState; engine: RefObject<DoorSync | null> } {
  const engine = useRef<DoorSync | null>(null);
  const [sync, setSync] = useState<DoorSyncState>(IDLE);
  useEffect(() => {
    if (!event || !adminId) return undefined;
    const created = createDoorSync({ db, api: doorApi, event, adminId });
    engine.current = created;
    const unsubscribe = created.subscribe(setSync);
    created.request();
    const visible = () => document.visibilityState === 'visible' && created.request();
    document.addEventListener('visibilitychange', visible);
    return () => {
      document.removeEventListener('visibilitychange', visible);
      unsubscribe();
      created.stop();
      engine.current = null;
    };
  }, [event, adminId]);
  return { sync, engine };
}

export function useDoor(event: string | null, adminId: string | null): Door {
  const roster = useLiveQuery(() => (event ? db.doorRosters.get(event) : undefined), [event]);
  const attendees = useLiveQuery(() => (event ? db.doorAttendees.where('event').equals(event).toArray() : EMPTY_ATTENDEES), [event]);
  const checkIns = useLiveQuery(() => (event ? db.checkIns.where('event').equals(event).toArray() : EMPTY_CHECK_INS), [event]);
  const pending = useLiveQuery(() => db.checkIns.where('pending').equals(1).count(), [], 0);
  const { sync, engine } = useDoorSync(event, adminId);

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
  const expected = useMemo(() => {
    let count = 0;
    for (const attendee of attendeeIndex.byId.values()) {
      if (attendee.registration_status === 'confirmed' || attendee.registration_status === 'confirmed_observer') count += 1;
    }
    return count;
  }, [attendeeIndex]);
  const checkedIn = useMemo(() => {
    let count = 0;
    for (const [attendeeId, rows] of checkInIndex) {
      const status = attendeeIndex.byId.get(attendeeId)?.registration_status;
      if ((status === 'confirmed' || status === 'confirmed_observer') && settleConflicts(rows).winner) count += 1;
    }
    return count;
  }, [attendeeIndex, checkInIndex]);

  return {
    roster,
    loaded: attendees !== undefined && checkIns !== undefined,
    attendees: attendees ?? EMPTY_ATTENDEES,
    checkIns: checkIns ?? EMPTY_CHECK_INS,
    view,
    expected,
    checkedIn,
    pending,
    sync,
    requestSync: (refreshRoster?: boolean) => engine.current?.request(refreshRoster),
  };
}
