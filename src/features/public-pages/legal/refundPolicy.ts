// The refund policy from the terms (spec section 9), as data: the terms page
// renders its text from these tiers, so the wording and the rule cannot drift.

export interface RefundTier {
  /** The tier applies when the cancellation is at least this many days before the event. */
  minDaysBeforeEvent: number;
  /** Share of the registration fee refunded, 0–100. */
  refundPercent: number;
}

/** Ordered from the earliest cancellation to the latest. */
export const REFUND_TIERS: readonly RefundTier[] = [
  { minDaysBeforeEvent: 14, refundPercent: 100 },
  { minDaysBeforeEvent: 7, refundPercent: 50 },
  { minDaysBeforeEvent: 0, refundPercent: 0 },
];

/**
 * The refund for a cancellation made `daysBeforeEvent` days before the event
 * starts: exactly 14 days still earns a full refund, exactly 7 days still earns
 * half, anything closer (or after the start) earns nothing.
 */
export function refundPercentFor(daysBeforeEvent: number): number {
  if (Number.isNaN(daysBeforeEvent)) throw new RangeError('daysBeforeEvent must be a number');
  const tier = REFUND_TIERS.find((candidate) => daysBeforeEvent >= candidate.minDaysBeforeEvent);
  return tier?.refundPercent ?? 0;
}

/** One plain-language sentence per tier, for the terms of service. */
export function describeRefundTiers(tiers: readonly RefundTier[] = REFUND_TIERS): string[] {
  return tiers.map((tier, index) => {
    const upper = tiers[index - 1]?.minDaysBeforeEvent;
    const refund = refundWording(tier.refundPercent);
    if (upper === undefined) {
      return `${refund} for cancellations made up to ${tier.minDaysBeforeEvent} days before the event.`;
    }
    if (tier.minDaysBeforeEvent === 0) {
      return `${refund} for cancellations made within ${upper} days of the event.`;
    }
    return `${refund} for cancellations made between ${upper} and ${tier.minDaysBeforeEvent} days before the event.`;
  });
}

function refundWording(percent: number): string {
  if (percent >= 100) return 'Full refund';
  if (percent <= 0) return 'No refund';
  return `${percent}% refund`;
}
