import { describe, expect, it } from 'vitest';
import { REFUND_TIERS, describeRefundTiers, refundPercentFor } from './refundPolicy';

describe('refundPercentFor', () => {
  it.each([
    [60, 100],
    [14.5, 100],
    [14, 100],
    [13.9, 50],
    [10, 50],
    [7, 50],
    [6.9, 0],
    [1, 0],
    [0, 0],
    [-3, 0],
  ])('%s days before the event refunds %s%%', (days, percent) => {
    expect(refundPercentFor(days)).toBe(percent);
  });

  it('treats any distant date as a full refund', () => {
    expect(refundPercentFor(Number.POSITIVE_INFINITY)).toBe(100);
  });

  it('rejects a missing number instead of guessing', () => {
    expect(() => refundPercentFor(Number.NaN)).toThrow(RangeError);
  });
});

describe('REFUND_TIERS', () => {
  it('runs from earliest to latest cancellation with falling refunds', () => {
    for (let i = 1; i < REFUND_TIERS.length; i++) {
      expect(REFUND_TIERS[i]!.minDaysBeforeEvent).toBeLessThan(REFUND_TIERS[i - 1]!.minDaysBeforeEvent);
      expect(REFUND_TIERS[i]!.refundPercent).toBeLessThan(REFUND_TIERS[i - 1]!.refundPercent);
    }
    expect(REFUND_TIERS.at(-1)?.minDaysBeforeEvent).toBe(0);
  });
});

describe('describeRefundTiers', () => {
  it('words the spec policy: full, 50%, none', () => {
    expect(describeRefundTiers()).toEqual([
      'Full refund for cancellations made up to 14 days before the event.',
      '50% refund for cancellations made between 14 and 7 days before the event.',
      'No refund for cancellations made within 7 days of the event.',
    ]);
  });
});
