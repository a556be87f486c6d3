import { describe, expect, it } from 'vitest';
import { featuredEvent } from './featuredEvent';

const event = (id: string, starts: string, ends: string, created = '2026-01-01 00:00:00.000Z') => ({ id, starts_at: starts, ends_at: ends, created });
const NOW = new Date('2026-11-25T00:00:00Z');
const past = event('past', '2025-06-18 02:00:00.000Z', '2025-06-18 05:00:00.000Z');
const older = event('older', '2024-06-18 02:00:00.000Z', '2024-06-18 05:00:00.000Z');
const soon = event('soon', '2027-03-10 22:30:00.000Z', '2027-03-11 01:30:00.000Z');
const later = event('later', '2027-09-10 22:30:00.000Z', '2027-09-11 01:30:00.000Z');

describe('featuredEvent', () => {
  it('is the next one still to come, whatever the order given', () => {
    expect(featuredEvent([later, past, soon, older], NOW)?.id).toBe('soon');
  });

  it('counts an event under way as still to come until its end', () => {
    const underWay = event('now', '2026-11-24 23:00:00.000Z', '2026-11-25 00:00:01.000Z');
    expect(featuredEvent([soon, underWay, past], NOW)?.id).toBe('now');
    expect(featuredEvent([soon, underWay, past], new Date('2026-11-25T00:00:01Z'))?.id).toBe('soon');
  });

  it('is the last one that took place when none is coming, and null when there are none', () => {
    expect(featuredEvent([past, older], NOW)?.id).toBe('past');
    expect(featuredEvent([], NOW)).toBeNull();
  });
});
