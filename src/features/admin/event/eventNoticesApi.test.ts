import { describe, expect, it } from 'vitest';
import type { EventRow } from '@/db';
import type { EventPatch } from './eventAdminApi';
import { attendeesCount, changesSchedule } from './eventNoticesApi';

const event = {
  starts_at: '2031-06-18 02:00:00.000Z', ends_at: '2031-06-18 05:00:00.000Z', venue: 'Lot Fourteen', location: 'Adelaide',
} as EventRow;
const patch = (over: Partial<EventPatch> = {}) =>
  ({ title: 'T', capacity: 50, price_cents: 0, sales_state: 'open', portal_unlock_at: '', starts_at: '2031-06-18T02:00:00.000Z', ends_at: event.ends_at, venue: 'Lot Fourteen', location: 'Adelaide', ...over }) as EventPatch;

describe('changesSchedule', () => {
  it('sees the same instant written two ways as no change, and the date, times, venue or location changed as one', () => {
    expect(changesSchedule(event, patch())).toBe(false);
    expect(changesSchedule(event, patch({ title: 'Other', capacity: 10 }))).toBe(false);
    expect(changesSchedule(event, patch({ starts_at: '2031-06-18 02:30:00.000Z' }))).toBe(true);
    expect(changesSchedule(event, patch({ ends_at: '2031-06-19 05:00:00.000Z' }))).toBe(true);
    expect(changesSchedule(event, patch({ venue: 'Convention Centre' }))).toBe(true);
    expect(changesSchedule(event, patch({ location: 'Sydney' }))).toBe(true);
  });

  it('counts attendees in words', () => {
    expect(attendeesCount(1)).toBe('1 attendee');
    expect(attendeesCount(37)).toBe('37 attendees');
  });
});
