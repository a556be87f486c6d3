// The door's counts for one masterclass, read from the device without its
// whole list: who may come in (confirmed attendees and observers) counted by
// IndexedDB's own index, and who came in from the masterclass's check-ins (a
// few hundred rows, not the 10,000 attendees) with the conflict rule, their
// attendees read by id. The door shows them as it opens, while the list for
// searching and scanning is still being read.
import type { CheckInRow } from '@/db';
import type { MasterclassDb } from '@/db/database';
import { settleConflicts } from './conflictRule';

export const ADMITTED_STATUSES = ['confirmed', 'confirmed_observer'] as const;

export interface DoorCounts {
  expected: number;
  checkedIn: number;
}

/** Attendees let in: a winning (not undone, not refused) check-in, and a seat that still admits. */
export function countCheckedIn(checkIns: readonly CheckInRow[], statusOf: (attendeeId: string) => string | undefined): number {
  const byAttendee = new Map<string, CheckInRow[]>();
  for (const row of checkIns) {
    if (row.refused) continue;
    const list = byAttendee.get(row.attendee);
    if (list) list.push(row);
    else byAttendee.set(row.attendee, [row]);
  }
  let count = 0;
  for (const [attendeeId, rows] of byAttendee) {
    const status = statusOf(attendeeId);
    if ((status === 'confirmed' || status === 'confirmed_observer') && settleConflicts(rows).winner) count += 1;
  }
  return count;
}

/**
 * Read once as the door opens (not a live query: a live query tracks every key it reads, and
 * 10,000 keys cost more than the count): the store lists the keys of each admitted status's range
 * (no row is read), and the check-ins are matched against them. Once the list itself is read, the door counts from it, live.
 */
export async function readDoorCounts(db: MasterclassDb, event: string): Promise<DoorCounts> {
  return db.transaction('r', db.doorAttendees, db.checkIns, async () => {
    // The keys of each admitted status's range, listed by the store in one call (no row read).
    const admitted = new Set<string>();
    for (const status of ADMITTED_STATUSES) {
      for (const id of await db.doorAttendees.where('[event+registration_status]').equals([event, status]).primaryKeys()) admitted.add(id);
    }
    const checkIns = await db.checkIns.where('event').equals(event).toArray();
    return { expected: admitted.size, checkedIn: countCheckedIn(checkIns, (id) => (admitted.has(id) ? 'confirmed' : undefined)) };
  });
}
