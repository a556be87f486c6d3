// The door's decision for a scan or a name, from the list and check-ins on
// the device alone, and the words the result panel shows for each.
import { describe, expect, it } from 'vitest';
import type { CheckInRow, DoorAttendeeRow } from '@/db';
import { ticketPayload } from '@/lib/ticket';
import { buildDoorView, decideAttendeeId, decideScan } from './decideScan';
import { decisionText } from './decisionText';

const EVENT = 'event0000000001';
const OTHER_EVENT = 'event0000000002';
const code = (n: number) => `abcdefghijkmnpqrstuvwxy${'234'[n] ?? '5'}${'234'[n] ?? '5'}${'234'[n] ?? '5'}`;

function attendee(id: string, fields: Partial<DoorAttendeeRow> = {}): DoorAttendeeRow {
  return { id, event: EVENT, full_name: `Name ${id}`, email: `${id}@example.com`, company: 'Acme', registration_status: 'confirmed', ticket_code: '', updated: '2031-01-01 00:00:00.000Z', ...fields };
}

function checkIn(id: string, attendeeId: string, fields: Partial<CheckInRow> = {}): CheckInRow {
  return {
    id, event: EVENT, attendee: attendeeId, method: 'scan', scanned_at: '2031-09-01 00:10:00.000Z', device_name: 'North door', checked_in_by: 'admin0000000001',
    undone_at: '', undone_device: '', undone_by: '', received_at: '', ordered_at: '', device_clock_offset_ms: 0, clock_suspect: false,
    conflict: false, conflict_with: '', updated: '', pending: 1, refused: '', ...fields,
  };
}

const ada = attendee('ada000000000001', { ticket_code: code(0), full_name: 'Ada Lovelace' });
const observer = attendee('obs000000000001', { ticket_code: code(1), registration_status: 'confirmed_observer' });
const cancelled = attendee('can000000000001', { ticket_code: code(2), registration_status: 'cancelled', full_name: 'Cam Cancel' });
const waitlisted = attendee('wai000000000001', { registration_status: 'waitlisted', full_name: 'Wanda Wait' });
const grace = attendee('gra000000000001', { ticket_code: 'zzzzzzzzzzzzzzzzzzzzzzzzzz', full_name: 'Grace Hopper' });
const VOIDED = 'vvvvvvvvvvvvvvvvvvvvvvvvvv';

const view = (checkIns: CheckInRow[] = []) =>
  buildDoorView(EVENT, [ada, observer, cancelled, waitlisted, grace], checkIns, [{ code: VOIDED, attendee: ada.id, voided_at: '2031-08-20 02:00:00.000Z' }]);
const text = (decision: ReturnType<typeof decideScan>) => decisionText(decision, { timeZone: 'Australia/Adelaide', eventTitles: new Map([[OTHER_EVENT, 'AI CHAMPIONS MASTERCLASS on Wednesday 13 October 2027']]) });

describe('a scanned ticket', () => {
  it('admits a confirmed attendee of this masterclass: green, with their name', () => {
    const decision = decideScan(view(), ticketPayload(EVENT, ada.ticket_code));
    expect(decision).toEqual({ kind: 'admit', attendee: ada });
    expect(text(decision)).toEqual({ tone: 'green', title: 'Checked in — Ada Lovelace', detail: 'Acme' });
    expect(text(decideScan(view(), ticketPayload(EVENT, observer.ticket_code))).detail).toBe('Acme · Observer (no seat)');
  });

  it('refuses what is not our ticket, or not readable', () => {
    expect(decideScan(view(), 'https://example.com')).toEqual({ kind: 'refuse', reason: 'not_a_ticket' });
    expect(decideScan(view(), `AICM1:${EVENT}:short`)).toEqual({ kind: 'refuse', reason: 'malformed' });
    expect(text(decideScan(view(), 'hello')).title).toBe('Not a masterclass ticket');
  });

  it('refuses an unknown ticket, and a real code put under this event that belongs to no attendee here', () => {
    const unknown = decideScan(view(), ticketPayload(EVENT, 'qqqqqqqqqqqqqqqqqqqqqqqqqq'));
    expect(unknown).toEqual({ kind: 'refuse', reason: 'unknown' });
    expect(text(unknown)).toMatchObject({ tone: 'red', title: 'Unknown ticket' });
  });

  it('refuses a ticket for another masterclass, naming it when the device knows it', () => {
    const decision = decideScan(view(), ticketPayload(OTHER_EVENT, 'qqqqqqqqqqqqqqqqqqqqqqqqqq'));
    expect(decision).toEqual({ kind: 'refuse', reason: 'other_event', otherEventId: OTHER_EVENT });
    expect(text(decision)).toEqual({ tone: 'red', title: 'Ticket for another masterclass', detail: 'This ticket is for AI CHAMPIONS MASTERCLASS on Wednesday 13 October 2027, not this masterclass.' });
    // this masterclass's code under another event's id was put together by hand
    expect(decideScan(view(), ticketPayload(OTHER_EVENT, ada.ticket_code))).toEqual({ kind: 'refuse', reason: 'unknown' });
  });

  it('refuses a cancelled attendee, and a replaced ticket', () => {
    const decision = decideScan(view(), ticketPayload(EVENT, cancelled.ticket_code));
    expect(decision).toMatchObject({ kind: 'refuse', reason: 'cancelled' });
    expect(text(decision)).toEqual({ tone: 'red', title: 'Cancelled — Cam Cancel', detail: "Cam Cancel's registration was cancelled, so they cannot be checked in." });
    const replaced = decideScan(view(), ticketPayload(EVENT, VOIDED));
    expect(replaced).toMatchObject({ kind: 'refuse', reason: 'replaced', attendee: ada });
    expect(text(replaced).detail).toContain('replaced by a new one on Wednesday 20 August 2031');
  });

  it('refuses an attendee already checked in, saying when and on which device', () => {
    const decision = decideScan(view([checkIn('chk000000000001', ada.id)]), ticketPayload(EVENT, ada.ticket_code));
    expect(decision).toMatchObject({ kind: 'refuse', reason: 'already', attendee: ada });
    // 00:10 UTC on 1 September is 9:40 am in Adelaide (ACST, +9:30)
    expect(text(decision)).toEqual({ tone: 'red', title: 'Already checked in — Ada Lovelace', detail: 'Already checked in at 9:40 am by North door.' });
  });

  it('an undone check-in, or one the server refused, does not count: the attendee comes in again', () => {
    expect(decideScan(view([checkIn('chk000000000001', ada.id, { undone_at: '2031-09-01 00:11:00.000Z' })]), ticketPayload(EVENT, ada.ticket_code)).kind).toBe('admit');
    expect(decideScan(view([checkIn('chk000000000001', ada.id, { refused: 'No.' })]), ticketPayload(EVENT, ada.ticket_code)).kind).toBe('admit');
  });

  it('"already" names the first check-in when two devices let the attendee in', () => {
    const first = checkIn('chk000000000002', ada.id, { scanned_at: '2031-09-01 00:05:00.000Z', device_name: 'South door' });
    const decision = decideScan(view([checkIn('chk000000000001', ada.id), first]), ticketPayload(EVENT, ada.ticket_code));
    expect(decision).toMatchObject({ reason: 'already', checkIn: first });
  });

  it('ignores another event\'s rows handed in', () => {
    const stray = buildDoorView(EVENT, [{ ...grace, event: OTHER_EVENT }], [], []);
    expect(decideScan(stray, ticketPayload(EVENT, grace.ticket_code))).toEqual({ kind: 'refuse', reason: 'unknown' });
  });
});

describe('an attendee picked by name', () => {
  it('follows the same rules as a ticket', () => {
    expect(decideAttendeeId(view(), grace.id)).toEqual({ kind: 'admit', attendee: grace });
    const waiting = decideAttendeeId(view(), waitlisted.id);
    expect(text(waiting)).toEqual({ tone: 'red', title: 'Waitlisted — Wanda Wait', detail: 'Wanda Wait is on the waitlist, not confirmed, so they cannot be checked in.' });
    expect(decideAttendeeId(view(), 'nobody000000001')).toEqual({ kind: 'refuse', reason: 'unknown' });
  });
});

describe('a seat passed to a colleague', () => {
  // Ada passed her seat to 𠮷田 花子, who passed it on to Zoë: rows as the sync brings them (the colleague's `replaces` names the row before).
  const passer = attendee('pas000000000001', { ticket_code: code(0), registration_status: 'cancelled', full_name: 'Ada Lovelace' });
  const yoshida = attendee('yos000000000001', { ticket_code: code(1), full_name: '𠮷田 花子', replaces: passer.id });
  const zoe = attendee('zoe000000000001', { ticket_code: code(2), full_name: 'Zoë Brown', replaces: yoshida.id });
  const plain = attendee('pla000000000001', { ticket_code: code(3), registration_status: 'cancelled', full_name: 'Cam Cancel' });

  it('refuses the old ticket, naming who holds the seat now, never as a plain cancellation', () => {
    const once = buildDoorView(EVENT, [passer, yoshida, plain], []);
    const decision = decideScan(once, ticketPayload(EVENT, passer.ticket_code));
    expect(decision).toEqual({ kind: 'refuse', reason: 'transferred', attendee: passer, holder: yoshida });
    expect(text(decision)).toEqual({ tone: 'red', title: 'Transferred — Ada Lovelace', detail: 'This seat was passed to 𠮷田 花子, so Ada Lovelace cannot be checked in with it.' });
    expect(decideAttendeeId(once, passer.id)).toMatchObject({ reason: 'transferred', holder: yoshida });
    // a cancellation without a colleague stays a cancellation; the colleague comes in
    expect(decideAttendeeId(once, plain.id)).toEqual({ kind: 'refuse', reason: 'cancelled', attendee: plain });
    expect(decideAttendeeId(once, yoshida.id)).toEqual({ kind: 'admit', attendee: yoshida });
  });

  it('follows the seat along every colleague it was passed to', () => {
    const twice = buildDoorView(EVENT, [zoe, { ...yoshida, registration_status: 'cancelled' }, passer], []);
    expect(decideAttendeeId(twice, passer.id)).toMatchObject({ reason: 'transferred', holder: zoe });
    expect(text(decideAttendeeId(twice, yoshida.id)).detail).toBe('This seat was passed to Zoë Brown, so 𠮷田 花子 cannot be checked in with it.');
  });

  it('says so when the colleague holding the seat was cancelled since, and stops at a loop in damaged rows', () => {
    const gone = buildDoorView(EVENT, [passer, { ...yoshida, registration_status: 'cancelled' }], []);
    expect(text(decideAttendeeId(gone, passer.id)).detail).toBe('This seat was passed to 𠮷田 花子, whose registration was cancelled since, so Ada Lovelace cannot be checked in with it.');
    const loop = buildDoorView(EVENT, [{ ...passer, replaces: yoshida.id }, { ...yoshida, registration_status: 'cancelled' }], []);
    expect(decideAttendeeId(loop, passer.id)).toMatchObject({ reason: 'transferred', holder: { id: yoshida.id } });
  });

  it('knows no colleague on rows pulled before the door kept `replaces`: a plain cancellation, never a guess', () => {
    const old: DoorAttendeeRow = { ...yoshida };
    delete old.replaces;
    expect(decideAttendeeId(buildDoorView(EVENT, [passer, old], []), passer.id)).toMatchObject({ reason: 'cancelled' });
  });
});
