import { describe, expect, it } from 'vitest';
import { downloadName, emailBreaks, pagerItems, paidText, refundText, rowActions, rowStatusLabel, seatConsequence, sortParam, statusLabel } from './attendeeView';

describe('statusLabel', () => {
  it('names each status as the spec does and shows - for anything else', () => {
    expect(['confirmed', 'waitlisted', 'cancelled', 'confirmed_observer'].map(statusLabel)).toEqual(['Confirmed', 'Waitlisted', 'Cancelled', 'Observer']);
    expect(statusLabel('')).toBe('-');
    expect(statusLabel(undefined)).toBe('-');
    expect(statusLabel('refunded')).toBe('-');
  });
});

describe('pagerItems', () => {
  it('shows first, last, current ± 1 and ellipses two away', () => {
    expect(pagerItems(5, 10)).toEqual([1, 'ellipsis-before', 4, 5, 6, 'ellipsis-after', 10]);
    expect(pagerItems(1, 10)).toEqual([1, 2, 'ellipsis-after', 10]);
    expect(pagerItems(3, 10)).toEqual([1, 2, 3, 4, 'ellipsis-after', 10]);
    expect(pagerItems(4, 10)).toEqual([1, 'ellipsis-before', 3, 4, 5, 'ellipsis-after', 10]);
    expect(pagerItems(10, 10)).toEqual([1, 'ellipsis-before', 9, 10]);
  });

  it('shows every page when there are few', () => {
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(2, 3)).toEqual([1, 2, 3]);
    expect(pagerItems(1, 0)).toEqual([]);
  });
});

describe('sortParam', () => {
  it('sorts newest first by default and maps columns to fields', () => {
    expect(sortParam(undefined)).toBe('-created');
    expect(sortParam({ id: 'full_name', desc: false })).toBe('full_name');
    expect(sortParam({ id: 'user_role', desc: true })).toBe('-user.role');
    expect(sortParam({ id: 'actions', desc: false })).toBe('-created');
  });
});

describe('downloadName', () => {
  it('takes the server file name, or makes a dated one', () => {
    expect(downloadName('attachment; filename="attendees-2026-11-24.csv"')).toBe('attendees-2026-11-24.csv');
    expect(downloadName(null, new Date('2026-01-02T03:00:00Z'))).toBe('attendees-2026-01-02.csv');
  });
});

describe('seatConsequence', () => {
  it('says what deleting does to the seat for each status', () => {
    expect(seatConsequence('confirmed')).toBe('Their seat is freed for someone else.');
    expect(seatConsequence('waitlisted')).toBe('They leave the waitlist.');
    expect(seatConsequence('confirmed_observer')).toBe('They attend as an observer, so no seat is freed.');
    expect(seatConsequence('cancelled')).toBe('They hold no seat, so none is freed.');
    expect(seatConsequence('')).toBe('Their registration is not confirmed yet, so no confirmed seat is freed.');
  });
});

describe('rowActions', () => {
  const facts = { registration_status: 'confirmed', user: '', invitation_sent: false, waitlist_confirmed: false, open_offer_expires_at: '' };

  it('offers a ticket and the invitation (a sign-in reminder to an account holder) to confirmed attendees and observers', () => {
    for (const status of ['confirmed', 'confirmed_observer']) {
      const actions = rowActions({ ...facts, registration_status: status });
      expect(actions.resendTicket.ok).toBe(true);
      expect(actions.invitation.ok).toBe(true);
      expect(actions.offerSeat).toEqual({ ok: false, reason: 'They already hold a place.' });
    }
    expect(rowActions({ ...facts, invitation_sent: true }).invitationAgain).toBe(true);
    // an account holder is sent a sign-in reminder instead
    expect(rowActions({ ...facts, user: 'u1' })).toMatchObject({ invitation: { ok: true }, signInReminder: true });
    expect(rowActions(facts).signInReminder).toBe(false);
  });

  it('never offers a waitlisted, cancelled or unpaid person a ticket or an invitation, and says why', () => {
    const waiting = rowActions({ ...facts, registration_status: 'waitlisted', waitlist_confirmed: true });
    expect(waiting.resendTicket).toEqual({ ok: false, reason: 'On the waitlist: no ticket until they hold a seat.' });
    expect(waiting.invitation).toEqual({ ok: false, reason: 'On the waitlist: invited once they hold a seat.' });
    expect(waiting.offerSeat.ok).toBe(true);
    const cancelled = rowActions({ ...facts, registration_status: 'cancelled' });
    expect([cancelled.resendTicket.ok, cancelled.invitation.ok, cancelled.offerSeat.ok]).toEqual([false, false, false]);
    expect(rowActions({ ...facts, registration_status: '' }).invitation).toEqual({
      ok: false, reason: 'Not confirmed yet (their payment is not complete): invited once confirmed.',
    });
  });

  it('offers a seat only to a waitlisted person who confirmed their address and holds no open offer', () => {
    const waiting = { ...facts, registration_status: 'waitlisted' };
    expect(rowActions(waiting).offerSeat).toEqual({ ok: false, reason: 'They have not confirmed their email address yet, so no seat can be offered.' });
    expect(rowActions({ ...waiting, waitlist_confirmed: true, open_offer_expires_at: '2031-01-01 00:00:00.000Z' }).offerSeat).toEqual({
      ok: false, reason: 'A seat offer is already open for them.',
    });
  });
});

describe('emailBreaks', () => {
  it('breaks after the @ and before the dots, never inside a word', () => {
    expect(emailBreaks('wendy@example.com')).toEqual(['wendy@', 'example', '.com']);
    expect(emailBreaks('first.last+tag@mail.example.co.uk')).toEqual(['first', '.last', '+tag@', 'mail', '.example', '.co', '.uk']);
    expect(emailBreaks('no-at-sign')).toEqual(['no-at-sign']);
    expect(emailBreaks('wendy@example.com').join('')).toBe('wendy@example.com');
  });
});

describe('paidText and refundText', () => {
  const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
  const row = { registration_status: 'confirmed', registration_kind: 'promo', amount_paid_cents: 0, currency: 'AUD', refund_cents: 0, refund_status: '', order_refund_cents: 0 };

  it('says what was paid, Free for a free seat, and — when nothing was due', () => {
    expect(paidText({ ...row, registration_kind: 'paid', amount_paid_cents: 49500 }, money)).toBe('$495.00');
    expect(paidText({ ...row, registration_kind: 'manual', amount_paid_cents: 30000 }, money)).toBe('$300.00');
    expect(paidText(row, money)).toBe('Free');
    expect(paidText({ ...row, registration_kind: 'manual' }, money)).toBe('Free');
    expect(paidText({ ...row, registration_status: 'waitlisted', registration_kind: 'waitlist' }, money)).toBe('—');
    expect(paidText({ ...row, registration_status: '', registration_kind: 'paid' }, money)).toBe('—');
  });

  it('says Transferred for a seat passed to a colleague: its price went with it', () => {
    expect(paidText({ ...row, registration_status: 'cancelled', registration_kind: 'paid', transferred_to: 'Dana Lee' }, money)).toBe('Transferred');
    expect(rowStatusLabel({ registration_status: 'cancelled', transferred_to: 'Dana Lee' })).toBe('Transferred');
    expect(rowStatusLabel({ registration_status: 'cancelled', transferred_to: '' })).toBe('Cancelled');
    expect(paidText({ ...row, registration_status: 'cancelled', registration_kind: 'paid', amount_paid_cents: 49500, transferred_to: '' }, money)).toBe('$495.00');
  });

  it('says the refund with its status, a whole order apart, and — for none', () => {
    expect(refundText({ ...row, refund_cents: 12375, refund_status: 'done' }, money)).toBe('$123.75 refunded');
    expect(refundText({ ...row, refund_cents: 12375, refund_status: 'pending' }, money)).toBe('$123.75 refund pending');
    expect(refundText({ ...row, refund_status: 'failed' }, money)).toBe('Refund failed');
    expect(refundText({ ...row, order_refund_cents: 99000 }, money)).toBe('$990.00 (whole order)');
    expect(refundText(row, money)).toBe('—');
  });
});
