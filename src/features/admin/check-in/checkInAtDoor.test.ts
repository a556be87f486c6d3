// The door's answer to a scan or a name comes from the device's database at
// that moment, not from what the page last drew: another door's check-in the
// sync stored a moment ago, this device's own check-in a moment ago (the
// repeat after a conflict), an attendee cancelled or a ticket replaced since
// the page read its list, and two entries at once (two quick scans, two tabs)
// all decide the answer, and a check-in is stored only when that answer
// admits. Each test hands the door a view read BEFORE the change (as the page
// holds it until its live queries have read the change and it has drawn
// again), over IndexedDB (fake-indexeddb).
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { applyServerCheckIns, CHECK_INS_COLLECTION, MasterclassDb, type CheckInRow, type DoorAttendeeRow, type ServerCheckIn } from '@/db';
import { ticketPayload } from '@/lib/ticket';
import { checkInAtDoor, type DoorEntry } from './checkInAtDoor';
import { buildDoorView, type DoorView } from './decideScan';
import { undoCheckIn } from './doorStore';

const EVENT = 'event0000000001';
const ADMIN = 'admin0000000001';
const ADA_CODE = 'abcdefghijkmnpqrstuvwxyz22';
const NEW_CODE = 'abcdefghijkmnpqrstuvwxyz33';

function attendee(id: string, fields: Partial<DoorAttendeeRow> = {}): DoorAttendeeRow {
  return { id, event: EVENT, full_name: `Name ${id}`, email: `${id}@example.com`, company: 'Acme', registration_status: 'confirmed', ticket_code: '', updated: '2031-01-01 00:00:00.000Z', ...fields };
}

const ada = attendee('ada000000000001', { full_name: 'Ada Lovelace', ticket_code: ADA_CODE });
const grace = attendee('gra000000000001', { full_name: 'Grace Hopper', ticket_code: 'zzzzzzzzzzzzzzzzzzzzzzzzzz' });

/** Another door's check-in as the server sends it (the pull, or a push's answer). */
function serverCheckIn(id: string, attendeeId: string, fields: Partial<ServerCheckIn> = {}): ServerCheckIn {
  return {
    id, event: EVENT, attendee: attendeeId, method: 'scan', scanned_at: '2031-09-01 00:09:00.000Z', device_name: 'South door', checked_in_by: 'admin0000000002',
    sent_by: 'admin0000000002', undone_at: '', undone_device: '', undone_by: '', received_at: '2031-09-01 00:09:01.000Z', ordered_at: '2031-09-01 00:09:00.000Z',
    device_clock_offset_ms: 0, clock_suspect: false, conflict: false, conflict_with: '', updated: '2031-09-01 00:09:01.000Z', sync_seq: 10, ...fields,
  } as ServerCheckIn;
}

async function door(): Promise<MasterclassDb> {
  const db = new MasterclassDb(`door-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  await db.doorRosters.put({ event: EVENT, title: 'Door test', starts_at: '', ends_at: '', timezone: 'Australia/Adelaide', venue: '', total: 2, refreshedAt: 1, voided: [] });
  await db.doorAttendees.bulkPut([ada, grace]);
  return db;
}

/** What the page holds: the list and check-ins as its live queries last read them. */
async function pageView(db: MasterclassDb): Promise<DoorView> {
  return buildDoorView(EVENT, await db.doorAttendees.toArray(), await db.checkIns.toArray(), (await db.doorRosters.get(EVENT))?.voided ?? []);
}

const at = (minute: number) => new Date(`2031-09-01T00:${String(minute).padStart(2, '0')}:00Z`);
const byName = (attendeeId: string): DoorEntry => ({ kind: 'search', attendeeId });
const byTicket = (code: string): DoorEntry => ({ kind: 'scan', text: ticketPayload(EVENT, code) });
const enter = (db: MasterclassDb, view: DoorView, entry: DoorEntry, minute = 10) =>
  checkInAtDoor(db, { event: EVENT, entry, deviceName: 'North door', adminId: ADMIN, at: at(minute) }, view);

async function stored(db: MasterclassDb, attendeeId: string): Promise<{ checkIns: CheckInRow[]; outbox: number }> {
  const checkIns = await db.checkIns.where('attendee').equals(attendeeId).toArray();
  const ids = new Set(checkIns.map((row) => row.id));
  return { checkIns, outbox: (await db.outbox.where('collection').equals(CHECK_INS_COLLECTION).toArray()).filter((row) => ids.has(row.recordId)).length };
}

describe('the door decides from the device\'s database, not from what the page last drew', () => {
  it('another door\'s check-in stored after the page read its list: already checked in by that door, nothing stored', async () => {
    const db = await door();
    const drawn = await pageView(db);
    await applyServerCheckIns(db, [serverCheckIn('south0000000001', ada.id)]);

    for (const entry of [byName(ada.id), byTicket(ADA_CODE)]) {
      const answer = await enter(db, drawn, entry);
      expect(answer.decision).toMatchObject({ kind: 'refuse', reason: 'already', attendee: { id: ada.id }, checkIn: { id: 'south0000000001', device_name: 'South door' } });
      expect(answer.checkIn).toBeUndefined();
    }
    expect((await stored(db, ada.id)).checkIns.map((row) => row.id)).toEqual(['south0000000001']);
    expect(await db.outbox.count()).toBe(0);
  });

  it('the repeat after a conflict: already checked in (by the earlier scan), not a second check-in here', async () => {
    const db = await door();
    const drawn = await pageView(db);
    const first = await enter(db, drawn, byName(ada.id), 10);
    expect(first.decision.kind).toBe('admit');
    // The push's answer: the server holds it, with South door's earlier scan, so this one is the conflict.
    await applyServerCheckIns(db, [
      serverCheckIn('south0000000001', ada.id),
      serverCheckIn(first.checkIn!.id, ada.id, {
        device_name: 'North door', checked_in_by: ADMIN, sent_by: ADMIN, scanned_at: '2031-09-01 00:10:00.000Z', ordered_at: '2031-09-01 00:10:00.000Z',
        conflict: true, conflict_with: 'south0000000001', sync_seq: 11,
      }),
    ]);
    await db.outbox.clear();

    // The page has drawn neither its own check-in nor the conflict yet.
    const repeat = await enter(db, drawn, byName(ada.id), 11);
    expect(repeat.decision).toMatchObject({ kind: 'refuse', reason: 'already', checkIn: { id: 'south0000000001', device_name: 'South door' } });
    expect(repeat.checkIn).toBeUndefined();
    expect((await stored(db, ada.id)).checkIns).toHaveLength(2);
    expect(await db.outbox.count()).toBe(0);
  });

  it('the same person twice at once (two quick scans, or two tabs of the device): one check-in, the other answer says already', async () => {
    const db = await door();
    const drawn = await pageView(db);
    const answers = await Promise.all([enter(db, drawn, byTicket(ADA_CODE)), enter(db, drawn, byName(ada.id)), enter(db, drawn, byTicket(ADA_CODE))]);
    expect(answers.map((answer) => answer.decision.kind === 'admit' ? 'admit' : answer.decision.reason).sort()).toEqual(['admit', 'already', 'already']);
    const admitted = answers.find((answer) => answer.checkIn)!.checkIn!;
    for (const answer of answers.filter((one) => !one.checkIn)) expect(answer.decision).toMatchObject({ reason: 'already', checkIn: { id: admitted.id } });
    expect(await stored(db, ada.id)).toMatchObject({ checkIns: [{ id: admitted.id, pending: 1, device_name: 'North door' }], outbox: 1 });
  });

  it('an attendee cancelled since the page read its list is refused as cancelled, and a ticket replaced since as replaced', async () => {
    const db = await door();
    const drawn = await pageView(db);
    await db.doorAttendees.put({ ...grace, registration_status: 'cancelled' });
    expect((await enter(db, drawn, byName(grace.id))).decision).toMatchObject({ kind: 'refuse', reason: 'cancelled', attendee: { id: grace.id } });

    await db.doorAttendees.put({ ...ada, ticket_code: NEW_CODE });
    await db.doorRosters.update(EVENT, { voided: [{ code: ADA_CODE, attendee: ada.id, voided_at: '2031-08-31 00:00:00.000Z' }] });
    expect((await enter(db, drawn, byTicket(ADA_CODE))).decision).toMatchObject({ kind: 'refuse', reason: 'replaced', attendee: { id: ada.id } });
    // The new ticket, not in the page's list yet, lets her in.
    expect((await enter(db, drawn, byTicket(NEW_CODE))).decision).toMatchObject({ kind: 'admit', attendee: { id: ada.id, ticket_code: NEW_CODE } });
    expect(await db.checkIns.count()).toBe(1);
  });

  it('a check-in undone since (on this device or another) counts no more: the person is let in again', async () => {
    const db = await door();
    const first = await enter(db, await pageView(db), byName(ada.id));
    const drawn = await pageView(db);
    await undoCheckIn(db, first.checkIn!.id, { deviceName: 'North door', adminId: ADMIN, at: at(12) });
    const again = await enter(db, drawn, byName(ada.id), 13);
    expect(again.decision.kind).toBe('admit');
    expect((await stored(db, ada.id)).checkIns.map((row) => [row.id === first.checkIn!.id, Boolean(row.undone_at)]).sort()).toEqual([[false, false], [true, true]]);
  });

  it('with nobody to check people in, the answer is given and nothing is stored', async () => {
    const db = await door();
    const answer = await checkInAtDoor(db, { event: EVENT, entry: byName(ada.id), deviceName: 'North door', adminId: null, at: at(10) }, await pageView(db));
    expect(answer).toEqual({ decision: { kind: 'admit', attendee: ada } });
    expect(await db.checkIns.count()).toBe(0);
  });
});

describe('a seat passed to a colleague', () => {
  it('is answered from the device with who holds the seat now, read in the transaction, and stores nothing', async () => {
    const db = await door();
    const before = await pageView(db);
    // Since the page read its list, Ada passed her seat to Zoë, who passed it on to 𠮷田 (as the sync stores them).
    await db.doorAttendees.bulkPut([
      { ...ada, registration_status: 'cancelled' },
      attendee('zoe000000000001', { full_name: 'Zoë Brown', registration_status: 'cancelled', replaces: ada.id, ticket_code: NEW_CODE }),
      attendee('yos000000000001', { full_name: '𠮷田 花子', replaces: 'zoe000000000001', ticket_code: 'abcdefghijkmnpqrstuvwxyz44' }),
    ]);
    const scanned = await enter(db, before, byTicket(ADA_CODE));
    expect(scanned.decision).toMatchObject({ kind: 'refuse', reason: 'transferred', attendee: { id: ada.id }, holder: { full_name: '𠮷田 花子' } });
    expect(scanned.checkIn).toBeUndefined();
    const named = await enter(db, before, byName('zoe000000000001'));
    expect(named.decision).toMatchObject({ reason: 'transferred', holder: { full_name: '𠮷田 花子' } });
    expect(await stored(db, ada.id)).toEqual({ checkIns: [], outbox: 0 });
    expect((await enter(db, before, byName('yos000000000001'))).decision.kind).toBe('admit');
  });
});
