import { describe, expect, it } from 'vitest';
import { formatEventDate } from './eventDate';

describe('formatEventDate', () => {
  it('says the date in the event zone, whatever the machine zone', () => {
    expect(formatEventDate({ starts_at: '2025-06-18 02:00:00.000Z', timezone: 'Australia/Adelaide' })).toBe('Wednesday 18 June 2025');
    expect(formatEventDate({ starts_at: '2025-06-17 20:00:00.000Z', timezone: 'Australia/Adelaide' })).toBe('Wednesday 18 June 2025');
  });

  it('says no date of its own while the event is unknown or its start is not a date', () => {
    expect(formatEventDate(null)).toBe('');
    expect(formatEventDate({ starts_at: 'not a date', timezone: 'Australia/Adelaide' })).toBe('');
  });
});
