import { describe, expect, it } from 'vitest';
import type { AiUseCaseRow } from '@/db';
import seedSource from '@seed/use-cases.js?raw';
import { completeDraftSchema, DRAFT_TEXT_FIELDS, DRAFT_TEXT_MAX, type DraftRequest } from './draftSchema';
import { generateDraft } from './generateDraft';

// The seeded library (a CommonJS module the migration requires), as the device holds it after a sync.
const seedModule = { exports: [] as Record<string, unknown>[] };
new Function('module', seedSource)(seedModule);
const seed = seedModule.exports;
const library: AiUseCaseRow[] = seed.map((row, index) => ({
  ...(row as unknown as AiUseCaseRow),
  id: `usecase${String(index).padStart(8, '0')}`,
  updated: '2025-06-01 00:00:00.000Z',
}));

const hospital: DraftRequest = {
  industry: 'Healthcare',
  businessFunction: 'Emergency department operations',
  problem: 'Patient arrivals at our emergency department surge unpredictably and rosters cannot keep up, so waiting times grow.',
  dataAvailable: 'Five years of triage records and hourly arrival counts',
};

const retail: DraftRequest = {
  industry: 'retail',
  businessFunction: 'customer service',
  problem: 'Customers email and call with the same questions about orders, returns and delivery times every day.',
  dataAvailable: 'CRM data, order history and our FAQ pages',
};

describe('generateDraft', () => {
  it('gives the same draft for the same request, whatever order the library is in', () => {
    const first = generateDraft(hospital, library);
    expect(generateDraft(hospital, library)).toEqual(first);
    expect(generateDraft(hospital, [...library].reverse())).toEqual(first);
  });

  it('lists the closest library cases beside the draft and picks the technique the problem points to', () => {
    const { draft, basedOn } = generateDraft(hospital, library);
    expect(basedOn[0]).toEqual({ id: library[0]?.id, title: 'Emergency Department Demand Forecasting' });
    expect(basedOn.length).toBeGreaterThan(0);
    expect(basedOn.length).toBeLessThanOrEqual(3);
    expect(draft.ai_technique).toBe('Time-Series Forecasting');
    expect(draft.industry).toBe('Healthcare');
    expect(draft.business_function).toBe('Emergency department operations');
    expect(draft.domain).toBe('Emergency department operations');
    expect(draft.problem_statement).toBe(hospital.problem);
    expect(draft.input_data_type).toBe('Five years of triage records and hourly arrival counts');
    expect(draft.tags).toContain('forecasting');
    expect(draft.tags).toContain('healthcare');
  });

  it('a different request finds different cases and a different technique', () => {
    const { draft, basedOn } = generateDraft(retail, library);
    const industries = basedOn.map((picked) => library.find((row) => row.id === picked.id)?.industry);
    expect(basedOn[0]?.title).toBe('Citizen Enquiry Virtual Assistant');
    expect(industries).toContain('Retail');
    expect(basedOn.map((picked) => picked.title)).not.toContain('Emergency Department Demand Forecasting');
    expect(draft.ai_technique).toBe('Conversational AI with Retrieval');
    expect(draft.industry).toBe('Retail');
    expect(draft.title).toBe('AI Assistant for Customer service in Retail');
    // An acronym at the start of the data keeps its capitals mid-sentence.
    expect(draft.description).toContain('on CRM data, order history and our FAQ pages');
  });

  it('copies no sentence of any library case, and speaks of the industry and function asked for', () => {
    const winery: DraftRequest = {
      industry: 'Wine',
      businessFunction: 'Cellar door sales',
      problem: 'Visitors call the cellar door with the same questions about tastings, bookings and shipping every day.',
      dataAvailable: 'Booking system records and our FAQ pages',
    };
    const libraryText = library.flatMap((row) => [row.description, row.value_proposition, row.problem_statement, row.solution_summary, row.challenges_risks]).join(' ');
    const sentences = (text: string) => text.split(/(?<=[.!?])\s+/).map((part) => part.trim()).filter((part) => part.length > 25);
    for (const request of [winery, hospital, retail]) {
      const { draft, basedOn } = generateDraft(request, library);
      expect(basedOn.length).toBeGreaterThan(0);
      const text = [draft.description, draft.value_proposition, draft.solution_summary, draft.challenges_risks].join(' ');
      for (const part of sentences(text)) expect(libraryText).not.toContain(part);
      expect(text).not.toContain('“');
      for (const row of basedOn) expect(text).not.toContain(row.title);
    }
    const { draft } = generateDraft(winery, library);
    expect(draft.title).toBe('AI Assistant for Cellar door sales in Wine');
    expect(draft.description).toBe('Uses conversational AI with retrieval on booking system records and our FAQ pages to help cellar door sales in Wine answer routine questions at once and hand the rest to the right person.');
    expect(draft.value_proposition).toContain('For cellar door sales in Wine, the pilot is judged on the problem described above');
    expect(draft.solution_summary).toContain('Start with a 90-day pilot in one cellar door sales team');
    expect(draft.challenges_risks).toContain('plan how cellar door sales staff will learn to work with the new tool');
    expect(`${draft.value_proposition} ${draft.challenges_risks}`).not.toMatch(/legal advice|Residents/);
    expect(draft.tags).toEqual(['conversational ai', 'customer experience', 'wine', 'cellar door sales']);
  });

  it('drafts a complete use case in the library structure', () => {
    for (const request of [hospital, retail]) {
      const { draft } = generateDraft(request, library);
      expect(completeDraftSchema.safeParse(draft).success).toBe(true);
      for (const text of Object.values(draft)) expect(String(text)).not.toMatch(/undefined|NaN|\[object/);
    }
  });

  it('writes the same draft with an empty library, beside no cases', () => {
    const { draft, basedOn } = generateDraft(hospital, []);
    expect(basedOn).toEqual([]);
    expect(draft).toEqual(generateDraft(hospital, library).draft);
    expect(completeDraftSchema.safeParse(draft).success).toBe(true);
    expect(draft.adoption_level).toBe('Growing');
  });

  it("falls back to the business function's technique, then to a default, when the problem names none", () => {
    const vague: DraftRequest = { industry: 'Mining and Resources', businessFunction: 'Haul truck dispatch', problem: 'Our fleet of haul trucks queue at the crusher for hours.', dataAvailable: 'GPS pings' };
    expect(generateDraft(vague, library).draft.ai_technique).toBe('Machine Learning Classification');
    const byFunction: DraftRequest = { ...vague, businessFunction: 'Rostering' };
    expect(generateDraft(byFunction, library).draft.ai_technique).toBe('Optimisation with Machine Learning');
  });

  it('keeps every field within its limit for the longest accepted input, and copes with input of no words', () => {
    const long: DraftRequest = {
      industry: 'I'.repeat(100),
      businessFunction: 'function '.repeat(22).slice(0, 200),
      problem: 'forecast '.repeat(222).slice(0, 2000),
      dataAvailable: 'records '.repeat(125).slice(0, 1000),
    };
    const { draft } = generateDraft(long, library);
    for (const field of DRAFT_TEXT_FIELDS) expect(draft[field].length).toBeLessThanOrEqual(DRAFT_TEXT_MAX[field]);
    expect(completeDraftSchema.safeParse(draft).success).toBe(true);

    const punctuation: DraftRequest = { industry: '??', businessFunction: '!!', problem: '?!'.repeat(10), dataAvailable: '...' };
    const odd = generateDraft(punctuation, library);
    expect(odd.basedOn).toEqual([]);
    expect(completeDraftSchema.safeParse(odd.draft).success).toBe(true);
  });
});
