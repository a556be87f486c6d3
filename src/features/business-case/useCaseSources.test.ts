import { describe, expect, it, vi } from 'vitest';
import type { AiUseCaseRow, SavedUseCaseRow } from '@/db';
import { startFromUseCase, listUseCaseChoices } from './useCaseSources';

vi.mock('@/db', () => ({ db: {} }));

const library = {
  id: 'lib000000000001', updated: '', title: 'Invoice coding', description: 'Suggests GL codes.', problem_statement: 'Coding by hand.',
  value_proposition: 'Faster month end.', solution_summary: 'A classifier reads each invoice.', ai_technique: 'Classification',
} as AiUseCaseRow;
const savedDraft = {
  id: 'sav000000000001', updated: '', owner: 'user00000000001', use_case: '', title: 'Roster helper', notes: '',
  generated: { title: 'Roster drafting', description: 'Drafts rosters.', problem_statement: 'Rosters take a day.', value_proposition: 'A day back each week.', ai_technique: 'Optimisation' },
} as SavedUseCaseRow;
const savedFromLibrary = { id: 'sav000000000002', updated: '', owner: 'user00000000001', use_case: library.id, title: 'Invoice coding', notes: 'For AP', generated: null } as SavedUseCaseRow;

describe('use cases a business case starts from', () => {
  it('lists saved ones first, then the library', () => {
    const choices = listUseCaseChoices([library], [savedDraft, savedFromLibrary]);
    expect(choices.map((choice) => [choice.source.kind, choice.source.title])).toEqual([['saved', 'Roster drafting'], ['saved', 'Invoice coding'], ['library', 'Invoice coding']]);
  });

  it('prefills title, problem, opportunity and solution from a generated draft', () => {
    const [draft] = listUseCaseChoices([], [savedDraft]);
    expect(startFromUseCase(draft!)).toEqual({
      title: 'Roster drafting',
      problem_statement: 'Rosters take a day.',
      opportunity: 'A day back each week.',
      proposed_solution: 'Drafts rosters.\n\nValue: A day back each week.\n\nAI technique: Optimisation',
      source_use_case: { kind: 'saved', id: savedDraft.id, title: 'Roster drafting' },
    });
  });

  it('a saved library use case brings the library text', () => {
    const [saved] = listUseCaseChoices([library], [savedFromLibrary]);
    expect(startFromUseCase(saved!).proposed_solution).toBe('Suggests GL codes.\n\nA classifier reads each invoice.\n\nValue: Faster month end.\n\nAI technique: Classification');
  });
});
