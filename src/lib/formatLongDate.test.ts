import { describe, expect, it } from 'vitest';
import { formatLongDate } from './formatLongDate';

describe('formatLongDate', () => {
  it('writes day, month name and year in en-AU order', () => {
    expect(formatLongDate(new Date(2026, 10, 22, 12))).toBe('22 November 2026');
  });

  it('does not pad single-digit days', () => {
    expect(formatLongDate(new Date(2025, 5, 1, 12))).toBe('1 June 2025');
  });

  it('says the day in the given zone', () => {
    expect(formatLongDate(new Date('2025-06-17T20:00:00Z'), 'Australia/Adelaide')).toBe('18 June 2025');
    expect(formatLongDate(new Date('2025-06-17T20:00:00Z'), 'UTC')).toBe('17 June 2025');
  });
});
