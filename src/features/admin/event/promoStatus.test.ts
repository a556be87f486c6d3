import { describe, expect, it } from 'vitest';
import { PROMO_GIVES, promoGives, promoStatus } from './promoStatus';

const now = new Date('2026-11-23T12:00:00Z');
const code = { active: true, expires_at: '2026-12-01 00:00:00.000Z', used_count: 2, max_uses: 5 };

describe('promoStatus', () => {
  it('is active while switched on, unexpired and with uses left', () => {
    expect(promoStatus(code, now)).toBe('active');
    expect(promoStatus({ ...code, expires_at: '' }, now)).toBe('active');
  });

  it('is inactive, expired or used up otherwise, in that order', () => {
    expect(promoStatus({ ...code, active: false, used_count: 5 }, now)).toBe('inactive');
    expect(promoStatus({ ...code, expires_at: '2026-11-23 12:00:00.000Z', used_count: 5 }, now)).toBe('expired');
    expect(promoStatus({ ...code, used_count: 5 }, now)).toBe('used_up');
  });
});

describe('promoGives', () => {
  it('a free code (or one made before discounts) gives a free registration', () => {
    expect(promoGives({ kind: 'free' })).toBe(PROMO_GIVES);
    expect(promoGives({})).toBe(PROMO_GIVES);
  });

  it('a discount says what it takes off each seat and for which orders', () => {
    expect(promoGives({ kind: 'percent', percent_off: 20 })).toBe('20% off each seat');
    expect(promoGives({ kind: 'amount', amount_off_cents: 5000, min_seats: 2, max_seats: 5 })).toBe('$50.00 off each seat, orders of 2 to 5 seats');
    expect(promoGives({ kind: 'percent', percent_off: 10, min_seats: 3 })).toBe('10% off each seat, orders of at least 3 seats');
    expect(promoGives({ kind: 'percent', percent_off: 10, max_seats: 1 })).toBe('10% off each seat, orders of at most 1 seat');
  });
});
