import { describe, expect, it } from 'vitest';
import type { AttendeeRow, EventRow } from '@/db';
import { qrPath, ticketsOf } from './ticketView';

const CODE = 'abcdefghijkmnpqrstuvwxyz23';
const event = (id: string, starts: string, ends: string, extra: Partial<EventRow> = {}): EventRow => ({
  id, updated: '', title: `Masterclass ${id}`, starts_at: starts, ends_at: ends, timezone: 'Australia/Adelaide', location: 'Adelaide SA',
  venue: 'Lot Fourteen', capacity: 50, price_cents: 0, currency: 'AUD', sales_state: 'open', portal_unlock_at: '', ...extra,
});
const row = (id: string, eventId: string, status: string, code = CODE): AttendeeRow => ({
  id, updated: '', registration: 'r', event: eventId, full_name: `Person ${id}`, email: 'p@example.com', company: '', job_title: '',
  dietary_requirements: '', phone_number: '', role: '', user: 'u', registration_status: status, ticket_code: code,
});

const JUNE_2025 = event('past00000000001', '2025-06-18 02:00:00.000Z', '2025-06-18 05:00:00.000Z');
const MARCH_2031 = event('next00000000001', '2031-03-05 00:30:00.000Z', '2031-03-05 03:30:00.000Z');
const JUNE_2031 = event('late00000000001', '2031-06-18 02:00:00.000Z', '2031-06-18 05:00:00.000Z');
const NOW = new Date('2026-01-01T00:00:00Z');

describe('ticketsOf', () => {
  it('one ticket per confirmed or observer row with a code, in the app\'s date format, with its payload', () => {
    const tickets = ticketsOf([row('a1', JUNE_2031.id, 'confirmed'), row('a2', JUNE_2031.id, 'confirmed_observer', 'bcdefghijkmnpqrstuvwxyz234')], [JUNE_2031], NOW);
    expect(tickets).toEqual([
      {
        attendeeId: 'a1', fullName: 'Person a1', observer: false, eventId: JUNE_2031.id, eventTitle: 'Masterclass late00000000001',
        when: 'Wednesday 18 June 2031, 11:30 am – 2:30 pm ACST', venue: 'Lot Fourteen, Adelaide SA', code: CODE,
        payload: `AICM1:${JUNE_2031.id}:${CODE}`, past: false, today: false, attended: false, cancelled: false,
      },
      expect.objectContaining({ attendeeId: 'a2', observer: true, payload: `AICM1:${JUNE_2031.id}:bcdefghijkmnpqrstuvwxyz234` }),
    ]);
  });

  it('a seat cancelled with its whole masterclass keeps a card that says so, with no code; a seat passed on does not', () => {
    const called = { ...JUNE_2031, cancelled_at: '2026-01-01 00:00:00.000Z' };
    const cancelled = row('c', called.id, 'cancelled');
    const passedOn = { ...row('s', called.id, 'cancelled'), cancelled_by: 'substitution' };
    const tickets = ticketsOf([cancelled, passedOn, row('w', called.id, 'waitlisted')], [called], NOW);
    expect(tickets).toEqual([expect.objectContaining({ attendeeId: 'c', cancelled: true, code: '', payload: '' })]);
  });

  it('no ticket for the waitlist, a cancelled or unconfirmed row, or a row whose code has not arrived', () => {
    const rows = [row('w', JUNE_2031.id, 'waitlisted'), row('c', JUNE_2031.id, 'cancelled'), row('p', JUNE_2031.id, ''), row('n', JUNE_2031.id, 'confirmed', '')];
    expect(ticketsOf(rows, [JUNE_2031], NOW)).toEqual([]);
    const older = { ...row('o', JUNE_2031.id, 'confirmed') };
    delete older.ticket_code;
    expect(ticketsOf([older], [JUNE_2031], NOW)).toEqual([]);
  });

  it('masterclasses to come first (soonest first), then those that took place', () => {
    const rows = [row('x', JUNE_2025.id, 'confirmed'), row('y', JUNE_2031.id, 'confirmed'), row('z', MARCH_2031.id, 'confirmed')];
    const tickets = ticketsOf(rows, [JUNE_2025, MARCH_2031, JUNE_2031], NOW);
    expect(tickets.map((ticket) => [ticket.attendeeId, ticket.past])).toEqual([['z', false], ['y', false], ['x', true]]);
  });

  it('still shows a ticket whose event is not on the device yet', () => {
    expect(ticketsOf([row('a', 'unknown00000001', 'confirmed')], [], NOW)).toEqual([
      expect.objectContaining({ eventTitle: 'AI Champions Masterclass', when: '', venue: '', past: false, payload: `AICM1:unknown00000001:${CODE}` }),
    ]);
  });
});

describe('qrPath', () => {
  it('draws each run of dark modules as one rectangle inside the quiet zone', () => {
    expect(qrPath([[true, true, false, true], [false, false, false, false], [false, true, true, true]], 4)).toBe('M4 4h2v1h-2zM7 4h1v1h-1zM5 6h3v1h-3z');
    expect(qrPath([], 4)).toBe('');
  });

  it('on the day a ticket is today; after the end it says attended or not from the door\'s check-in', () => {
    const checkedIn = { ...row('a1', JUNE_2031.id, 'confirmed'), checked_in_at: '2031-06-18 02:05:00.000Z' };
    const notIn = row('a2', JUNE_2031.id, 'confirmed', 'bcdefghijkmnpqrstuvwxyz234');
    const during = ticketsOf([checkedIn, notIn], [JUNE_2031], new Date('2031-06-18T03:00:00Z'));
    expect(during.map((ticket) => [ticket.today, ticket.past, ticket.attended])).toEqual([[true, false, true], [true, false, false]]);
    const after = ticketsOf([checkedIn, notIn], [JUNE_2031], new Date('2031-06-18T05:00:00Z'));
    expect(after.map((ticket) => [ticket.today, ticket.past, ticket.attended])).toEqual([[false, true, true], [false, true, false]]);
  });
});
