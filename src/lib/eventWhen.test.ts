import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventWhen, formatDateTime, formatEventWhen, formatStoredDateTime, formatWeekdayDate, formatZonedInstant } from './eventWhen';

const ADELAIDE = 'Australia/Adelaide';
const masterclass = { starts_at: '2025-06-18 02:00:00.000Z', ends_at: '2025-06-18 05:00:00.000Z', timezone: ADELAIDE };

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('when an event is', () => {
  it('says the seeded masterclass the one en-AU way, in Adelaide standard time', () => {
    expect(eventWhen(masterclass)).toEqual({
      date: 'Wednesday 18 June 2025',
      time: '11:30 am – 2:30 pm ACST',
      full: 'Wednesday 18 June 2025, 11:30 am – 2:30 pm ACST',
    });
  });

  it('names daylight time in summer', () => {
    expect(formatEventWhen({ starts_at: '2026-11-18 01:00:00.000Z', ends_at: '2026-11-18 04:00:00.000Z', timezone: ADELAIDE })).toBe(
      'Wednesday 18 November 2026, 11:30 am – 2:30 pm ACDT',
    );
  });

  it('names both zones when a daylight-saving change falls inside the event', () => {
    expect(formatEventWhen({ starts_at: '2025-10-04 16:00:00.000Z', ends_at: '2025-10-04 17:00:00.000Z', timezone: ADELAIDE })).toBe(
      'Sunday 5 October 2025, 1:30 am ACST – 3:30 am ACDT',
    );
  });

  it('names the end date when the event ends on another day', () => {
    expect(formatEventWhen({ starts_at: '2025-06-18 12:30:00.000Z', ends_at: '2025-06-18 15:30:00.000Z', timezone: ADELAIDE })).toBe(
      'Wednesday 18 June 2025, 10:00 pm – Thursday 19 June 2025, 1:00 am ACST',
    );
  });

  it.each(['America/New_York', 'Pacific/Honolulu', 'UTC'])('does not depend on the device zone (%s)', (zone) => {
    vi.stubEnv('TZ', zone);
    expect(formatEventWhen(masterclass)).toBe('Wednesday 18 June 2025, 11:30 am – 2:30 pm ACST');
  });

  it('says the start alone when the end is not after it, and nothing without a start', () => {
    expect(formatEventWhen({ ...masterclass, ends_at: '2025-06-18 01:00:00.000Z' })).toBe('Wednesday 18 June 2025, 11:30 am ACST');
    expect(eventWhen({ ...masterclass, starts_at: 'soon' })).toBeNull();
    expect(formatEventWhen({ ...masterclass, starts_at: '' })).toBe('');
  });
});

describe('one instant in the event\'s zone', () => {
  it('names the date, time and zone, in daylight time and out of it', () => {
    expect(formatZonedInstant('2027-12-03 03:30:00.000Z', 'Australia/Adelaide')).toBe('Friday 3 December 2027, 2:00 pm ACDT');
    expect(formatZonedInstant('2025-06-18 02:00:00.000Z', 'Australia/Adelaide')).toBe('Wednesday 18 June 2025, 11:30 am ACST');
    expect(formatZonedInstant('', 'Australia/Adelaide')).toBe('');
  });
});

describe('the one date format for a day and a moment', () => {
  it('is the Australian long form: weekday, day, month, year, then the time', () => {
    const instant = new Date('2026-12-16T01:00:00Z');
    expect(formatWeekdayDate(instant, 'Australia/Adelaide')).toBe('Wednesday 16 December 2026');
    expect(formatDateTime(instant, 'Australia/Adelaide')).toBe('Wednesday 16 December 2026, 11:30 am');
    expect(formatDateTime(new Date('2026-12-15T13:30:00Z'), 'Australia/Adelaide')).toBe('Wednesday 16 December 2026, 12:00 am');
    expect(formatDateTime(new Date('2026-12-16T01:30:00Z'), 'Australia/Adelaide')).toBe('Wednesday 16 December 2026, 12:00 pm');
  });

  it("says a stored moment in the reader's zone when none is given", () => {
    vi.stubEnv('TZ', 'Australia/Perth');
    expect(formatStoredDateTime('2026-11-26 01:05:00.000Z')).toBe('Thursday 26 November 2026, 9:05 am');
    expect(formatStoredDateTime('', undefined, '—')).toBe('—');
    expect(formatStoredDateTime('not a date', undefined, '—')).toBe('—');
  });
});
