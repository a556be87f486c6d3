import { describe, expect, it } from 'vitest';
import type { AttendeeRow, EventRow } from '@/db';
import { cancellableSeats } from './CancelRegistrationsCard';
import { refundOutcome, refundPromise } from './CancelFlow';
import type { CancellationPreview, CancellationResult } from './cancellationApi';

const event = (id: string, startsAt: string) => ({ id, starts_at: startsAt, ends_at: startsAt, timezone: 'Australia/Adelaide', title: id }) as unknown as EventRow;
const row = (id: string, eventId: string, status: string) => ({ id, event: eventId, registration_status: status, full_name: 'Ada' }) as unknown as AttendeeRow;

describe('the seats the portal offers to cancel', () => {
  const now = new Date('2031-06-01T00:00:00.000Z');
  const events = [event('later', '2031-09-01 01:00:00.000Z'), event('sooner', '2031-06-18 02:00:00.000Z'), event('started', '2031-05-31 23:59:59.000Z')];

  it('are confirmed rows of masterclasses that have not started, soonest first', () => {
    const seats = cancellableSeats([
      row('a', 'later', 'confirmed'), row('b', 'sooner', 'confirmed'), row('c', 'started', 'confirmed'),
      row('d', 'sooner', 'waitlisted'), row('e', 'sooner', 'cancelled'), row('f', 'sooner', 'confirmed_observer'), row('g', 'unknown', 'confirmed'),
    ], events, now);
    expect(seats.map((seat) => seat.attendee.id)).toEqual(['b', 'a']);
  });

  it('leave out a masterclass from the moment it starts', () => {
    expect(cancellableSeats([row('b', 'sooner', 'confirmed')], events, new Date('2031-06-18T02:00:00.000Z'))).toEqual([]);
  });
});

describe('what the page says about the money', () => {
  const preview = { refundCents: 24750, refundText: 'AUD 247.50', free: false, simulated: false } as CancellationPreview;
  const result = (fields: Partial<CancellationResult>) => ({ cancelled: true, refundCents: 24750, refundText: 'AUD 247.50', refundStatus: 'done', simulated: false, ...fields }) as CancellationResult;

  it('before confirming', () => {
    expect(refundPromise(preview)).toBe('AUD 247.50 will be refunded to the card used to pay for the registration.');
    expect(refundPromise({ ...preview, refundCents: 0 })).toBe('No refund is due under our terms.');
    expect(refundPromise({ ...preview, refundCents: 0, free: true })).toBe('Your registration was free, so there is nothing to refund.');
    expect(refundPromise({ ...preview, simulated: true })).toBe('A refund of AUD 247.50 will be recorded (test mode: no money moves).');
  });

  it('after cancelling, by what happened to the refund', () => {
    expect(refundOutcome(result({}), preview)).toBe('AUD 247.50 is on its way back to the card used to pay. Refunds usually appear within 5 to 10 business days.');
    expect(refundOutcome(result({ refundStatus: 'pending' }), preview)).toMatch(/^AUD 247.50 will be refunded to the card used to pay\. Our payment provider/);
    expect(refundOutcome(result({ refundStatus: 'failed' }), preview)).toBe('We could not refund AUD 247.50 automatically. Our team has been told and will refund you by hand.');
    expect(refundOutcome(result({ refundCents: 0, refundStatus: 'none' }), preview)).toBe('No refund is due under our terms.');
    expect(refundOutcome(result({ simulated: true }), preview)).toBe('A refund of AUD 247.50 is recorded (test mode: no money moves).');
  });
});
