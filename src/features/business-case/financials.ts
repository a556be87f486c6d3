// The business case's figures over three years, from amounts in integer
// cents. Each formula is written on screen as FORMULAS says; the results are
// always finite: a ratio with nothing to divide by is null ("not defined"),
// a payback not reached within three years is null.

export const YEARS = 3;
const MONTHS = YEARS * 12;
const WEEKS_A_YEAR = 52;

export interface FinancialInputs {
  oneOffCents: number;
  /** Yearly running costs. */
  runningCents: number;
  hoursPerWeek: number;
  hourlyRateCents: number;
  /** Yearly, at full ramp. */
  extraRevenueCents: number;
  /** Yearly, at full ramp. */
  costAvoidedCents: number;
  /** Percent of the full benefit reached in years 1..3. */
  rampUpPercent: readonly [number, number, number];
  discountRatePercent: number;
}

export interface Financials {
  /** One-off + 3 × yearly running. */
  totalCostCents: number;
  /** Hours a week × 52 × hourly rate. */
  timeSavedValueCents: number;
  /** Yearly benefit at full ramp: time saved + revenue + cost avoided. */
  fullBenefitCents: number;
  /** Full benefit − yearly running. */
  yearlyNetCents: number;
  /** Benefit of each year after the ramp-up. */
  benefitByYearCents: [number, number, number];
  /** Benefit − running, each year. */
  netByYearCents: [number, number, number];
  totalBenefitCents: number;
  /** (total benefits − total cost) / total cost; null when there is no cost. */
  roi: number | null;
  /** First month the cumulative net reaches the one-off cost; null: not within 3 years. */
  paybackMonths: number | null;
  /** −one-off + Σ net_y / (1 + r)^y. */
  npvCents: number;
}

export const FORMULAS = {
  totalCost: 'Total cost (3 years) = one-off costs + 3 × yearly running costs',
  fullBenefit: 'Yearly benefit at full ramp = hours saved a week × 52 × hourly rate + extra revenue + cost avoided',
  rampUp: 'Benefit in year y = yearly benefit at full ramp × ramp-up of year y',
  yearlyNet: 'Yearly net benefit = yearly benefit at full ramp − yearly running costs',
  roi: 'ROI (3 years) = (total benefits over 3 years − total cost) ÷ total cost',
  payback: 'Payback = the first month in which the cumulative net benefit (benefit − running costs, month by month with the ramp-up) reaches the one-off costs',
  npv: 'NPV = − one-off costs + Σ (benefit in year y − running costs) ÷ (1 + discount rate)^y, for y = 1 to 3',
} as const;

const finite = (value: number) => (Number.isFinite(value) ? value : 0);

export function computeFinancials(input: FinancialInputs): Financials {
  const oneOff = finite(input.oneOffCents);
  const running = finite(input.runningCents);
  const timeSavedValueCents = Math.round(finite(input.hoursPerWeek) * WEEKS_A_YEAR * finite(input.hourlyRateCents));
  const fullBenefitCents = timeSavedValueCents + finite(input.extraRevenueCents) + finite(input.costAvoidedCents);
  const benefitByYearCents = input.rampUpPercent.map((percent) => Math.round((fullBenefitCents * finite(percent)) / 100)) as [number, number, number];
  const netByYearCents = benefitByYearCents.map((benefit) => benefit - running) as [number, number, number];
  const totalCostCents = oneOff + YEARS * running;
  const totalBenefitCents = benefitByYearCents.reduce((sum, benefit) => sum + benefit, 0);
  const roi = totalCostCents > 0 ? (totalBenefitCents - totalCostCents) / totalCostCents : null;
  const rate = finite(input.discountRatePercent) / 100;
  const npvCents = Math.round(netByYearCents.reduce((sum, net, index) => sum + net / (1 + rate) ** (index + 1), -oneOff));
  return {
    totalCostCents,
    timeSavedValueCents,
    fullBenefitCents,
    yearlyNetCents: fullBenefitCents - running,
    benefitByYearCents,
    netByYearCents,
    totalBenefitCents,
    roi,
    paybackMonths: paybackMonths(oneOff, netByYearCents),
    npvCents,
  };
}

/**
 * Each month earns a twelfth of its year's net benefit. Counted in twelfths
 * of a cent (a month's net × 12 = its year's net) so no rounding decides the month.
 * Nothing gained (a cumulative net of zero or less) never pays back.
 */
function paybackMonths(oneOffCents: number, netByYearCents: readonly number[]): number | null {
  let cumulativeTwelfths = 0;
  for (let month = 1; month <= MONTHS; month++) {
    cumulativeTwelfths += netByYearCents[Math.ceil(month / 12) - 1] ?? 0;
    if (cumulativeTwelfths > 0 && cumulativeTwelfths >= oneOffCents * 12) return month;
  }
  return null;
}
