// The door's counts read by the store's index and the masterclass's check-ins
// (doorCounts.ts) equal the counts made from the whole list: confirmed and
// observers expected, one per attendee let in (an undone check-in, a refused
// one, a cancelled seat or another masterclass's row do not count), and 𠮷田's
// and Zoë's rows count like any other.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { MasterclassDb, type CheckInRow, type DoorAttendeeRow } from '@/db';
import { indexCheckIns } from './decideScan';
import { countCheckedIn, readDoorCounts } from './doorCounts';

const EVENT = 'event0000000001';
const OTHER = 'event0000000002';

const attendee = (id: string, registration_status: string, event = EVENT, full_name = id): DoorAttendeeRow => ({
  id, event, full_name, email: `${id}@example.com`, company: '', registration_status, ticket_code: `code${id}`, updated: '',
});

let seq = 0;
const checkIn = (attendeeId: string, change: Partial<CheckInRow> = {}, event = EVENT): CheckInRow => {
  seq += 1;
  return {
    id: `checkin${String(seq).padStart(8, '0')}`, event, attendee: attendeeId, method: 'scan', scanned_at: `2026-12-02 09:00:${String(seq).padStart(2, '0')}.000Z`,
    device_name: 'Door 1', checked_in_by: 'admin', undone_at: '', undone_device: '', undone_by: '', received_at: '', ordered_at: '',
    device_clock_offset_ms: 0, clock_suspect: false, conflict: false, conflict_with: '', updated: '', refused: '', pending: 0, ...change,
  } as CheckInRow;
};

describe('the door counts without reading its list', () => {
  it('counts expected by the index and checked in from the check-ins, as the whole list would', async () => {
    const db = new MasterclassDb(`counts-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
    await db.doorAttendees.bulkPut([
      attendee('ada', 'confirmed', EVENT, '𠮷田 花子'),
      attendee('zoe', 'confirmed_observer', EVENT, 'Zoë Ångström'),
      attendee('noor', 'confirmed', EVENT, 'نور 🚀'),
      attendee('cy', 'cancelled'),
      attendee('wait', 'waitlisted'),
      attendee('elsewhere', 'confirmed', OTHER),
    ]);
    await db.checkIns.bulkPut([
      checkIn('ada'),
      checkIn('ada'), // a second scan of the same guest counts once
      checkIn('zoe', { undone_at: '2026-12-02 09:05:00.000Z' }), // undone
      checkIn('noor', { refused: 'already_checked_in' }), // refused
      checkIn('cy'), // a cancelled seat admits no one
      checkIn('elsewhere', {}, OTHER),
    ]);

    const counts = await readDoorCounts(db, EVENT);

    const rows = await db.doorAttendees.where('event').equals(EVENT).toArray();
    const byId = new Map(rows.map((row) => [row.id, row.registration_status]));
    const fromList = {
      expected: rows.filter((row) => row.registration_status === 'confirmed' || row.registration_status === 'confirmed_observer').length,
      checkedIn: countCheckedIn(indexCheckIns(EVENT, await db.checkIns.where('event').equals(EVENT).toArray()), (id) => byId.get(id)),
    };
    expect(counts).toEqual({ expected: 3, checkedIn: 1 });
    expect(counts).toEqual(fromList);
    expect(await readDoorCounts(db, OTHER)).toEqual({ expected: 1, checkedIn: 1 });
    expect(await readDoorCounts(db, 'event0000000404')).toEqual({ expected: 0, checkedIn: 0 });
    db.close();
  });
});
