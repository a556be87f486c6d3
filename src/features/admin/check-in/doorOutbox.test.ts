// The door's check-ins through the app's sync engine, over IndexedDB
// (fake-indexeddb) and a door server stand-in: a check-in and its undo wait in
// the shared outbox (counted by the sync status and sign-out), are sent by
// whichever administrator is signed in (not only the one who scanned, and
// whatever masterclass the door shows), in batches to the door's push route;
// refusals stay with their reason; other doors' check-ins and the attendee
// list arrive by the change sequence, and a ticket admitted at another door is
// refused as already checked in; the lists leave at sign-out, and check-ins still
// waiting stay as ids and times for the next administrator.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { CHECK_INS_COLLECTION, countPendingCheckIns, forgetDoorData, markDoorDevice, MasterclassDb, type ServerRecord } from '@/db';
import { ticketPayload } from '@/lib/ticket';
import { countOutbox } from '@/sync/countOutbox';
import { discardChange } from '@/sync/discardChange';
import { leaveDevice } from '@/sync/leaveDevice';
import { unsentChanges } from '@/sync/unsentChanges';
import { createSyncEngine, type SyncEngine } from '@/sync/createSyncEngine';
import { CHECK_IN_PUSH_ROUTE } from '@/sync/pushCheckIns';
import { doorPulls, pullDoor, pullDoorCollection } from '@/sync/pullDoor';
import type { SyncContext } from '@/sync/syncContext';
import { fakeClock, fakeConnectivity } from '@/sync/testing/syncHarness';
import { createSyncStatusStore } from '@/sync/syncStatusStore';
import type { ChangesPage, SyncTransport } from '@/sync/transport';
import { buildDoorView, decideScan } from './decideScan';
import { recordCheckIn, undoCheckIn } from './doorStore';

const EVENT = 'event0000000001';
const OTHER_EVENT = 'event0000000002';
const ADMIN_A = 'admina000000001';
const ADMIN_B = 'adminb000000001';
const ATTENDEE_USER = 'attuser00000001';

/** A ticket code of the app's alphabet made from an attendee id. */
const codeOf = (id: string) => `${id.replace(/[01lo]/g, 'k')}${'z'.repeat(26)}`.slice(0, 26);

interface Pushed { event: string; sent_at: string; check_ins: Record<string, unknown>[] }

/** The door's routes as the server answers them: push (stores, settles, answers), and the change sequence of check-ins and attendees. */
function doorServer() {
  let seq = 0;
  const checkIns = new Map<string, ServerRecord>();
  const attendees = new Map<string, ServerRecord>();
  const server = {
    pushes: [] as { by: string; body: Pushed }[],
    checkIns,
    /** Refuse check-ins of these attendees (a cancelled seat). */
    refuse: new Set<string>(),
    /** The next push gets no answer. */
    offline: false,
    attendee(id: string, event = EVENT, status = 'confirmed') {
      attendees.set(id, {
        id, event, full_name: `Name ${id}`, email: `${id}@example.com`, company: 'Acme', registration_status: status, ticket_code: codeOf(id),
        user: '', phone: '0400 000 000', updated: '2031-01-01 00:00:00.000Z', sync_seq: (seq += 1),
      });
    },
    settle(attendee: string) {
      const rows = [...checkIns.values()].filter((row) => row.attendee === attendee && !row.undone_at)
        .sort((a, b) => String(a.scanned_at).localeCompare(String(b.scanned_at)));
      for (const row of checkIns.values()) {
        if (row.attendee !== attendee) continue;
        const winner = rows[0];
        const conflict = Boolean(winner && winner.id !== row.id && !row.undone_at);
        if (row.conflict !== conflict) checkIns.set(row.id, { ...row, conflict, conflict_with: conflict ? winner!.id : '', sync_seq: (seq += 1) });
      }
    },
    transport(userId: string): SyncTransport {
      const page = (rows: ServerRecord[], after: number): ChangesPage => ({
        records: rows.filter((row) => Number(row.sync_seq) > after).sort((a, b) => Number(a.sync_seq) - Number(b.sync_seq)),
        gone: [], last: seq, more: false,
      });
      return {
        async verifySession() {},
        async changes(collection, { after, owner }) {
          if (collection === CHECK_INS_COLLECTION) return page([...checkIns.values()], after);
          if (collection === 'attendees' && !owner) return page([...attendees.values()], after);
          return { records: [], gone: [], last: seq, more: false };
        },
        async getOne() { return null; },
        async create(_collection, body) { return { ...body, id: String(body.id), updated: '' }; },
        async update(_collection, id, patch) { return { ...patch, id, updated: '' }; },
        async delete() {},
        async subscribe() { return async () => {}; },
        async onReconnect() { return async () => {}; },
        async send<T>(route: string, body: Record<string, unknown>): Promise<T> {
          expect(route).toBe(CHECK_IN_PUSH_ROUTE);
          if (server.offline) {
            server.offline = false;
            throw Object.assign(new Error('Failed to fetch'), { status: 0 });
          }
          const pushed = body as unknown as Pushed;
          server.pushes.push({ by: userId, body: pushed });
          const refused: { id: string; code: string; message: string }[] = [];
          const touched = new Set<string>();
          for (const item of pushed.check_ins) {
            if (server.refuse.has(String(item.attendee))) {
              refused.push({ id: String(item.id), code: 'cancelled', message: "This attendee's registration was cancelled, so they cannot be checked in." });
              continue;
            }
            const held = checkIns.get(String(item.id));
            checkIns.set(String(item.id), {
              ...(held ?? { ...item, event: pushed.event, sent_by: userId, received_at: '2031-09-01 00:00:00.000Z', ordered_at: item.scanned_at, conflict: false, conflict_with: '' }),
              undone_at: held?.undone_at || item.undone_at || '', undone_by: held?.undone_by || item.undone_by || '', undone_device: held?.undone_device || item.undone_device || '',
              id: String(item.id), updated: `2031-09-01 00:00:${String(seq % 60).padStart(2, '0')}.000Z`, sync_seq: (seq += 1),
            });
            touched.add(String(item.attendee));
          }
          for (const attendee of touched) server.settle(attendee);
          const answer = [...checkIns.values()].filter((row) => touched.has(String(row.attendee)));
          return { check_ins: answer, refused } as T;
        },
      };
    },
  };
  return server;
}

const engines: SyncEngine[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.stop()));
});

function device() {
  return new MasterclassDb(`door-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
}

/** A sync engine on the device for `userId`, as the admin area (or the portal) starts it. */
function signIn(db: MasterclassDb, server: ReturnType<typeof doorServer>, userId: string, administrator = true) {
  const time = fakeClock();
  const network = fakeConnectivity();
  const status = createSyncStatusStore();
  const engine = createSyncEngine({
    db, userId, administrator, collections: [], transport: server.transport(userId), clock: time.clock, connectivity: network.connectivity, status,
    wakeups: { subscribe: () => () => {} },
  });
  engines.push(engine);
  return { engine, status, time, network };
}

const scan = (db: MasterclassDb, attendee: string, adminId: string, { event = EVENT, at = new Date('2031-09-01T00:10:00Z'), deviceName = 'North door' } = {}) =>
  recordCheckIn(db, { event, attendee, method: 'scan', deviceName, adminId, at });

describe('the door through the sync engine', () => {
  it('a check-in made offline by one administrator is sent once another administrator signs in on the device', async () => {
    const server = doorServer();
    server.attendee('att000000000001');
    const db = device();
    // Administrator A scans offline, then signs out with the check-in still waiting.
    const row = await scan(db, 'att000000000001', ADMIN_A);
    expect(await db.outbox.toArray()).toMatchObject([{ collection: CHECK_INS_COLLECTION, recordId: row.id, op: 'create', status: 'pending' }]);
    expect(await forgetDoorData(db)).toBe(false);

    // Administrator B signs in on the same device, online.
    const b = signIn(db, server, ADMIN_B);
    await b.engine.request();

    expect(server.pushes).toHaveLength(1);
    expect(server.pushes[0]).toMatchObject({ by: ADMIN_B, body: { event: EVENT, check_ins: [{ id: row.id, attendee: 'att000000000001', checked_in_by: ADMIN_A, device_name: 'North door' }] } });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.checkIns.get(row.id)).toMatchObject({ pending: 0, checked_in_by: ADMIN_A, sent_by: ADMIN_B, refused: '' });
    expect(b.status.get().pending).toBe(0);
  });

  it('sends every waiting check-in and undo, of every masterclass, whatever masterclass the door shows', async () => {
    const server = doorServer();
    server.attendee('att000000000001');
    server.attendee('att000000000002', OTHER_EVENT);
    const db = device();
    const first = await scan(db, 'att000000000001', ADMIN_A);
    await undoCheckIn(db, first.id, { deviceName: 'North door', adminId: ADMIN_A, at: new Date('2031-09-01T00:11:00Z') });
    // The door switched to another masterclass and checked someone in there too.
    const second = await scan(db, 'att000000000002', ADMIN_A, { event: OTHER_EVENT });
    expect(await countPendingCheckIns(db)).toBe(2);

    const a = signIn(db, server, ADMIN_A);
    // The sync status counts them (as the badge and sign-out do) before they go.
    await a.engine.whenIdle();

    await a.engine.request();
    expect(server.pushes.map((push) => push.body.event).sort()).toEqual([EVENT, OTHER_EVENT]);
    const undone = server.pushes.find((push) => push.body.event === EVENT)!.body.check_ins;
    // One check-in, sent whole with its undo (the latest of its waiting changes).
    expect(undone).toEqual([expect.objectContaining({ id: first.id, undone_at: '2031-09-01 00:11:00.000Z', undone_by: ADMIN_A })]);
    expect(server.checkIns.get(first.id)).toMatchObject({ undone_by: ADMIN_A });
    expect(server.checkIns.get(second.id)).toMatchObject({ event: OTHER_EVENT });
    expect(await db.outbox.count()).toBe(0);
  });

  it('the sync status counts waiting check-ins; sign-out keeps the one waiting (not the list), sent later all the same', async () => {
    const server = doorServer();
    server.attendee('att000000000001');
    const db = device();
    await markDoorDevice(db);
    const a = signIn(db, server, ADMIN_A);
    a.network.set(false);
    await a.engine.request();
    await scan(db, 'att000000000001', ADMIN_A);
    expect(await countOutbox(db, ADMIN_A)).toEqual({ pending: 1, failed: 0 });
    await a.engine.request();
    expect(a.status.get().pending).toBe(1);
    a.network.set(true);
    await a.engine.request();
    a.network.set(false);
    await scan(db, 'att000000000001', ADMIN_A, { at: new Date('2031-09-01T00:12:00Z') });
    expect(await db.doorAttendees.count()).toBe(1);
    expect(await db.checkIns.count()).toBe(2);
    // A check-in waits: it stays, the names, emails and ticket codes and the check-in the server has leave.
    expect(await forgetDoorData(db)).toBe(false);
    expect(await db.doorAttendees.count()).toBe(0);
    expect(await db.doorRosters.count()).toBe(0);
    expect(await db.checkIns.toArray()).toEqual([expect.objectContaining({ attendee: 'att000000000001', pending: 1 })]);
    expect(await db.meta.where('key').startsWith('checkpoint:door:').count()).toBe(0);
    expect(await countPendingCheckIns(db)).toBe(1);

    a.network.set(true);
    await a.engine.request();
    expect(a.status.get().pending).toBe(0);
    // No list is pulled until the door is opened again.
    expect(await db.doorAttendees.count()).toBe(0);
    // Nothing waits: the device keeps nothing of the door.
    expect(await forgetDoorData(db)).toBe(true);
    expect(await db.doorAttendees.count()).toBe(0);
    expect(await db.checkIns.count()).toBe(0);
    expect(await db.meta.where('key').startsWith('checkpoint:door:').count()).toBe(0);
  });

  it('a refused check-in stays in the outbox as failed with the server\'s reason, and its row says why', async () => {
    const server = doorServer();
    server.attendee('att000000000001');
    server.attendee('att000000000002');
    server.refuse.add('att000000000002');
    const db = device();
    const good = await scan(db, 'att000000000001', ADMIN_A);
    const bad = await scan(db, 'att000000000002', ADMIN_A);
    const a = signIn(db, server, ADMIN_A);
    await a.engine.request();
    expect(await db.outbox.toArray()).toMatchObject([{ recordId: bad.id, status: 'failed', error: "This attendee's registration was cancelled, so they cannot be checked in." }]);
    expect(await db.checkIns.get(bad.id)).toMatchObject({ pending: 0, refused: "This attendee's registration was cancelled, so they cannot be checked in." });
    expect(await db.checkIns.get(good.id)).toMatchObject({ pending: 0, refused: '' });
    expect(a.status.get()).toMatchObject({ pending: 0, failed: 1 });
  });

  it('kept at sign-out (stamped with the account that left), it is still counted and sent by the next administrator; a refused one discarded leaves the door', async () => {
    const server = doorServer();
    server.attendee('att000000000001');
    server.attendee('att000000000002');
    server.refuse.add('att000000000002');
    const db = device();
    const kept = await scan(db, 'att000000000001', ADMIN_A);
    const refused = await scan(db, 'att000000000002', ADMIN_A);
    // What a sign-out that keeps the account's changes does to them.
    await db.outbox.toCollection().modify({ owner: ADMIN_A });
    expect(await countOutbox(db, ADMIN_B)).toEqual({ pending: 2, failed: 0 });

    const b = signIn(db, server, ADMIN_B);
    await b.engine.request();
    expect(server.checkIns.get(kept.id)).toMatchObject({ checked_in_by: ADMIN_A, sent_by: ADMIN_B });
    expect(await countOutbox(db, ADMIN_B)).toEqual({ pending: 0, failed: 1 });
    const [failed] = await db.outbox.toArray();
    await discardChange(db, failed!.seq!);
    expect(await db.checkIns.get(refused.id)).toBeUndefined();
    expect(await db.checkIns.get(kept.id)).toMatchObject({ pending: 0 });
    expect(await countPendingCheckIns(db)).toBe(0);
  });

  it('sign-out says the check-ins wait; kept, they stay for the next administrator (the list leaves); discarded, they leave too', async () => {
    for (const choice of ['keep', 'discard'] as const) {
      const server = doorServer();
      server.attendee('att000000000001');
      const db = device();
      await markDoorDevice(db);
      const a = signIn(db, server, ADMIN_A);
      await a.engine.request();
      await a.engine.stop();
      await scan(db, 'att000000000001', ADMIN_A);
      expect(await unsentChanges(db, ADMIN_A)).toEqual({ pending: 0, failed: 0, conflicts: 0, checkIns: 1, total: 1 });

      const left = await leaveDevice(db, ADMIN_A, choice);
      if (choice === 'keep') {
        expect(left.keptCheckIns).toBe(true);
        expect(await db.doorAttendees.count()).toBe(0);
        expect(await db.checkIns.count()).toBe(1);
        expect((await db.outbox.toArray()).map((change) => [change.collection, change.owner])).toEqual([[CHECK_INS_COLLECTION, undefined]]);
      } else {
        expect(left.keptCheckIns).toBe(false);
        expect(await db.outbox.count()).toBe(0);
        expect(await db.doorAttendees.count()).toBe(0);
        expect(await db.checkIns.count()).toBe(0);
      }
    }
  });

  it('a check-in an earlier version of the door left waiting (no outbox entry) is sent too', async () => {
    const server = doorServer();
    server.attendee('att000000000001');
    const db = device();
    const row = await scan(db, 'att000000000001', ADMIN_A);
    // As the earlier door stored it: the row marked waiting, by administrator A, nothing in the outbox.
    await db.outbox.clear();
    await db.checkIns.update(row.id, { pendingBy: ADMIN_A, revision: 1 } as never);
    expect(await countPendingCheckIns(db)).toBe(1);
    expect(await forgetDoorData(db)).toBe(false);
    const b = signIn(db, server, ADMIN_B);
    await b.engine.request();
    expect(server.checkIns.get(row.id)).toMatchObject({ checked_in_by: ADMIN_A, sent_by: ADMIN_B });
    expect(await db.checkIns.get(row.id)).toMatchObject({ pending: 0 });
    expect(await countPendingCheckIns(db)).toBe(0);
  });

  it('a push that gets no answer stays waiting and goes on a later pass, once', async () => {
    const server = doorServer();
    server.attendee('att000000000001');
    const db = device();
    const row = await scan(db, 'att000000000001', ADMIN_A);
    const a = signIn(db, server, ADMIN_A);
    server.offline = true;
    await a.engine.request();
    expect(await db.outbox.toArray()).toMatchObject([{ recordId: row.id, status: 'pending', attempts: 1 }]);
    a.time.advance(60_000);
    await a.engine.whenIdle();
    await a.engine.request();
    expect(server.pushes).toHaveLength(1);
    expect(await db.outbox.count()).toBe(0);
  });

  it('an attendee signed in on the device sends none of them', async () => {
    const server = doorServer();
    server.attendee('att000000000001');
    const db = device();
    await scan(db, 'att000000000001', ADMIN_A);
    const attendee = signIn(db, server, ATTENDEE_USER, false);
    await attendee.engine.request();
    expect(server.pushes).toHaveLength(0);
    expect(await countPendingCheckIns(db)).toBe(1);
  });

  it('a door device pulls the list and every door\'s check-ins by the change sequence: a ticket admitted at another door is refused as already in, and two scans of one ticket are flagged on both devices', async () => {
    const server = doorServer();
    server.attendee('att000000000001');
    server.attendee('att000000000002');
    const north = device();
    const south = device();
    await markDoorDevice(north);
    await markDoorDevice(south);
    const northSync = signIn(north, server, ADMIN_A);
    const southSync = signIn(south, server, ADMIN_B);
    await Promise.all([northSync.engine.request(), southSync.engine.request()]);
    // The list arrived, as the door keeps it: nothing beyond what a scan and the search need.
    expect(await south.doorAttendees.get('att000000000001')).toEqual({
      id: 'att000000000001', event: EVENT, full_name: 'Name att000000000001', email: 'att000000000001@example.com', company: 'Acme',
      registration_status: 'confirmed', ticket_code: codeOf('att000000000001'), replaces: '', updated: '2031-01-01 00:00:00.000Z', sync_seq: 1,
    });

    // North admits Ada online; South, a moment later, scans her ticket.
    await scan(north, 'att000000000001', ADMIN_A);
    await northSync.engine.request();
    await southSync.engine.request();
    const view = buildDoorView(EVENT, await south.doorAttendees.toArray(), await south.checkIns.toArray());
    expect(decideScan(view, ticketPayload(EVENT, codeOf('att000000000001')))).toMatchObject({ kind: 'refuse', reason: 'already' });

    // Both doors offline scan Bob; once both sync, one admission and one duplicate, on both devices.
    const first = await scan(north, 'att000000000002', ADMIN_A, { at: new Date('2031-09-01T00:20:00Z') });
    const second = await scan(south, 'att000000000002', ADMIN_B, { at: new Date('2031-09-01T00:21:00Z'), deviceName: 'South door' });
    await southSync.engine.request();
    await northSync.engine.request();
    await southSync.engine.request();
    for (const db of [north, south]) {
      const rows = await db.checkIns.where('attendee').equals('att000000000002').sortBy('scanned_at');
      expect(rows.map((row) => [row.id, row.conflict, row.conflict_with, row.pending])).toEqual([[first.id, false, '', 0], [second.id, true, first.id, 0]]);
    }
  });

  it('a new door stores its whole list once the last page is in: a fill cut off midway stores nothing and starts again from 0', async () => {
    const rows = Array.from({ length: 5 }, (_, index) => ({
      id: `att00000000000${index}`, event: EVENT, full_name: `Name ${index}`, email: '', company: '', registration_status: 'confirmed',
      ticket_code: codeOf(`att00000000000${index}`), updated: '', sync_seq: index + 1,
    }) as ServerRecord);
    const asked: number[] = [];
    let failAt: number | null = 4;
    const transport = {
      async changes(_collection: string, { after }: { after: number }): Promise<ChangesPage> {
        asked.push(after);
        if (after === failAt) throw Object.assign(new Error('Failed to fetch'), { status: 0 });
        const page = rows.filter((row) => Number(row.sync_seq) > after).slice(0, 2);
        const last = Number(page.at(-1)?.sync_seq ?? 5);
        // Row 2 was deleted while the fill went on: the last page says so.
        return { records: page, gone: last === 5 ? ['att000000000002'] : [], last, more: last < 5 };
      },
    } as unknown as SyncTransport;
    const db = device();
    const ctx = { db, transport } as unknown as SyncContext;
    const attendees = doorPulls.find((pull) => pull.table === 'doorAttendees')!;

    await expect(pullDoorCollection(ctx, attendees)).rejects.toThrow('Failed to fetch');
    expect(await db.doorAttendees.count()).toBe(0);
    expect(await db.meta.get('checkpoint:door:attendees')).toBeUndefined();

    failAt = null;
    asked.length = 0;
    await pullDoorCollection(ctx, attendees);
    expect(asked).toEqual([0, 2, 4]);
    expect((await db.doorAttendees.toCollection().primaryKeys()).sort()).toEqual(['att000000000000', 'att000000000001', 'att000000000003', 'att000000000004']);
    expect((await db.meta.get('checkpoint:door:attendees'))?.value).toBe('5');
  });

  it('pulls the attendee list and the check-ins side by side; a pass with a failure ends only once both pulls have ended', async () => {
    const [attendees, checkIns] = [doorPulls.find((pull) => pull.table === 'doorAttendees')!, doorPulls.find((pull) => pull.table === 'checkIns')!];
    const asked: string[] = [];
    let answerCheckIns!: () => void;
    const checkInsHeld = new Promise<void>((resolve) => { answerCheckIns = resolve; });
    const transport = {
      async changes(collection: string): Promise<ChangesPage> {
        asked.push(collection);
        if (collection === attendees.collection) throw Object.assign(new Error('Failed to fetch'), { status: 0 });
        await checkInsHeld;
        return { records: [], gone: [], last: 7, more: false };
      },
    } as unknown as SyncTransport;
    const db = device();
    await markDoorDevice(db);
    const pass = pullDoor({ db, transport, administrator: true } as unknown as SyncContext);
    let settled = false;
    pass.then(() => { settled = true; }, () => { settled = true; });
    // The check-ins are asked for while the attendee list's request fails.
    await expect.poll(() => asked.includes(checkIns.collection)).toBe(true);
    expect(asked).toContain(attendees.collection);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled).toBe(false);
    answerCheckIns();
    await expect(pass).rejects.toThrow('Failed to fetch');
    // The check-ins' pull had ended, stored, when the pass reported the failure.
    expect((await db.meta.get(`checkpoint:door:${checkIns.collection}`))?.value).toBe('7');
    expect(await db.meta.get(`checkpoint:door:${attendees.collection}`)).toBeUndefined();
  });

  it('an administrator\'s laptop that never opened the door pulls no list', async () => {
    const server = doorServer();
    server.attendee('att000000000001');
    const db = device();
    const a = signIn(db, server, ADMIN_A);
    await a.engine.request();
    expect(await db.doorAttendees.count()).toBe(0);
  });
});

describe('a door pass on the device', () => {
  const PASS = 'doorpass0000001';

  it('sends only what was made with it at its masterclass; the rest waits for an administrator, who sends it', async () => {
    const server = doorServer();
    for (const id of ['att000000000001', 'att000000000002']) server.attendee(id);
    server.attendee('att000000000003', OTHER_EVENT);
    const db = device();
    // An administrator's check-ins wait on the device (this masterclass and another), then a pass's.
    const byAdmin = await scan(db, 'att000000000001', ADMIN_A);
    const otherEvent = await scan(db, 'att000000000003', ADMIN_A, { event: OTHER_EVENT });
    const byPass = await scan(db, 'att000000000002', PASS);

    const time = fakeClock();
    const engine = createSyncEngine({
      db, userId: PASS, administrator: false, doorPass: { id: PASS, event: EVENT }, collections: [], transport: server.transport(PASS), clock: time.clock,
      connectivity: fakeConnectivity().connectivity, status: createSyncStatusStore(), wakeups: { subscribe: () => () => {} },
    });
    engines.push(engine);
    await engine.request();
    expect(server.pushes.map((push) => push.body.check_ins.map((item) => item.id))).toEqual([[byPass.id]]);
    expect(await countPendingCheckIns(db)).toBe(2);

    // Handed to an administrator: the two left are sent.
    await engine.stop();
    const admin = signIn(db, server, ADMIN_B);
    await admin.engine.request();
    expect(server.pushes.slice(1).flatMap((push) => push.body.check_ins.map((item) => item.id)).sort()).toEqual([byAdmin.id, otherEvent.id].sort());
    expect(await countPendingCheckIns(db)).toBe(0);
  });

  it('a pass never keeps the attendee list an administrator pulled (emails, other masterclasses): it pulls its own again', async () => {
    const server = doorServer();
    server.attendee('att000000000001');
    server.attendee('att000000000003', OTHER_EVENT);
    const db = device();
    await markDoorDevice(db);
    const admin = signIn(db, server, ADMIN_A);
    await admin.engine.request();
    expect(await db.doorAttendees.get('att000000000001')).toMatchObject({ email: 'att000000000001@example.com' });
    await admin.engine.stop();
    // A check-in of the administrator's waits (it stays on the device; the list does not).
    await scan(db, 'att000000000003', ADMIN_A, { event: OTHER_EVENT });
    // The pass's server answers only its masterclass, without emails.
    const scoped = server.transport(PASS);
    const changes = scoped.changes.bind(scoped);
    scoped.changes = async (collection, options, signal) => {
      const answer = await changes(collection, options, signal);
      if (!('records' in answer) || collection !== 'attendees') return answer;
      return { ...answer, records: answer.records.filter((row) => row.event === EVENT).map((row) => ({ ...row, email: '' })) };
    };
    const engine = createSyncEngine({
      db, userId: PASS, administrator: false, doorPass: { id: PASS, event: EVENT }, collections: [], transport: scoped, clock: fakeClock().clock,
      connectivity: fakeConnectivity().connectivity, status: createSyncStatusStore(), wakeups: { subscribe: () => () => {} },
    });
    engines.push(engine);
    // The pass's sign-in claimed the device (the administrator's lists left with it); its door page marks the device again.
    await engine.request();
    await markDoorDevice(db);
    await engine.request();
    expect(await db.doorAttendees.toArray()).toEqual([expect.objectContaining({ id: 'att000000000001', email: '' })]);
  });
});
