import { describe, expect, it } from 'vitest';
import { parsePocketBaseDate } from './pocketbaseDate';

describe('parsePocketBaseDate', () => {
  it('reads PocketBase and ISO date strings alike', () => {
    expect(parsePocketBaseDate('2025-06-18 02:00:00.000Z').toISOString()).toBe('2025-06-18T02:00:00.000Z');
    expect(parsePocketBaseDate('2025-06-18T02:00:00Z').toISOString()).toBe('2025-06-18T02:00:00.000Z');
    expect(parsePocketBaseDate(' 2025-06-17 23:30:00.000Z ').toISOString()).toBe('2025-06-17T23:30:00.000Z');
  });

  it('answers an invalid date for anything else', () => {
    expect(Number.isNaN(parsePocketBaseDate('not a date').getTime())).toBe(true);
  });
});
