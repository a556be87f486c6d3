// A door device whose administrator is demoted while signed in: the door's
// lists (names, emails, ticket codes) leave the device at the next pass, as at
// a sign-out, and a check-in still waiting keeps only its ids and times.
import { describe, expect, it } from 'vitest';
import { DOOR_DEVICE_KEY, markDoorDevice } from '@/db';
import { pullDoor } from './pullDoor';
import type { SyncContext } from './syncContext';
import { syncHarness, USER_ID } from './testing/syncHarness';

const id = (name: string) => name.padEnd(15, '0');
const EVENT = 'event0000000001';

describe('a door device after its administrator is demoted', () => {
  it('pulls the lists while the account is an administrator and forgets them once it is not', async () => {
    const { db, server, time } = syncHarness();
    for (const name of ['ann', 'bob']) {
      server.write('attendees', { id: id(name), event: EVENT, full_name: `${name} Guest`, email: `${name}@example.com`, ticket_code: `T-${name}`, registration_status: 'confirmed' });
    }
    await markDoorDevice(db);
    let role = 'administrator';
    const ctx: SyncContext = {
      db, transport: server.transport, userId: USER_ID, clock: time.clock, pageSize: 50,
      get administrator() { return role === 'administrator'; },
    };
    await pullDoor(ctx);
    expect((await db.doorAttendees.toArray()).map((row) => row.full_name).sort()).toEqual(['ann Guest', 'bob Guest']);
    // A check-in made at the door and not sent yet.
    await db.transaction('rw', db.checkIns, db.outbox, async () => {
      await db.checkIns.put({ id: id('checkin'), attendee: id('ann'), event: EVENT, device_name: 'North door', pending: 1 } as never);
      await db.outbox.add({ collection: 'check_ins', recordId: id('checkin'), op: 'create', patch: { id: id('checkin') }, createdAt: '', attempts: 0, nextAttemptAt: 0, status: 'pending' });
    });

    role = 'attendee';
    await pullDoor(ctx);
    expect(await db.doorAttendees.count()).toBe(0);
    expect(await db.meta.get(DOOR_DEVICE_KEY)).toBeUndefined();
    const kept = await db.checkIns.toArray();
    expect(kept.map((row) => row.id)).toEqual([id('checkin')]);
    expect(JSON.stringify(kept)).not.toMatch(/Guest|example\.com|T-ann/);
    expect(await db.outbox.count()).toBe(1);
  });
});
