// The pure part of waitlist offers (pb_hooks/lib/waitlist/queue.js), loaded
// the way the hooks load it: the order seats are offered in (longest-waiting
// first, one place per address in any case; people who had an offer, hold a
// seat or unsubscribed are left out, with why), how long an offer may be
// claimed, and when it expires.
import { describe, expect, it } from 'vitest';
import { loadHookModule } from '../support/hook-module';

interface Row { id: string; email: string; full_name: string; created: string }
interface Entry { attendeeId: string; email: string; fullName: string; created: string }
interface Queue {
  waitlistQueue: (rows: Row[], exclude: { offered?: string[]; unsubscribed?: string[]; seated?: string[] }) => {
    waiting: (Entry & { position: number })[];
    left: (Entry & { reason: string })[];
  };
  claimHours: (eventHours: unknown, envHours: unknown) => number;
  offerExpiry: (now: Date, hours: number, eventStartsAt: string) => Date;
}

const queue = loadHookModule<Queue>('waitlist/queue');

const row = (id: string, email: string, created: string): Row => ({ id, email, full_name: `Person ${id}`, created });

describe('waitlistQueue', () => {
  it('puts the longest-waiting first, ties broken by id, whatever order the rows come in', () => {
    const rows = [
      row('ccc', 'c@example.com', '2031-01-02 10:00:00.000Z'),
      row('aaa', 'a@example.com', '2031-01-01 09:00:00.000Z'),
      row('bbb', 'b@example.com', '2031-01-02 10:00:00.000Z'),
      row('abc', 'd@example.com', '2031-01-01 09:00:00.001Z'),
    ];
    const { waiting, left } = queue.waitlistQueue(rows, {});
    expect(waiting.map((entry) => [entry.position, entry.attendeeId])).toEqual([[1, 'aaa'], [2, 'abc'], [3, 'bbb'], [4, 'ccc']]);
    expect(left).toEqual([]);
    expect(queue.waitlistQueue(rows.slice().reverse(), {}).waiting.map((entry) => entry.attendeeId)).toEqual(['aaa', 'abc', 'bbb', 'ccc']);
  });

  it('keeps one place per address in any case: the first entry, later ones are duplicates', () => {
    const { waiting, left } = queue.waitlistQueue([
      row('late', 'ADA@example.com', '2031-01-03 00:00:00.000Z'),
      row('early', 'ada@example.com', '2031-01-01 00:00:00.000Z'),
      row('other', 'grace@example.com', '2031-01-02 00:00:00.000Z'),
    ], {});
    expect(waiting.map((entry) => [entry.position, entry.attendeeId, entry.email])).toEqual([[1, 'early', 'ada@example.com'], [2, 'other', 'grace@example.com']]);
    expect(left).toEqual([expect.objectContaining({ attendeeId: 'late', reason: 'duplicate' })]);
  });

  it('leaves out whoever had an offer (any status), holds a seat or unsubscribed, in any letter case, and the places close up', () => {
    const rows = [
      row('one', 'offered@example.com', '2031-01-01 00:00:00.000Z'),
      row('two', 'seated@example.com', '2031-01-02 00:00:00.000Z'),
      row('three', 'Gone@Example.com', '2031-01-03 00:00:00.000Z'),
      row('four', 'next@example.com', '2031-01-04 00:00:00.000Z'),
      row('five', 'OFFERED@example.com', '2031-01-05 00:00:00.000Z'),
    ];
    const { waiting, left } = queue.waitlistQueue(rows, { offered: ['Offered@Example.com'], seated: ['SEATED@example.com'], unsubscribed: ['gone@example.com'] });
    expect(waiting).toEqual([{ attendeeId: 'four', email: 'next@example.com', fullName: 'Person four', created: '2031-01-04 00:00:00.000Z', position: 1 }]);
    expect(left.map((entry) => [entry.attendeeId, entry.reason])).toEqual([['one', 'offered'], ['two', 'seated'], ['three', 'unsubscribed'], ['five', 'duplicate']]);
  });

  it('is empty for an empty waitlist', () => {
    expect(queue.waitlistQueue([], { offered: ['a@example.com'] })).toEqual({ waiting: [], left: [] });
  });
});

describe('claim window', () => {
  it("is the masterclass's own hours (1–168), else WAITLIST_CLAIM_HOURS (1–168), else 24", () => {
    expect(queue.claimHours(0, undefined)).toBe(24);
    expect(queue.claimHours(6, '48')).toBe(6);
    expect(queue.claimHours(0, ' 48 ')).toBe(48);
    expect(queue.claimHours(168, '')).toBe(168);
    for (const bad of [169, -1, 1.5, 'x']) expect(queue.claimHours(bad, '12')).toBe(12);
    for (const bad of ['0', '169', '2 days', '1.5']) expect(queue.claimHours(0, bad)).toBe(24);
  });

  it('ends the offer that many hours after it is made, but never after the masterclass starts', () => {
    const now = new Date('2031-06-16T02:00:00.000Z');
    expect(queue.offerExpiry(now, 24, '2031-06-18 02:00:00.000Z').toISOString()).toBe('2031-06-17T02:00:00.000Z');
    expect(queue.offerExpiry(now, 72, '2031-06-18 02:00:00.000Z').toISOString()).toBe('2031-06-18T02:00:00.000Z');
    expect(queue.offerExpiry(now, 24, '').toISOString()).toBe('2031-06-17T02:00:00.000Z');
  });
});
