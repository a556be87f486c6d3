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

  it('is grounded in the closest library cases and picks the technique the problem points to', () => {
    const { draft, basedOn } = generateDraft(hospital, library);
    expect(basedOn[0]).toEqual({ id: library[0]?.id, title: 'Emergency Department Demand Forecasting' });
    expect(basedOn.length).toBeGreaterThan(0);
    expect(basedOn.length).toBeLessThanOrEqual(3);
    expect(draft.ai_technique).toBe('Time-Series Forecasting');
    expect(draft.industry).toBe('Healthcare');
    expect(draft.business_function).toBe('Emergency department operations');
    expect(draft.domain).toBe('Hospital Operations');
    expect(draft.problem_statement).toBe(hospital.problem);
    expect(draft.input_data_type).toBe('Five years of triage records and hourly arrival counts');
    expect(draft.value_proposition).toContain('“Emergency Department Demand Forecasting”');
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

  it('drafts a complete use case in the library structure', () => {
    for (const request of [hospital, retail]) {
      const { draft } = generateDraft(request, library);
      expect(completeDraftSchema.safeParse(draft).success).toBe(true);
      for (const text of Object.values(draft)) expect(String(text)).not.toMatch(/undefined|NaN|\[object/);
    }
  });

  it('writes sensible text with an empty library, based on nothing', () => {
    const { draft, basedOn } = generateDraft(hospital, []);
    expect(basedOn).toEqual([]);
    expect(completeDraftSchema.safeParse(draft).success).toBe(true);
    expect(draft.ai_technique).toBe('Time-Series Forecasting');
    expect(draft.adoption_level).toBe('Growing');
    expect(draft.value_proposition).not.toContain('In the library');
    expect(draft.domain).toBe('Emergency department operations');
  });

  it('falls back to the closest case\'s technique, then to a default, when the problem names none', () => {
    const vague: DraftRequest = { industry: 'Mining and Resources', businessFunction: 'Haul truck dispatch', problem: 'Our fleet of haul trucks queue at the crusher for hours.', dataAvailable: 'GPS pings' };
    const withLibrary = generateDraft(vague, library);
    expect(withLibrary.basedOn[0]?.title).toBe('Haul Truck Fleet Dispatch Optimisation');
    const top = library.find((row) => row.id === withLibrary.basedOn[0]?.id);
    expect(withLibrary.draft.ai_technique).toBe(top?.ai_technique);
    expect(generateDraft(vague, []).draft.ai_technique).toBe('Machine Learning Classification');
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
