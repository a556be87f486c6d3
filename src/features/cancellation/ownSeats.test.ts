// 'Your registration' lists the signed-in account's own seats only, never
// another account's rows still on the device.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { db, type AttendeeRow, type EventRow } from '@/db';
import { readSeats } from './CancelRegistrationsCard';

afterEach(async () => {
  await db.attendees.clear();
  await db.events.clear();
});

describe('readSeats', () => {
  it("offers only the signed-in account's confirmed seats", async () => {
    await db.events.put({ id: 'event0000000001', title: 'AI Champions Masterclass', starts_at: '2999-06-18 00:00:00.000Z', updated: '' } as unknown as EventRow);
    await db.attendees.bulkPut([
      { id: 'attendeeofada01', user: 'adaada000000001', event: 'event0000000001', full_name: 'Ada', registration_status: 'confirmed', updated: '' },
      { id: 'attendeeofbob01', user: 'bobbob000000001', event: 'event0000000001', full_name: 'Bob', registration_status: 'confirmed', updated: '' },
    ] as unknown as AttendeeRow[]);
    expect((await readSeats('bobbob000000001')).map((seat) => seat.attendee.full_name)).toEqual(['Bob']);
    expect(await readSeats('carolcarol00001')).toEqual([]);
  });
});
