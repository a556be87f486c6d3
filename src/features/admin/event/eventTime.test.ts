import { describe, expect, it } from 'vitest';
import { formatZoned, fromZonedValue, toZonedValue, zonedToInstant } from './eventTime';

const ADELAIDE = 'Australia/Adelaide';

describe('event times in the event zone', () => {
  it('reads the seeded start as 11:30 on 18 June 2025 in Adelaide (ACST, UTC+9:30)', () => {
    const value = toZonedValue('2025-06-18 02:00:00.000Z', ADELAIDE);
    expect(value?.time).toBe('11:30');
    expect([value?.day.getFullYear(), value?.day.getMonth(), value?.day.getDate()]).toEqual([2025, 5, 18]);
    expect(formatZoned('2025-06-18 02:00:00.000Z', ADELAIDE)).toMatch(/^Wed,? 18 June? 2025,? 11:30\s?am$/i);
  });

  it('stores a typed time as the UTC instant, across the date line', () => {
    expect(fromZonedValue({ day: new Date(2025, 5, 18), time: '09:00' }, ADELAIDE)).toBe('2025-06-17 23:30:00.000Z');
    expect(fromZonedValue({ day: new Date(2025, 5, 18), time: '14:30' }, ADELAIDE)).toBe('2025-06-18 05:00:00.000Z');
  });

  it('uses daylight time (ACDT, UTC+10:30) in summer', () => {
    expect(fromZonedValue({ day: new Date(2026, 11, 3), time: '11:30' }, ADELAIDE)).toBe('2026-12-03 01:00:00.000Z');
    expect(toZonedValue('2026-12-03 01:00:00.000Z', ADELAIDE)?.time).toBe('11:30');
  });

  it('round-trips every quarter hour of a day on which the clocks change', () => {
    // 5 October 2025: Adelaide moves from 02:00 ACST to 03:00 ACDT.
    for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
      const hour = Math.floor(minutes / 60);
      if (hour === 2) continue; // 02:xx does not exist that day
      const time = `${String(hour).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      const stored = fromZonedValue({ day: new Date(2025, 9, 5), time }, ADELAIDE);
      expect(toZonedValue(stored ?? '', ADELAIDE)?.time, time).toBe(time);
    }
    // A time skipped by the change is read in standard time: 02:30 ACST is 03:30 ACDT.
    expect(zonedToInstant(2025, 10, 5, 2, 30, ADELAIDE).toISOString()).toBe('2025-10-04T17:00:00.000Z');
  });

  it('is null while the day or the time is missing or not a time', () => {
    expect(fromZonedValue({ day: null, time: '10:00' }, ADELAIDE)).toBeNull();
    expect(fromZonedValue({ day: new Date(2025, 5, 18), time: '' }, ADELAIDE)).toBeNull();
    expect(fromZonedValue({ day: new Date(2025, 5, 18), time: '25:00' }, ADELAIDE)).toBeNull();
    expect(toZonedValue('', ADELAIDE)).toBeNull();
  });
});
