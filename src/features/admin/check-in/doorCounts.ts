// The door's counts for one masterclass, read from the device without its
// whole list: who may come in (confirmed attendees and observers) counted by
// IndexedDB's own index, and who came in from the masterclass's check-ins (a
// few hundred rows, not the 10,000 attendees) with the conflict rule, their
// attendees read by id. The door shows them as it opens, while the list for
// searching and scanning is still being read.
import type { CheckInRow } from '@/db';
import type { MasterclassDb } from '@/db/database';
import { settleConflicts } from './conflictRule';
import { indexCheckIns } from './decideScan';

export const ADMITTED_STATUSES = ['confirmed', 'confirmed_observer'] as const;

export interface DoorCounts {
  expected: number;
  checkedIn: number;
}

const ADMITS: ReadonlySet<string> = new Set(ADMITTED_STATUSES);

/** Whether a registration status lets its attendee in. */
export const admits = (status: string | undefined): boolean => status !== undefined && ADMITS.has(status);

/**
 * Attendees let in: a winning (not undone) check-in, and a seat that still admits. `byAttendee` is
 * the masterclass's check-ins by attendee, refused ones left out (decideScan.ts indexCheckIns).
 */
export function countCheckedIn(byAttendee: ReadonlyMap<string, readonly CheckInRow[]>, statusOf: (attendeeId: string) => string | undefined): number {
  let count = 0;
  for (const [attendeeId, rows] of byAttendee) if (admits(statusOf(attendeeId)) && settleConflicts(rows).winner) count += 1;
  return count;
}

/**
 * Read once as the door opens (not a live query: a live query tracks every key it reads, and
 * 10,000 keys cost more than the count): the store lists the keys of each admitted status's range
 * (no row is read) and the masterclass's check-ins, all asked for at once, so the answers come back
 * in one round trip (asked one after another, each waited for a busy page in turn). Once the list
 * itself is read, the door counts from it, live.
 */
export async function readDoorCounts(db: MasterclassDb, event: string): Promise<DoorCounts> {
  return db.transaction('r', db.doorAttendees, db.checkIns, async () => {
    const [checkIns, ...admittedKeys] = await Promise.all([
      db.checkIns.where('event').equals(event).toArray(),
      ...ADMITTED_STATUSES.map((status) => db.doorAttendees.where('[event+registration_status]').equals([event, status]).primaryKeys()),
    ]);
    const admitted = new Set<string>(admittedKeys.flat());
    const byAttendee = indexCheckIns(event, checkIns);
    return { expected: admitted.size, checkedIn: countCheckedIn(byAttendee, (id) => (admitted.has(id) ? 'confirmed' : undefined)) };
  });
}
