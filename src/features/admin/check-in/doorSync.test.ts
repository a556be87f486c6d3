// The door's sync over IndexedDB (fake-indexeddb) and a server stand-in: the
// list stored whole and replaced, check-ins sent once and settled, a lost
// answer sent again under the same id, an undo made while a push was under
// way kept waiting, refusals kept with their reason, nothing sent offline.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { forgetDoorData, MasterclassDb, type DoorAttendeeRow } from '@/db';
import type { Connectivity } from '@/sync/connectivity';
import type { DoorApi, PushedCheckIn } from './doorApi';
import { recordCheckIn, undoCheckIn, type ServerCheckIn } from './doorStore';
import { createDoorSync } from './doorSync';

const EVENT = 'event0000000001';
const ADMIN = 'admin0000000001';

function attendee(id: string, status = 'confirmed'): DoorAttendeeRow {
  return { id, event: EVENT, full_name: `Name ${id}`, email: `${id}@example.com`, company: 'Acme', registration_status: status, ticket_code: `${id}code`, updated: '2031-01-01 00:00:00.000Z' };
}

function fakeServer() {
  const rows = new Map<string, ServerCheckIn>();
  let stamp = 0;
  const server = {
    attendees: [attendee('a00000000000001'), attendee('a00000000000002'), attendee('a00000000000003', 'cancelled')],
    pushes: [] as PushedCheckIn[][],
    loseNextAnswer: false,
    rows,
    api: null as unknown as DoorApi,
  };
  const nextStamp = () => `2031-09-01 00:00:${String((stamp += 1)).padStart(2, '0')}.000Z`;
  server.api = {
    async rosterPage(_event, after) {
      const sorted = [...server.attendees].sort((a, b) => a.id.localeCompare(b.id)).filter((row) => row.id > after);
      const page = sorted.slice(0, 2);
      const next = sorted.length > 2 ? (page[1]?.id ?? null) : null;
      return after ? { items: page, next } : { items: page, next, total: server.attendees.length, voided: [], event: { id: EVENT, title: 'Door test', starts_at: '2031-09-01 00:00:00.000Z', ends_at: '2031-09-01 03:00:00.000Z', timezone: 'Australia/Adelaide', venue: 'Hall' } };
    },
    async checkInsPage() {
      return { items: [...rows.values()], next: null };
    },
    async push(_event, items) {
      server.pushes.push(items);
      const refused: { id: string; code: string; message: string }[] = [];
      for (const item of items) {
        const who = server.attendees.find((row) => row.id === item.attendee);
        if (who?.registration_status === 'cancelled') {
          refused.push({ id: item.id, code: 'cancelled', message: 'Cancelled.' });
          continue;
        }
        const existing = rows.get(item.id);
        rows.set(item.id, {
          id: item.id, event: EVENT, attendee: item.attendee, method: item.method, scanned_at: item.scanned_at, device_name: item.device_name,
          checked_in_by: ADMIN, undone_at: existing?.undone_at || item.undone_at, undone_device: item.undone_device, undone_by: item.undone_at ? ADMIN : '',
          received_at: '2031-09-01 00:00:00.000Z', ordered_at: item.scanned_at, device_clock_offset_ms: 0, clock_suspect: false, conflict: false, conflict_with: '',
          updated: nextStamp(),
        });
      }
      if (server.loseNextAnswer) {
        server.loseNextAnswer = false;
        throw Object.assign(new Error('lost'), { status: 0 });
      }
      return { received_at: '', device_clock_offset_ms: 0, clock_suspect: false, check_ins: items.map((item) => rows.get(item.id)).filter((row) => row !== undefined), refused };
    },
  };
  return server;
}

function harness(online = true) {
  const db = new MasterclassDb('door-test', { indexedDB: new IDBFactory(), IDBKeyRange });
  const server = fakeServer();
  const connection = { online };
  const connectivity: Connectivity = { isOnline: () => connection.online, subscribe: () => () => undefined };
  const sync = createDoorSync({ db, api: server.api, event: EVENT, adminId: ADMIN, connectivity });
  /** Runs one pass to its end. */
  const pass = () => new Promise<void>((resolve) => {
    const unsubscribe = sync.subscribe((state) => {
      if (!state.syncing) {
        unsubscribe();
        resolve();
      }
    });
    sync.request();
  });
  return { db, server, sync, pass, connection };
}

const newCheckIn = (db: MasterclassDb, attendeeId: string) =>
  recordCheckIn(db, { event: EVENT, attendee: attendeeId, method: 'scan', deviceName: 'North door', adminId: ADMIN, at: new Date('2031-09-01T00:10:00Z') });

describe('the door\'s sync', () => {
  it('stores the whole list page by page, and replaces it when the server\'s changes', async () => {
    const { db, server, pass, sync } = harness();
    await pass();
    expect((await db.doorAttendees.where('event').equals(EVENT).toArray()).map((row) => row.id)).toEqual(['a00000000000001', 'a00000000000002', 'a00000000000003']);
    expect(await db.doorRosters.get(EVENT)).toMatchObject({ title: 'Door test', total: 3 });
    server.attendees = [attendee('a00000000000001', 'cancelled')];
    sync.request(true);
    await pass();
    expect(await db.doorAttendees.toArray()).toEqual([expect.objectContaining({ id: 'a00000000000001', registration_status: 'cancelled' })]);
    sync.stop();
  });

  it('sends a check-in once; a lost answer is sent again under the same id and stored once', async () => {
    const { db, server, pass, sync } = harness();
    await pass();
    const row = await newCheckIn(db, 'a00000000000001');
    server.loseNextAnswer = true;
    await pass();
    expect((await db.checkIns.get(row.id))?.pending).toBe(1);
    await pass();
    expect(server.pushes.map((items) => items.map((item) => item.id))).toEqual([[row.id], [row.id]]);
    expect(server.rows.size).toBe(1);
    expect(await db.checkIns.get(row.id)).toMatchObject({ pending: 0, received_at: '2031-09-01 00:00:00.000Z', refused: '' });
    await pass();
    expect(server.pushes).toHaveLength(2);
    sync.stop();
  });

  it('an undo made after a check-in was sent waits for its own push; the pulled row does not erase it', async () => {
    const { db, server, pass, sync } = harness();
    await pass();
    const row = await newCheckIn(db, 'a00000000000002');
    await pass();
    await undoCheckIn(db, row.id, { deviceName: 'North door', adminId: ADMIN, at: new Date('2031-09-01T00:11:00Z') });
    // a pull alone (the server has no undo yet) keeps the undo and its pending mark
    const { storeServerCheckIns } = await import('./doorStore');
    await storeServerCheckIns(db, [server.rows.get(row.id)!]);
    expect(await db.checkIns.get(row.id)).toMatchObject({ pending: 1, undone_at: '2031-09-01 00:11:00.000Z' });
    await pass();
    expect(server.rows.get(row.id)?.undone_at).toBe('2031-09-01 00:11:00.000Z');
    expect(await db.checkIns.get(row.id)).toMatchObject({ pending: 0, undone_at: '2031-09-01 00:11:00.000Z' });
    sync.stop();
  });

  it('keeps a refused check-in with the server\'s reason and stops sending it', async () => {
    const { db, server, pass, sync } = harness();
    await pass();
    const row = await newCheckIn(db, 'a00000000000003');
    await pass();
    expect(await db.checkIns.get(row.id)).toMatchObject({ pending: 0, refused: 'Cancelled.' });
    await pass();
    expect(server.pushes).toHaveLength(1);
    sync.stop();
  });

  it('sends nothing offline and keeps every check-in; sign-out keeps the lists while one waits', async () => {
    const { db, server, pass, connection, sync } = harness();
    await pass();
    connection.online = false;
    await newCheckIn(db, 'a00000000000001');
    await pass();
    expect(server.pushes).toHaveLength(0);
    expect(await forgetDoorData(db)).toBe(false);
    expect(await db.doorAttendees.count()).toBe(3);
    connection.online = true;
    await pass();
    expect(server.pushes).toHaveLength(1);
    expect(await forgetDoorData(db)).toBe(true);
    expect(await db.doorAttendees.count()).toBe(0);
    expect(await db.checkIns.count()).toBe(0);
    sync.stop();
  });
});
