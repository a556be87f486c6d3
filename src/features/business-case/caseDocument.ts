// The pitch-ready summary as a document a manager can read on its own: the
// title, every section of the summary and every figure, in the summary's
// order. The Word and PDF downloads (caseDocx.ts, casePdf.ts) both lay out
// this one model, so the two files always say the same.
import { caseFinancials, missingParts, sumCents, type CaseFields } from './caseFields';
import { FORMULAS } from './financials';
import { formatPayback, formatRate, formatRoi, money } from './formatFigures';

export type DocumentBlock =
  | { kind: 'paragraph'; text: string; note?: boolean }
  | { kind: 'list'; items: string[] }
  | { kind: 'table'; header: [string, string]; rows: [string, string][] };

export interface DocumentSection {
  title: string;
  blocks: DocumentBlock[];
}

export interface CaseDocument {
  title: string;
  /** 'Business case · Ready' (or Draft, with what is still to complete). */
  subtitle: string;
  sections: DocumentSection[];
}

const NOT_DESCRIBED = 'Not described yet.';

/** Each paragraph of a text the user typed (blank lines apart), or the note that it is empty. */
function paragraphs(text: string, empty = NOT_DESCRIBED): DocumentBlock[] {
  const parts = text.split(/\n\s*\n/).map((part) => part.trim()).filter(Boolean);
  return parts.length > 0 ? parts.map((part) => ({ kind: 'paragraph', text: part })) : [{ kind: 'paragraph', text: empty, note: true }];
}

/** The figures, as the summary and the Markdown give them. */
export function financialRows(fields: CaseFields): [string, string][] {
  const figures = caseFinancials(fields);
  return [
    ['One-off costs', money(sumCents(fields.one_off_costs))],
    ['Yearly running costs', money(sumCents(fields.running_costs))],
    ['Total cost (3 years)', money(figures.totalCostCents)],
    ['Yearly benefit at full ramp', money(figures.fullBenefitCents)],
    ['Yearly net benefit', money(figures.yearlyNetCents)],
    ['ROI (3 years)', formatRoi(figures.roi)],
    ['Payback', formatPayback(figures.paybackMonths)],
    [`NPV (3 years at ${formatRate(fields.discount_rate_percent)})`, money(figures.npvCents)],
  ];
}

export function caseDocument(fields: CaseFields): CaseDocument {
  const missing = missingParts(fields);
  const sections: DocumentSection[] = [
    { title: 'Problem', blocks: paragraphs(fields.problem_statement) },
    { title: 'Opportunity', blocks: paragraphs(fields.opportunity) },
    {
      title: 'Proposed AI solution',
      blocks: [
        ...(fields.source_use_case ? [{ kind: 'paragraph', text: `Based on the use case “${fields.source_use_case.title}”.`, note: true } as const] : []),
        ...paragraphs(fields.proposed_solution),
      ],
    },
  ];
  if (fields.stakeholders.length > 0) {
    sections.push({
      title: 'Stakeholders',
      blocks: [{ kind: 'list', items: fields.stakeholders.map((s) => `${s.name || 'Unnamed'}${s.role ? `, ${s.role}` : ''}${s.interest ? `: ${s.interest}` : ''}`) }],
    });
  }
  const financials: DocumentBlock[] = [
    { kind: 'table', header: ['Measure', 'Value'], rows: financialRows(fields) },
    { kind: 'list', items: [...fields.one_off_costs.map((c) => `One-off: ${c.label || 'Unnamed item'}, ${money(c.amount_cents)}`), ...fields.running_costs.map((c) => `Running, a year: ${c.label || 'Unnamed item'}, ${money(c.amount_cents)}`)] },
    {
      kind: 'paragraph',
      text: `Ramp-up: year 1 ${formatRate(fields.ramp_up_percent[0])}, year 2 ${formatRate(fields.ramp_up_percent[1])}, year 3 ${formatRate(fields.ramp_up_percent[2])} of the full benefit.`,
    },
    { kind: 'paragraph', text: 'How the figures are worked out:', note: true },
    { kind: 'list', items: Object.values(FORMULAS) },
  ];
  sections.push({ title: 'Financials (AUD)', blocks: financials.filter((block) => block.kind !== 'list' || block.items.length > 0) });
  if (fields.expected_benefits.trim()) sections.push({ title: 'Other benefits', blocks: paragraphs(fields.expected_benefits) });
  if (fields.risk_items.length > 0) {
    sections.push({ title: 'Risks and mitigations', blocks: [{ kind: 'table', header: ['Risk', 'Mitigation'], rows: fields.risk_items.map((r) => [r.risk, r.mitigation]) }] });
  }
  const milestones = [...fields.milestones].sort((a, b) => a.month - b.month);
  if (milestones.length > 0 || fields.timeline.trim()) {
    sections.push({
      title: 'Timeline and milestones',
      blocks: [
        ...(fields.timeline.trim() ? paragraphs(fields.timeline) : []),
        ...(milestones.length > 0 ? [{ kind: 'list', items: milestones.map((m) => `Month ${m.month}: ${m.title}`) } as const] : []),
      ],
    });
  }
  if (fields.success_metrics.trim()) sections.push({ title: 'Success metrics', blocks: paragraphs(fields.success_metrics) });
  return {
    title: fields.title.trim() || 'Business case',
    subtitle: missing.length === 0 ? 'Business case · Ready' : `Business case · Draft (still to complete: ${missing.map((item) => item.charAt(0).toLowerCase() + item.slice(1)).join('; ')})`,
    sections,
  };
}

/** A file name from the title: "invoice-coding-assistant-business-case.docx". */
export function caseFileName(title: string, extension: 'md' | 'docx' | 'pdf'): string {
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60);
  return `${slug || 'business-case'}-business-case.${extension}`;
}
