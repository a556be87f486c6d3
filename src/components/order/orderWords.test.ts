import { describe, expect, it } from 'vitest';
import type { Order, OrderAttendee } from '@/lib/order';
import { afterwardsNote, offersCalendar, seatBadge, showsTicket, ticketsHeading, ticketsNote } from './orderWords';

const ticket = { code: 'ABCDEFGHJKLMNPQR', payload: 'AICM1:e:ABCDEFGHJKLMNPQR', calendar_url: 'http://x/c.ics' };
const seat = (overrides: Partial<OrderAttendee> = {}): OrderAttendee => ({ id: 'a1', name: 'Ada', status: 'confirmed', ticket, checked_in: false, ...overrides });
const order = (phase: string, attendees: OrderAttendee[] = [seat()]): Order =>
  ({
    id: 'r1', reference: 'R1', status: 'paid', state: 'confirmed', kind: 'paid', total_amount_cents: 49500, currency: 'AUD', amount_text: 'AUD 495.00',
    refunded_cents: 0, refund_pending_cents: 0, refunded_text: '', refund_pending_text: '', created: '', created_text: '',
    event: { id: 'e', title: 'AI', when: 'w', date: 'Wednesday 18 June 2031', time: 't', venue: '', location: '', phase, starts_at: '', ends_at: '', calendar_url: '' },
    attendees, invoice_url: '',
  }) as Order;

describe('the order page in each phase of its masterclass', () => {
  it('before it: Confirmed, the QR code and Add to Calendar', () => {
    const before = order('sold_out');
    expect(seatBadge(seat(), before).label).toBe('Confirmed');
    expect(showsTicket(seat(), before)).toBe(true);
    expect(offersCalendar(before)).toBe(true);
    expect(afterwardsNote(seat(), before)).toBeNull();
    expect(ticketsHeading(before)).toBe('Your ticket');
    expect(ticketsNote(before)).toMatch(/^Show the QR code at the door/);
  });

  it('on the day: the QR code still shows, checked in says so, no calendar entry to add', () => {
    const today = order('happening');
    expect(seatBadge(seat({ checked_in: true }), today).label).toBe('Checked in');
    expect(seatBadge(seat(), today).label).toBe('Confirmed');
    expect(showsTicket(seat(), today)).toBe(true);
    expect(offersCalendar(today)).toBe(false);
  });

  it('after it: attended or not from the check-in, never Confirmed, no QR code, no Add to Calendar, no door instructions', () => {
    const after = order('past', [seat({ checked_in: true }), seat({ id: 'a2', checked_in: false })]);
    expect(seatBadge(seat({ checked_in: true }), after).label).toBe('Attended');
    expect(seatBadge(seat({ checked_in: false }), after).label).toBe('Not checked in');
    expect(showsTicket(seat(), after)).toBe(false);
    expect(offersCalendar(after)).toBe(false);
    expect(afterwardsNote(seat({ checked_in: true }), after)).toBe('Attended the masterclass on Wednesday 18 June 2031.');
    expect(afterwardsNote(seat(), after)).toBe('Not checked in at the door on Wednesday 18 June 2031.');
    expect(ticketsHeading(after)).toBe('Attendees');
    expect(ticketsNote(after)).not.toMatch(/door/);
    // a cancelled seat stays cancelled
    expect(seatBadge(seat({ status: 'cancelled', ticket: null }), after).label).toBe('Cancelled');
    expect(afterwardsNote(seat({ status: 'cancelled', ticket: null }), after)).toBeNull();
  });

  it('a cancelled masterclass: Cancelled — refunded, no ticket, no calendar entry', () => {
    const cancelled = { ...order('cancelled', [seat({ status: 'cancelled', ticket: null }), seat({ id: 'a2', status: 'cancelled', ticket: null })]), refunded_cents: 99000 };
    for (const row of cancelled.attendees) {
      expect(seatBadge(row, cancelled)).toEqual({ label: 'Cancelled — refunded', color: 'red' });
      expect(showsTicket(row, cancelled)).toBe(false);
      expect(afterwardsNote(row, cancelled)).toBe('The masterclass was cancelled and this seat refunded in full, so there is no ticket to show.');
    }
    expect(offersCalendar(cancelled)).toBe(false);
    expect(ticketsHeading(cancelled)).toBe('Attendees');
    expect(ticketsNote(cancelled)).toBe('This masterclass has been cancelled (it was to take place on Wednesday 18 June 2031). Every seat of this order has been refunded in full to the card that paid.');
    // a seat still confirmed on the device's last look shows no ticket either
    expect(showsTicket(seat(), order('cancelled'))).toBe(false);
    const free = { ...order('cancelled', [seat({ status: 'cancelled', ticket: null })]), kind: 'promo' as const, total_amount_cents: 0, amount_text: 'Free' };
    expect(seatBadge(free.attendees[0] as OrderAttendee, free).label).toBe('Cancelled');
    expect(ticketsNote(free)).toContain('Nothing was paid');
  });
});
