// The pitch-ready summary as Markdown, for a download or the clipboard.
import type { CaseFields } from './caseFields';
import { caseFinancials, sumCents } from './caseFields';
import { FORMULAS } from './financials';
import { formatPayback, formatRate, formatRoi, money } from './formatFigures';

/** Text on one line of a Markdown table or list: no line breaks, no stray pipes. */
const cell = (text: string) => text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');
const paragraph = (text: string, empty: string) => (text.trim() ? text.trim() : `_${empty}_`);

export function caseMarkdown(fields: CaseFields): string {
  const figures = caseFinancials(fields);
  const lines: string[] = [`# ${cell(fields.title)}`, ''];
  const section = (title: string, body: string[]) => lines.push(`## ${title}`, '', ...body, '');

  section('Problem', [paragraph(fields.problem_statement, 'Not described yet.')]);
  if (fields.opportunity.trim()) section('Opportunity', [fields.opportunity.trim()]);
  section('Proposed AI solution', [
    ...(fields.source_use_case ? [`Based on the use case “${cell(fields.source_use_case.title)}”.`, ''] : []),
    paragraph(fields.proposed_solution, 'Not described yet.'),
  ]);
  if (fields.stakeholders.length > 0) {
    section('Stakeholders', fields.stakeholders.map((s) => `- **${cell(s.name || 'Unnamed')}**${s.role ? `, ${cell(s.role)}` : ''}${s.interest ? `: ${cell(s.interest)}` : ''}`));
  }
  section('Financials (AUD)', [
    '| Measure | Value |',
    '|---|---|',
    `| One-off costs | ${money(sumCents(fields.one_off_costs))} |`,
    `| Yearly running costs | ${money(sumCents(fields.running_costs))} |`,
    `| Total cost (3 years) | ${money(figures.totalCostCents)} |`,
    `| Yearly benefit at full ramp | ${money(figures.fullBenefitCents)} |`,
    `| Yearly net benefit | ${money(figures.yearlyNetCents)} |`,
    `| ROI (3 years) | ${formatRoi(figures.roi)} |`,
    `| Payback | ${formatPayback(figures.paybackMonths)} |`,
    `| NPV (3 years at ${formatRate(fields.discount_rate_percent)}) | ${money(figures.npvCents)} |`,
    '',
    `Ramp-up: year 1 ${formatRate(fields.ramp_up_percent[0])}, year 2 ${formatRate(fields.ramp_up_percent[1])}, year 3 ${formatRate(fields.ramp_up_percent[2])} of the full benefit.`,
    '',
    ...Object.values(FORMULAS).map((formula) => `- ${formula}`),
  ]);
  if (fields.expected_benefits.trim()) section('Other benefits', [fields.expected_benefits.trim()]);
  if (fields.risk_items.length > 0) {
    section('Risks and mitigations', ['| Risk | Mitigation |', '|---|---|', ...fields.risk_items.map((r) => `| ${cell(r.risk)} | ${cell(r.mitigation)} |`)]);
  }
  const milestones = [...fields.milestones].sort((a, b) => a.month - b.month);
  if (milestones.length > 0 || fields.timeline.trim()) {
    section('Timeline and milestones', [
      ...(fields.timeline.trim() ? [fields.timeline.trim(), ''] : []),
      ...milestones.map((m) => `- Month ${m.month}: ${cell(m.title)}`),
    ]);
  }
  if (fields.success_metrics.trim()) section('Success metrics', [fields.success_metrics.trim()]);
  return `${lines.join('\n').trimEnd()}\n`;
}

/** A file name from the title: "invoice-coding-assistant-business-case.md". */
export function markdownFileName(title: string): string {
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60);
  return `${slug || 'business-case'}-business-case.md`;
}
