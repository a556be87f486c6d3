import { describe, expect, it } from 'vitest';
import { downloadName, pagerItems, seatConsequence, sortParam, statusLabel } from './attendeeView';

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
