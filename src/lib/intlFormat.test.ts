import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from './intlFormat';

describe('cached Intl formatters', () => {
  it('gives the same formatter for the same locale and options, and a new one when they differ', () => {
    const first = dateTimeFormat('en-AU', { timeZone: 'Australia/Adelaide', hour: 'numeric' });
    expect(dateTimeFormat('en-AU', { timeZone: 'Australia/Adelaide', hour: 'numeric' })).toBe(first);
    expect(dateTimeFormat('en-AU', { timeZone: 'UTC', hour: 'numeric' })).not.toBe(first);
    expect(numberFormat('en-AU', { style: 'currency', currency: 'AUD' })).toBe(numberFormat('en-AU', { style: 'currency', currency: 'AUD' }));
  });

  it('formats as a new formatter would', () => {
    const instant = new Date('2025-06-18T02:00:00Z');
    expect(dateTimeFormat('en-AU', { timeZone: 'Australia/Adelaide', hour: 'numeric', minute: '2-digit' }).format(instant)).toBe(
      new Intl.DateTimeFormat('en-AU', { timeZone: 'Australia/Adelaide', hour: 'numeric', minute: '2-digit' }).format(instant),
    );
  });
});
