// The dashboard's Session Materials list only the account's own masterclasses'
// materials, or, with no attendee row (an administrator), the portal's
// masterclass's: never every material stored on the device.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { db, type AttendeeRow, type EventRow, type MaterialRow } from '@/db';
import { portalMaterials } from './portalMaterials';

const ADA = 'adaada000000001';
const ADMIN = 'admin0000000001';
const NOW = new Date('2031-06-01T00:00:00Z');

const event = (id: string, startsAt: string, published = true) =>
  ({ id, title: id, starts_at: startsAt, ends_at: startsAt, published, updated: '' }) as unknown as EventRow;
const material = (id: string, eventId: string, sort: number) => ({ id, event: eventId, title: id, description: '', file: '', sort, updated: '' }) as MaterialRow;
const seat = (id: string, user: string, eventId: string) => ({ id, user, event: eventId, registration_status: 'confirmed', updated: '' }) as unknown as AttendeeRow;

afterEach(async () => {
  await Promise.all([db.events.clear(), db.materials.clear(), db.attendees.clear()]);
});

async function storeAdministratorsView() {
  // As an administrator's device holds them: the featured masterclass, a past one and a draft, each with materials.
  await db.events.bulkPut([event('eventfeatured01', '2031-07-01 00:00:00.000Z'), event('eventpast000001', '2030-07-01 00:00:00.000Z'), event('eventdraft00001', '2031-06-15 00:00:00.000Z', false)]);
  await db.materials.bulkPut([
    material('materialfeat002', 'eventfeatured01', 2), material('materialpast001', 'eventpast000001', 1),
    material('materialsecret1', 'eventdraft00001', 0), material('materialfeat001', 'eventfeatured01', 1),
  ]);
}

describe('portalMaterials', () => {
  it('an attendee sees the materials of the masterclasses they hold a seat at, in order', async () => {
    await storeAdministratorsView();
    await db.attendees.put(seat('attendeeofada01', ADA, 'eventpast000001'));
    expect((await portalMaterials(ADA, NOW)).map((row) => row.id)).toEqual(['materialpast001']);
  });

  it('an account with no attendee row sees the portal masterclass\'s materials only: no draft\'s, no other masterclass\'s', async () => {
    await storeAdministratorsView();
    // Another account's seat still on the device counts for nothing.
    await db.attendees.put(seat('attendeeofada01', ADA, 'eventpast000001'));
    expect((await portalMaterials(ADMIN, NOW)).map((row) => row.id)).toEqual(['materialfeat001', 'materialfeat002']);
  });

  it('shows nothing while no published masterclass is stored', async () => {
    await db.events.put(event('eventdraft00001', '2031-06-15 00:00:00.000Z', false));
    await db.materials.put(material('materialsecret1', 'eventdraft00001', 0));
    expect(await portalMaterials(ADMIN, NOW)).toEqual([]);
  });
});
