import { describe, expect, it } from 'vitest';
import { caseFinancials, readCaseFields } from './caseFields';
import { caseFormValues, readForm } from './caseForm';
import { caseMarkdown, markdownFileName } from './caseMarkdown';

const blank = () => caseFormValues(readCaseFields({ title: 'Invoice coding' }));

describe('readForm', () => {
  it('turns dollars into cents and keeps good input', () => {
    const values = { ...blank(), one_off_costs: [{ label: ' Build ', amount: 40000.5 }], hourly_rate: 50, hours_saved_per_week: 20 };
    const { fields, errors } = readForm(values);
    expect(errors).toEqual({});
    expect(fields.one_off_costs).toEqual([{ label: 'Build', amount_cents: 4_000_050 }]);
    expect(fields.hourly_rate_cents).toBe(5_000);
  });

  it('names bad input and leaves those fields out: negative, absurd, text, empty title and rate', () => {
    const values = {
      ...blank(), title: '  ', one_off_costs: [{ label: 'Build', amount: -5 }], running_costs: [{ label: 'Run', amount: 1e12 }],
      extra_revenue: 'lots', discount_rate: '', ramp_up: [50, 120, 100] as [number, number, number], milestones: [{ title: 'Pilot', month: 2.5 }],
    };
    const { fields, errors } = readForm(values);
    expect(errors).toEqual({
      title: 'Give your business case a title',
      'one_off_costs.0.amount': 'Cannot be negative',
      'running_costs.0.amount': 'At most $1,000,000,000',
      extra_revenue: 'Enter a number',
      discount_rate: 'Enter the discount rate, from 0 to 100 % (0 means no discounting)',
      'ramp_up.1': 'At most 100 %',
      'milestones.0.month': 'Enter a whole number',
    });
    for (const field of ['title', 'one_off_costs', 'running_costs', 'extra_revenue_cents', 'discount_rate_percent', 'ramp_up_percent', 'milestones']) {
      expect(fields).not.toHaveProperty(field);
    }
  });

  it('refuses cost lines that add up past the limit', () => {
    const big = { label: 'Big', amount: 600_000_000 };
    expect(readForm({ ...blank(), one_off_costs: [big, big] }).errors.one_off_costs).toBe('These costs add up to more than $1,000,000,000');
  });
});

describe('caseMarkdown', () => {
  it('writes the pitch with its figures and formulas, one line per table cell', () => {
    const fields = readCaseFields({
      title: 'Invoice coding', problem_statement: 'Coding by hand', proposed_solution: 'A model | suggests codes',
      one_off_costs: [{ label: 'Build', amount_cents: 4_000_000 }], running_costs: [{ label: 'Run', amount_cents: 1_200_000 }],
      hours_saved_per_week: 20, hourly_rate_cents: 5_000, cost_avoided_cents: 1_000_000, discount_rate_percent: 7,
      risk_items: [{ risk: 'Wrong\ncodes', mitigation: 'Review' }], milestones: [{ title: 'Live', month: 6 }, { title: 'Pilot', month: 3 }],
    });
    const text = caseMarkdown(fields);
    expect(caseFinancials(fields).npvCents).toBe(6_224_384);
    expect(text).toContain('# Invoice coding');
    expect(text).toContain('| Total cost (3 years) | $76,000.00 |');
    expect(text).toContain('| NPV (3 years at 7 %) | $62,243.84 |');
    expect(text).toContain('| Payback | 18 months |');
    expect(text).toContain('| Wrong codes | Review |');
    expect(text.indexOf('Month 3: Pilot')).toBeLessThan(text.indexOf('Month 6: Live'));
    expect(text).not.toMatch(/NaN|Infinity/);
    expect(markdownFileName('Invoice coding: AP!')).toBe('invoice-coding-ap-business-case.md');
  });
});
