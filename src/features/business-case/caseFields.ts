// A business case as the builder works with it: the stored row read through a
// zod schema (a row from an older version or an odd server value reads as
// defaults, never as a crash), the figures it leads to, and what is still
// missing before it is pitch-ready.
import { z } from 'zod';
import type { BusinessCaseRow } from '@/db';
import limits from '@shared/business-case-limits.json';
import { computeFinancials, type Financials } from './financials';

export const CASE_LIMITS = limits;
export const DEFAULT_RAMP_UP: [number, number, number] = [50, 100, 100];
export const DEFAULT_DISCOUNT_RATE = 7;
export const UNTITLED = 'Untitled business case';

const text = z.string().catch('');
const count = z.number().finite().min(0).catch(0);
const list = <T extends z.ZodType>(item: T) => z.array(item).nullish().transform((items) => items ?? []).catch([]);

export const caseFieldsSchema = z.object({
  title: text,
  problem_statement: text,
  opportunity: text,
  proposed_solution: text,
  expected_benefits: text,
  timeline: text,
  success_metrics: text,
  source_use_case: z.object({ kind: z.enum(['library', 'saved']), id: z.string(), title: z.string() }).nullish().transform((source) => source ?? null).catch(null),
  stakeholders: list(z.object({ name: text, role: text, interest: text })),
  one_off_costs: list(z.object({ label: text, amount_cents: count })),
  running_costs: list(z.object({ label: text, amount_cents: count })),
  hours_saved_per_week: count,
  hourly_rate_cents: count,
  extra_revenue_cents: count,
  cost_avoided_cents: count,
  ramp_up_percent: z.tuple([count, count, count]).catch(DEFAULT_RAMP_UP),
  discount_rate_percent: count,
  risk_items: list(z.object({ risk: text, mitigation: text })),
  milestones: list(z.object({ title: text, month: count })),
});

/** Every field the builder edits, with the stored shapes (amounts in cents). */
export type CaseFields = z.infer<typeof caseFieldsSchema>;
export type CaseField = keyof CaseFields;
export const CASE_FIELDS = Object.keys(caseFieldsSchema.shape) as CaseField[];

export function readCaseFields(row: Partial<BusinessCaseRow>): CaseFields {
  const withDefaults = {
    ...row,
    ramp_up_percent: row.ramp_up_percent ?? DEFAULT_RAMP_UP,
    // A row from before the builder has no rate: the builder's default applies.
    discount_rate_percent: row.discount_rate_percent ?? DEFAULT_DISCOUNT_RATE,
  };
  return caseFieldsSchema.parse(withDefaults);
}

export const sumCents = (lines: { amount_cents: number }[]) => lines.reduce((sum, line) => sum + line.amount_cents, 0);

export function caseFinancials(fields: CaseFields): Financials {
  return computeFinancials({
    oneOffCents: sumCents(fields.one_off_costs),
    runningCents: sumCents(fields.running_costs),
    hoursPerWeek: fields.hours_saved_per_week,
    hourlyRateCents: fields.hourly_rate_cents,
    extraRevenueCents: fields.extra_revenue_cents,
    costAvoidedCents: fields.cost_avoided_cents,
    rampUpPercent: fields.ramp_up_percent,
    discountRatePercent: fields.discount_rate_percent,
  });
}

/** What a pitch needs and the case does not have yet (empty: ready). */
export function missingParts(fields: CaseFields): string[] {
  const missing: string[] = [];
  if (!fields.problem_statement.trim()) missing.push('Describe the problem');
  if (!fields.proposed_solution.trim()) missing.push('Describe the proposed AI solution');
  if (fields.stakeholders.length === 0) missing.push('Name at least one stakeholder');
  if (sumCents(fields.one_off_costs) + sumCents(fields.running_costs) === 0) missing.push('Enter the costs');
  if (caseFinancials(fields).fullBenefitCents === 0) missing.push('Enter the benefits');
  if (fields.risk_items.length === 0) missing.push('List at least one risk');
  if (fields.milestones.length === 0) missing.push('Add at least one milestone');
  return missing;
}

/** Columns computed from the case, kept on the row for lists and other readers. */
export function derivedColumns(fields: CaseFields): Pick<BusinessCaseRow, 'estimated_cost_cents' | 'estimated_annual_benefit_cents' | 'status' | 'currency'> {
  const figures = caseFinancials(fields);
  return {
    estimated_cost_cents: figures.totalCostCents,
    estimated_annual_benefit_cents: figures.fullBenefitCents,
    status: missingParts(fields).length === 0 ? 'ready' : 'draft',
    currency: 'AUD',
  };
}
