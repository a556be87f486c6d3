// The portal's masterclass follows the signed-in account's own attendee rows,
// never another account's still on the device.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { db, type AttendeeRow } from '@/db';
import { ownEventIds } from './usePortalLock';

const row = (id: string, user: string, event: string) => ({ id, user, event, updated: '', registration_status: 'confirmed' }) as unknown as AttendeeRow;

afterEach(() => db.attendees.clear());

describe('ownEventIds', () => {
  it("counts only the signed-in account's rows", async () => {
    await db.attendees.bulkPut([row('attendeeofada01', 'adaada000000001', 'eventofada00001'), row('attendeeofbob01', 'bobbob000000001', 'eventofbob00001')]);
    expect([...(await ownEventIds('bobbob000000001'))]).toEqual(['eventofbob00001']);
    expect([...(await ownEventIds('carolcarol00001'))]).toEqual([]);
  });
});
