// The terms' refund tiers (pb_hooks/lib/cancellation/refund-tiers.js), loaded the way the
// hooks load them. Every expected instant below was worked out by hand from
// Adelaide's rules (ACST = UTC+9:30; ACDT = UTC+10:30 from 2:00 am ACST on the
// first Sunday of October to 3:00 am ACDT on the first Sunday of April; in
// 2026 those are 4 October and 5 April). "14 days before" is the same
// wall-clock time 14 calendar days earlier, so across a change the boundary
// is 23 or 25 hours away from 14 × 24 hours; a boundary instant itself falls in
// the more generous tier.
import { describe, expect, it } from 'vitest';
import { loadHookModule } from '../support/hook-module';
import { describeRefundTiers, REFUND_TIERS } from '../../src/features/public-pages/legal/refundPolicy';

interface Tier {
  tier: 'full' | 'half' | 'none' | 'started';
  percent: number;
  words: string;
  fullUntil: Date;
  halfUntil: Date;
  until: Date | null;
}
interface RefundTiers {
  TIERS: { tier: string; daysBefore: number; percent: number; words: string }[];
  zonedTimeToUtc: (localMs: number, timezone: string) => Date;
  daysBefore: (start: string, timezone: string, days: number) => Date;
  refundTier: (start: string, timezone: string, now: Date) => Tier;
  attendeeShares: (totalCents: number, count: number) => number[];
  refundCents: (shareCents: number, percent: number, refundableCents: number) => number;
}

const tiers = loadHookModule<RefundTiers>('cancellation/refund-tiers');
const ADELAIDE = 'Australia/Adelaide';
const SECOND = 1000;

function tierAt(start: string, iso: string, offsetMs = 0) {
  const result = tiers.refundTier(start, ADELAIDE, new Date(new Date(iso).getTime() + offsetMs));
  return [result.tier, result.percent];
}

describe('an event after daylight saving starts (Wednesday 14 October 2026, 11:30 am ACDT)', () => {
  const start = '2026-10-14 01:00:00.000Z';
  // 14 days before: Wednesday 30 September 2026, 11:30 am ACST = 02:00 UTC (14 × 24 h would be 01:00 UTC).
  const fourteen = '2026-09-30T02:00:00.000Z';
  // 7 days before: Wednesday 7 October 2026, 11:30 am ACDT = 01:00 UTC (after the change).
  const seven = '2026-10-07T01:00:00.000Z';

  it('puts the boundaries at the same wall-clock time, not 14 × 24 hours', () => {
    expect(tiers.daysBefore(start, ADELAIDE, 14).toISOString()).toBe(fourteen);
    expect(tiers.daysBefore(start, ADELAIDE, 7).toISOString()).toBe(seven);
  });

  it('gives a full refund up to and at 14 days before, half a second later', () => {
    expect(tierAt(start, fourteen, -SECOND)).toEqual(['full', 100]);
    expect(tierAt(start, fourteen)).toEqual(['full', 100]);
    expect(tierAt(start, fourteen, SECOND)).toEqual(['half', 50]);
    // 14 × 24 hours before the start is 10:30 am ACST: still a full refund.
    expect(tierAt(start, '2026-09-30T01:00:00.000Z', SECOND)).toEqual(['full', 100]);
  });

  it('gives half up to and at 7 days before, none a second later', () => {
    expect(tierAt(start, seven, -SECOND)).toEqual(['half', 50]);
    expect(tierAt(start, seven)).toEqual(['half', 50]);
    expect(tierAt(start, seven, SECOND)).toEqual(['none', 0]);
  });

  it('gives nothing a second before the start and refuses from the start', () => {
    expect(tierAt(start, '2026-10-14T01:00:00.000Z', -SECOND)).toEqual(['none', 0]);
    expect(tierAt(start, '2026-10-14T01:00:00.000Z')).toEqual(['started', 0]);
    expect(tierAt(start, '2026-10-14T01:00:00.000Z', SECOND)).toEqual(['started', 0]);
  });
});

describe('an event after daylight saving ends (Wednesday 8 April 2026, 11:30 am ACST)', () => {
  const start = '2026-04-08 02:00:00.000Z';
  // 14 days before: Wednesday 25 March 2026, 11:30 am ACDT = 01:00 UTC.
  const fourteen = '2026-03-25T01:00:00.000Z';
  // 7 days before: Wednesday 1 April 2026, 11:30 am ACDT = 01:00 UTC (7 × 24 h would be 02:00 UTC).
  const seven = '2026-04-01T01:00:00.000Z';

  it('puts the boundaries at the same wall-clock time', () => {
    expect(tiers.daysBefore(start, ADELAIDE, 14).toISOString()).toBe(fourteen);
    expect(tiers.daysBefore(start, ADELAIDE, 7).toISOString()).toBe(seven);
  });

  it('gives full, then half, at the 14-day boundary', () => {
    expect(tierAt(start, fourteen, -SECOND)).toEqual(['full', 100]);
    expect(tierAt(start, fourteen)).toEqual(['full', 100]);
    expect(tierAt(start, fourteen, SECOND)).toEqual(['half', 50]);
  });

  it('gives half, then none, at the 7-day boundary', () => {
    expect(tierAt(start, seven, -SECOND)).toEqual(['half', 50]);
    expect(tierAt(start, seven)).toEqual(['half', 50]);
    expect(tierAt(start, seven, SECOND)).toEqual(['none', 0]);
    // 7 × 24 hours before the start is 12:30 pm ACDT, already within 7 days.
    expect(tierAt(start, '2026-04-01T02:00:00.000Z')).toEqual(['none', 0]);
  });

  it('says until when each tier lasts', () => {
    const full = tiers.refundTier(start, ADELAIDE, new Date('2026-03-01T00:00:00.000Z'));
    expect(full.until?.toISOString()).toBe(fourteen);
    const half = tiers.refundTier(start, ADELAIDE, new Date('2026-03-30T00:00:00.000Z'));
    expect(half.until?.toISOString()).toBe(seven);
    expect(half.words).toBe('50% refund for cancellations made between 14 and 7 days before the event.');
    const none = tiers.refundTier(start, ADELAIDE, new Date('2026-04-05T00:00:00.000Z'));
    expect(none.until).toBeNull();
    expect(none.words).toBe('No refund for cancellations made within 7 days of the event.');
    expect(full.words).toBe('Full refund for cancellations made up to 14 days before the event.');
  });
});

describe('boundaries in the hour the clocks change', () => {
  it('moves a time the clocks skip forward by the skipped hour', () => {
    // Sunday 18 October 2026, 2:30 am ACDT; 14 days before is Sunday 4 October, 2:30 am, which
    // does not exist (2:00 am ACST becomes 3:00 am ACDT): it reads 3:30 am ACDT = 17:00 UTC on the 3rd.
    expect(tiers.daysBefore('2026-10-17 16:00:00.000Z', ADELAIDE, 14).toISOString()).toBe('2026-10-03T17:00:00.000Z');
  });

  it('takes the earlier of a time the clocks repeat', () => {
    // Sunday 19 April 2026, 2:30 am ACST; 14 days before is Sunday 5 April, 2:30 am, which happens
    // twice (ACDT, 16:00 UTC, then ACST, 17:00 UTC): the first.
    expect(tiers.daysBefore('2026-04-18 17:00:00.000Z', ADELAIDE, 14).toISOString()).toBe('2026-04-04T16:00:00.000Z');
  });

  it('converts ordinary wall-clock times either side of a change', () => {
    expect(tiers.zonedTimeToUtc(Date.UTC(2026, 9, 4, 1, 59), ADELAIDE).toISOString()).toBe('2026-10-03T16:29:00.000Z');
    expect(tiers.zonedTimeToUtc(Date.UTC(2026, 9, 4, 3, 0), ADELAIDE).toISOString()).toBe('2026-10-03T16:30:00.000Z');
    expect(tiers.zonedTimeToUtc(Date.UTC(2026, 3, 5, 3, 0), ADELAIDE).toISOString()).toBe('2026-04-04T17:30:00.000Z');
  });

  it('counts plain days in a zone without daylight saving', () => {
    expect(tiers.daysBefore('2026-10-14 01:00:00.000Z', 'Australia/Brisbane', 14).toISOString()).toBe('2026-09-30T01:00:00.000Z');
  });
});

describe('shares and amounts', () => {
  it('splits a registration paid once evenly, the remainder on the first attendee', () => {
    expect(tiers.attendeeShares(99000, 2)).toEqual([49500, 49500]);
    expect(tiers.attendeeShares(100000, 3)).toEqual([33334, 33333, 33333]);
    expect(tiers.attendeeShares(10, 4)).toEqual([4, 2, 2, 2]);
    expect(tiers.attendeeShares(0, 2)).toEqual([0, 0]);
    expect(tiers.attendeeShares(49500, 1)).toEqual([49500]);
  });

  it('rounds a half refund down to the cent and never gives more than is left to refund', () => {
    expect(tiers.refundCents(49500, 100, 99000)).toBe(49500);
    expect(tiers.refundCents(33333, 50, 100000)).toBe(16666);
    expect(tiers.refundCents(49500, 0, 99000)).toBe(0);
    expect(tiers.refundCents(49500, 100, 20000)).toBe(20000);
    expect(tiers.refundCents(49500, 100, 0)).toBe(0);
  });
});

describe('the terms page and the server', () => {
  it('state the same tiers in the same words', () => {
    expect(tiers.TIERS.map((tier) => [tier.daysBefore, tier.percent])).toEqual(REFUND_TIERS.map((tier) => [tier.minDaysBeforeEvent, tier.refundPercent]));
    expect(tiers.TIERS.map((tier) => tier.words)).toEqual(describeRefundTiers());
  });
});
