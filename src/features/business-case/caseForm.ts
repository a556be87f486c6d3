// The builder's form: what the inputs hold (amounts typed in dollars, numbers
// as Mantine's NumberInput gives them: a number, or text while typing or
// empty), how each input becomes a stored field, and the message for input
// that cannot be saved. A field with a problem is not saved and the figures
// keep its last saved value, so bad input changes nothing.
import { formatMoney } from '@/lib/money';
import { CASE_LIMITS, type CaseField, type CaseFields } from './caseFields';

export type NumberValue = number | string;

export interface CaseFormValues {
  title: string;
  problem_statement: string;
  opportunity: string;
  proposed_solution: string;
  expected_benefits: string;
  timeline: string;
  success_metrics: string;
  source_use_case: CaseFields['source_use_case'];
  stakeholders: CaseFields['stakeholders'];
  one_off_costs: { label: string; amount: NumberValue }[];
  running_costs: { label: string; amount: NumberValue }[];
  hours_saved_per_week: NumberValue;
  hourly_rate: NumberValue;
  extra_revenue: NumberValue;
  cost_avoided: NumberValue;
  ramp_up: [NumberValue, NumberValue, NumberValue];
  discount_rate: NumberValue;
  risk_items: CaseFields['risk_items'];
  milestones: { title: string; month: NumberValue }[];
}

const TEXT_FIELDS = ['title', 'problem_statement', 'opportunity', 'proposed_solution', 'expected_benefits', 'timeline', 'success_metrics'] as const;

const toDollars = (cents: number) => cents / 100;
const toCents = (dollars: number) => Math.round(dollars * 100);

export function caseFormValues(fields: CaseFields): CaseFormValues {
  return {
    ...Object.fromEntries(TEXT_FIELDS.map((field) => [field, fields[field]])) as Pick<CaseFormValues, (typeof TEXT_FIELDS)[number]>,
    source_use_case: fields.source_use_case,
    stakeholders: fields.stakeholders.map((item) => ({ ...item })),
    one_off_costs: fields.one_off_costs.map((line) => ({ label: line.label, amount: toDollars(line.amount_cents) })),
    running_costs: fields.running_costs.map((line) => ({ label: line.label, amount: toDollars(line.amount_cents) })),
    hours_saved_per_week: fields.hours_saved_per_week,
    hourly_rate: toDollars(fields.hourly_rate_cents),
    extra_revenue: toDollars(fields.extra_revenue_cents),
    cost_avoided: toDollars(fields.cost_avoided_cents),
    ramp_up: [...fields.ramp_up_percent],
    discount_rate: fields.discount_rate_percent,
    risk_items: fields.risk_items.map((item) => ({ ...item })),
    milestones: fields.milestones.map((item) => ({ ...item })),
  };
}

type Parsed = { value: number } | { error: string };

interface NumberRule {
  max: number;
  /** How the bound reads: "$1,000,000,000", "100 %". */
  maxText: string;
  /** Empty input: 0 when allowed, else this message. */
  required?: string;
  wholeNumber?: boolean;
}

/** A NumberInput value as a number within 0..max, or the message to show. */
export function parseNumber(value: NumberValue, rule: NumberRule): Parsed {
  if (value === '' || value === undefined || value === null) return rule.required ? { error: rule.required } : { value: 0 };
  const number = typeof value === 'number' ? value : Number(String(value).replace(/,/g, ''));
  if (!Number.isFinite(number)) return { error: 'Enter a number' };
  if (number < 0) return { error: 'Cannot be negative' };
  if (number > rule.max) return { error: `At most ${rule.maxText}` };
  if (rule.wholeNumber && !Number.isInteger(number)) return { error: 'Enter a whole number' };
  return { value: number };
}

const dollarsText = (cents: number) => formatMoney(cents).replace(/\.00$/, '');
const amountRule: NumberRule = { max: toDollars(CASE_LIMITS.amountMaxCents), maxText: dollarsText(CASE_LIMITS.amountMaxCents) };
const percentRule = (required: string): NumberRule => ({ max: CASE_LIMITS.percentMax, maxText: `${CASE_LIMITS.percentMax} %`, required });
export const NUMBER_RULES = {
  amount: amountRule,
  hourlyRate: { max: toDollars(CASE_LIMITS.hourlyRateMaxCents), maxText: `${dollarsText(CASE_LIMITS.hourlyRateMaxCents)} an hour` },
  hours: { max: CASE_LIMITS.hoursPerWeekMax, maxText: `${CASE_LIMITS.hoursPerWeekMax.toLocaleString('en-AU')} hours a week` },
  rampUp: percentRule('Enter a percentage from 0 to 100'),
  discountRate: percentRule('Enter the discount rate, from 0 to 100 % (0 means no discounting)'),
  month: { max: CASE_LIMITS.milestoneMonthMax, maxText: `month ${CASE_LIMITS.milestoneMonthMax}`, wholeNumber: true, required: 'Enter the month' },
} satisfies Record<string, NumberRule>;

export interface ReadForm {
  /** Every field whose input can be saved, in its stored shape. */
  fields: Partial<CaseFields>;
  /** Input path (as the form names it, e.g. "one_off_costs.0.amount") → message. */
  errors: Record<string, string>;
}

/** The form's inputs as stored fields; inputs with a problem are left out and named in `errors`. */
export function readForm(values: CaseFormValues): ReadForm {
  const fields: Partial<CaseFields> = {};
  const errors: Record<string, string> = {};
  const put = <F extends CaseField>(field: F, value: CaseFields[F]) => {
    fields[field] = value;
  };
  const number = (path: string, value: NumberValue, rule: NumberRule): number | null => {
    const parsed = parseNumber(value, rule);
    if ('error' in parsed) {
      errors[path] = parsed.error;
      return null;
    }
    return parsed.value;
  };

  for (const field of TEXT_FIELDS) {
    const value = values[field].trim();
    const max = field === 'title' ? CASE_LIMITS.titleMax : CASE_LIMITS.textMax;
    if (field === 'title' && !value) errors.title = 'Give your business case a title';
    else if (value.length > max) errors[field] = `At most ${max.toLocaleString('en-AU')} characters`;
    else put(field, value);
  }
  put('source_use_case', values.source_use_case);
  put('stakeholders', values.stakeholders.map(trimmed).filter(hasText));
  put('risk_items', values.risk_items.map(trimmed).filter(hasText));

  for (const list of ['one_off_costs', 'running_costs'] as const) {
    const lines = values[list].map((line, index) => ({ label: line.label.trim(), amount: number(`${list}.${index}.amount`, line.amount, amountRule) }));
    const total = lines.reduce((sum, line) => sum + (line.amount ?? 0), 0);
    if (lines.every((line) => line.amount !== null)) {
      if (toCents(total) > CASE_LIMITS.amountMaxCents) errors[list] = `These costs add up to more than ${amountRule.maxText}`;
      else put(list, lines.filter((line) => line.label || line.amount).map((line) => ({ label: line.label, amount_cents: toCents(line.amount ?? 0) })));
    }
  }
  const hours = number('hours_saved_per_week', values.hours_saved_per_week, NUMBER_RULES.hours);
  if (hours !== null) put('hours_saved_per_week', Math.round(hours * 100) / 100);
  const rate = number('hourly_rate', values.hourly_rate, NUMBER_RULES.hourlyRate);
  if (rate !== null) put('hourly_rate_cents', toCents(rate));
  const revenue = number('extra_revenue', values.extra_revenue, amountRule);
  if (revenue !== null) put('extra_revenue_cents', toCents(revenue));
  const avoided = number('cost_avoided', values.cost_avoided, amountRule);
  if (avoided !== null) put('cost_avoided_cents', toCents(avoided));
  const ramp = values.ramp_up.map((value, index) => number(`ramp_up.${index}`, value, NUMBER_RULES.rampUp));
  if (ramp.every((value) => value !== null)) put('ramp_up_percent', ramp as [number, number, number]);
  const discount = number('discount_rate', values.discount_rate, NUMBER_RULES.discountRate);
  if (discount !== null) put('discount_rate_percent', discount);

  const milestones = values.milestones.map((item, index) => ({ title: item.title.trim(), month: number(`milestones.${index}.month`, item.month, NUMBER_RULES.month) }));
  if (milestones.every((item) => item.month !== null)) {
    put('milestones', milestones.filter((item) => item.title).map((item) => ({ title: item.title, month: item.month ?? 0 })));
  }
  return { fields, errors };
}

/** Notes on input that is saved but makes a weak case (the hours are worth nothing without a rate). */
export function formWarnings(fields: CaseFields): Record<string, string> {
  const warnings: Record<string, string> = {};
  if (fields.hours_saved_per_week > 0 && fields.hourly_rate_cents === 0) {
    warnings.hourly_rate = 'Enter the hourly rate: the hours saved count as $0 until then';
  }
  return warnings;
}

function trimmed<T extends Record<string, string>>(item: T): T {
  return Object.fromEntries(Object.entries(item).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value])) as T;
}

const hasText = (item: Record<string, string>) => Object.values(item).some((value) => value !== '');
