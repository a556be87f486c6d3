import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

describe('formatMoney', () => {
  it('shows AUD with two decimals and thousands separators', () => {
    expect(formatMoney(49500)).toBe('$495.00');
    expect(formatMoney(99000, 'AUD')).toBe('$990.00');
    expect(formatMoney(2475000)).toBe('$24,750.00');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(1)).toBe('$0.01');
  });
});
