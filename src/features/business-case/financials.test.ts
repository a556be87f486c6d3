import { describe, expect, it } from 'vitest';
import { computeFinancials, type FinancialInputs } from './financials';

// An invoice-coding pilot, worked by hand:
//   one-off $40,000; running $12,000 a year; 20 hours a week saved at $50 an hour; $10,000 a year of cost avoided;
//   ramp-up 50 % / 100 % / 100 %; discount rate 7 %.
//   time saved = 20 × 52 × $50 = $52,000; full benefit = $52,000 + $10,000 = $62,000
//   benefits by year = $31,000, $62,000, $62,000 (total $155,000); net by year = $19,000, $50,000, $50,000
//   total cost = $40,000 + 3 × $12,000 = $76,000; ROI = ($155,000 − $76,000) / $76,000 = 79 / 76 = 1.0394736…
//   payback: year 1 nets $19,000 (< $40,000); year 2 adds $50,000 / 12 = $4,166.67 a month, $21,000 more takes
//   5.04 months, so the 6th month of year 2 = month 18
//   NPV = −40,000 + 19,000 / 1.07 + 50,000 / 1.07² + 50,000 / 1.07³
//       = −40,000 + 17,757.01 + 43,671.94 + 40,814.89 = $62,243.84
const pilot: FinancialInputs = {
  oneOffCents: 4_000_000,
  runningCents: 1_200_000,
  hoursPerWeek: 20,
  hourlyRateCents: 5_000,
  extraRevenueCents: 0,
  costAvoidedCents: 1_000_000,
  rampUpPercent: [50, 100, 100],
  discountRatePercent: 7,
};

describe('computeFinancials', () => {
  it('works out the pilot as done by hand', () => {
    const result = computeFinancials(pilot);
    expect(result.timeSavedValueCents).toBe(5_200_000);
    expect(result.fullBenefitCents).toBe(6_200_000);
    expect(result.yearlyNetCents).toBe(5_000_000);
    expect(result.benefitByYearCents).toEqual([3_100_000, 6_200_000, 6_200_000]);
    expect(result.netByYearCents).toEqual([1_900_000, 5_000_000, 5_000_000]);
    expect(result.totalCostCents).toBe(7_600_000);
    expect(result.totalBenefitCents).toBe(15_500_000);
    expect(result.roi).toBeCloseTo(79 / 76, 10);
    expect(result.paybackMonths).toBe(18);
    expect(result.npvCents).toBe(6_224_384);
  });

  it('pays back in the month the cumulative net reaches the one-off cost exactly', () => {
    // $1,200 a month net from the start: $12,000 one-off is reached at the end of month 10.
    const result = computeFinancials({ ...pilot, oneOffCents: 1_200_000, runningCents: 0, hoursPerWeek: 0, costAvoidedCents: 1_440_000, rampUpPercent: [100, 100, 100] });
    expect(result.paybackMonths).toBe(10);
  });

  it('says "not within 3 years" (null) and a negative NPV when costs outrun benefits', () => {
    // Costs only: one-off $10,000, running $2,000 a year, 10 %:
    // NPV = −10,000 − 2,000 / 1.1 − 2,000 / 1.21 − 2,000 / 1.331 = −10,000 − 1,818.18 − 1,652.89 − 1,502.63 = −$14,973.70
    // ROI = (0 − 16,000) / 16,000 = −1
    const result = computeFinancials({ ...pilot, oneOffCents: 1_000_000, runningCents: 200_000, hoursPerWeek: 0, costAvoidedCents: 0, discountRatePercent: 10 });
    expect(result.paybackMonths).toBeNull();
    expect(result.npvCents).toBe(-1_497_370);
    expect(result.roi).toBe(-1);
  });

  it('a 0 % discount rate makes the NPV the plain sum of the nets', () => {
    // −40,000 + 19,000 + 50,000 + 50,000 = $79,000
    expect(computeFinancials({ ...pilot, discountRatePercent: 0 }).npvCents).toBe(7_900_000);
  });

  it('with no costs at all the ROI is not defined rather than infinite, and nothing gained never pays back', () => {
    const empty = computeFinancials({ ...pilot, oneOffCents: 0, runningCents: 0, hoursPerWeek: 0, costAvoidedCents: 0 });
    expect(empty.roi).toBeNull();
    expect(empty.paybackMonths).toBeNull();
    expect(empty.npvCents).toBe(0);
    const free = computeFinancials({ ...pilot, oneOffCents: 0, runningCents: 0 });
    expect(free.roi).toBeNull();
    expect(free.paybackMonths).toBe(1);
  });

  it('stays finite with the largest amounts the form accepts and with missing numbers', () => {
    const huge = computeFinancials({
      ...pilot, oneOffCents: 100_000_000_000, runningCents: 100_000_000_000, hoursPerWeek: 100_000, hourlyRateCents: 1_000_000,
      extraRevenueCents: 100_000_000_000, costAvoidedCents: 100_000_000_000, discountRatePercent: 100,
    });
    for (const value of [huge.totalCostCents, huge.fullBenefitCents, huge.npvCents, huge.roi ?? 0]) expect(Number.isFinite(value)).toBe(true);
    expect(Number.isSafeInteger(huge.fullBenefitCents)).toBe(true);
    const broken = computeFinancials({ ...pilot, hourlyRateCents: Number.NaN, runningCents: Number.POSITIVE_INFINITY });
    expect(broken.timeSavedValueCents).toBe(0);
    expect(broken.totalCostCents).toBe(4_000_000);
  });
});
