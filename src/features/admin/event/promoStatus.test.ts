import { describe, expect, it } from 'vitest';
import { promoStatus } from './promoStatus';

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
