// The Word and PDF downloads, read back with tools this app did not write:
// `unzip` for the .docx's document XML and poppler's `pdftotext` for the PDF.
// Every section and every figure of the summary is in both files.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Packer } from 'docx';
import { describe, expect, it } from 'vitest';
import { readCaseFields } from './caseFields';
import { caseDocument, caseFileName, financialRows } from './caseDocument';
import { caseDocx } from './caseDocx';
import { casePdf, plainText } from './casePdf';

const pilot = readCaseFields({
  title: 'Invoice coding assistant',
  problem_statement: 'Invoices are coded by hand.\n\nIt takes two days a month.',
  opportunity: 'Faster month-end close.',
  proposed_solution: 'A classifier suggests the account code for each invoice line.',
  source_use_case: { kind: 'library', id: 'usecase00000001', title: 'Accounts payable automation' },
  stakeholders: [{ name: 'Finance team', role: 'Users', interest: 'Less rework' }],
  one_off_costs: [{ label: 'Integration', amount_cents: 4_000_000 }],
  running_costs: [{ label: 'Licences', amount_cents: 1_200_000 }],
  hours_saved_per_week: 20, hourly_rate_cents: 5_000, cost_avoided_cents: 1_000_000,
  ramp_up_percent: [50, 100, 100], discount_rate_percent: 7,
  expected_benefits: 'Fewer late payment fees.',
  risk_items: [{ risk: 'Wrong codes', mitigation: 'Review invoices over $5,000' }],
  timeline: 'A pilot in one business unit first.',
  milestones: [{ title: 'Go live everywhere', month: 9 }, { title: 'Pilot live', month: 3 }],
  success_metrics: 'Coding time per invoice halves.',
});

const dir = mkdtempSync(join(tmpdir(), 'case-exports-'));
const squash = (text: string) => text.replace(/\s+/g, ' ');

async function docxText(): Promise<string> {
  const file = join(dir, 'case.docx');
  writeFileSync(file, await Packer.toBuffer(caseDocx(caseDocument(pilot))));
  const xml = execFileSync('unzip', ['-p', file, 'word/document.xml'], { encoding: 'utf8' });
  // Each paragraph on its own line; the XML's entities read back.
  return xml.replace(/<\/w:p>/g, '\n').replace(/<[^>]+>/g, '').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'");
}

function pdfText(): string {
  const file = join(dir, 'case.pdf');
  writeFileSync(file, Buffer.from(casePdf(caseDocument(pilot)).output('arraybuffer')));
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** What both files must hold: the title, every section, every figure, every item the user entered. */
function expectWholeCase(text: string) {
  const flat = squash(text);
  for (const expected of [
    'Invoice coding assistant', 'Business case · Ready',
    'Problem', 'Invoices are coded by hand.', 'It takes two days a month.',
    'Opportunity', 'Faster month-end close.',
    'Proposed AI solution', 'Based on the use case “Accounts payable automation”.', 'A classifier suggests the account code for each invoice line.',
    'Stakeholders', 'Finance team, Users: Less rework',
    'Financials (AUD)', 'One-off: Integration, $40,000.00', 'Running, a year: Licences, $12,000.00',
    'Ramp-up: year 1 50 %, year 2 100 %, year 3 100 % of the full benefit.',
    'Other benefits', 'Fewer late payment fees.',
    'Risks and mitigations', 'Wrong codes', 'Review invoices over $5,000',
    'Timeline and milestones', 'A pilot in one business unit first.', 'Month 3: Pilot live', 'Month 9: Go live everywhere',
    'Success metrics', 'Coding time per invoice halves.',
  ]) expect(flat).toContain(expected);
  for (const [label, value] of financialRows(pilot)) {
    expect(flat).toContain(label);
    expect(flat).toContain(value);
  }
  // The figures worked by hand in financials.test.ts.
  for (const figure of ['$76,000.00', '$50,000.00', '103.9%', '18 months', '$62,243.84', 'NPV (3 years at 7 %)']) expect(flat).toContain(figure);
  // Milestones in month order.
  expect(flat.indexOf('Month 3: Pilot live')).toBeLessThan(flat.indexOf('Month 9: Go live everywhere'));
}

describe('business case downloads', () => {
  it('the Word document holds every section and figure', async () => {
    const text = await docxText();
    expectWholeCase(text);
    expect(text).toContain('NPV = − one-off costs + Σ');
  });

  it('the PDF holds every section and figure', () => {
    const text = pdfText();
    expectWholeCase(text);
    // Symbols Helvetica lacks come out in plain form, never as garbled bytes.
    expect(squash(text)).toContain('NPV = - one-off costs + sum of (benefit in year y - running costs)');
  });

  it('a draft says what is still to complete, and empty parts say so', () => {
    const doc = caseDocument(readCaseFields({ title: 'Rostering' }));
    expect(doc.subtitle).toMatch(/^Business case · Draft \(still to complete: describe the problem; /);
    expect(doc.sections.find((section) => section.title === 'Problem')?.blocks).toEqual([{ kind: 'paragraph', text: 'Not described yet.', note: true }]);
  });

  it('writes text the standard PDF font cannot show in a plain form', () => {
    expect(plainText('Café “quotes” — 5 ≥ 3 · 日本')).toBe('Café “quotes” — 5 >= 3 · ??');
  });

  it('names the files after the title', () => {
    expect(caseFileName('Invoice coding assistant', 'docx')).toBe('invoice-coding-assistant-business-case.docx');
    expect(caseFileName('!!!', 'pdf')).toBe('business-case-business-case.pdf');
  });
});
