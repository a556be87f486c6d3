// Use cases a business case can start from: the library (ai_use_cases) and
// the user's own saved ones (saved_use_cases, which may hold a generated
// draft in `generated`), read from this device.
import { useLiveQuery } from 'dexie-react-hooks';
import { db, type AiUseCaseRow, type BusinessCaseSource, type SavedUseCaseRow } from '@/db';
import { CASE_LIMITS, type CaseFields } from './caseFields';

interface UseCaseText {
  title: string;
  description: string;
  problem_statement: string;
  value_proposition: string;
  solution_summary: string;
  ai_technique: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

function libraryText(row: AiUseCaseRow): UseCaseText {
  return {
    title: text(row.title), description: text(row.description), problem_statement: text(row.problem_statement),
    value_proposition: text(row.value_proposition), solution_summary: text(row.solution_summary), ai_technique: text(row.ai_technique),
  };
}

/** A saved use case: its generated draft when it has one, else its library use case, else its own title and notes. */
function savedText(row: SavedUseCaseRow, library: AiUseCaseRow | undefined): UseCaseText {
  const generated = row.generated && typeof row.generated === 'object' ? (row.generated as Record<string, unknown>) : {};
  const base = library ? libraryText(library) : { title: '', description: '', problem_statement: '', value_proposition: '', solution_summary: '', ai_technique: '' };
  const pick = (key: keyof UseCaseText) => text(generated[key]) || base[key];
  return {
    title: text(generated.title) || text(row.title) || base.title,
    description: pick('description') || text(row.notes),
    problem_statement: pick('problem_statement'),
    value_proposition: pick('value_proposition'),
    solution_summary: pick('solution_summary'),
    ai_technique: pick('ai_technique'),
  };
}

/** The proposed solution written from a use case. */
export function solutionText(useCase: UseCaseText): string {
  return [
    useCase.description,
    useCase.solution_summary,
    useCase.value_proposition && `Value: ${useCase.value_proposition}`,
    useCase.ai_technique && `AI technique: ${useCase.ai_technique}`,
  ].filter(Boolean).join('\n\n').slice(0, CASE_LIMITS.textMax);
}

export interface UseCaseChoice {
  source: BusinessCaseSource;
  text: UseCaseText;
}

/** The user's saved use cases first, then the library by title. */
export function listUseCaseChoices(library: AiUseCaseRow[], saved: SavedUseCaseRow[]): UseCaseChoice[] {
  const byId = new Map(library.map((row) => [row.id, row]));
  const choices: UseCaseChoice[] = saved.map((row) => {
    const useCase = savedText(row, byId.get(row.use_case));
    return { source: { kind: 'saved', id: row.id, title: (useCase.title || 'Untitled use case').slice(0, CASE_LIMITS.titleMax) }, text: useCase };
  });
  for (const row of [...library].sort((a, b) => a.title.localeCompare(b.title))) {
    choices.push({ source: { kind: 'library', id: row.id, title: text(row.title).slice(0, CASE_LIMITS.titleMax) }, text: libraryText(row) });
  }
  return choices;
}

/** Every use case this user can start from; undefined while loading. */
export function useUseCaseChoices(owner: string): UseCaseChoice[] | undefined {
  return useLiveQuery(async () => {
    const [library, saved] = await Promise.all([db.aiUseCases.toArray(), db.savedUseCases.where('owner').equals(owner).toArray()]);
    return listUseCaseChoices(library, saved);
  }, [owner]);
}

/** A new case's fields when it starts from a use case. */
export function startFromUseCase(choice: UseCaseChoice): Partial<CaseFields> {
  return {
    title: choice.source.title || undefined,
    problem_statement: choice.text.problem_statement.slice(0, CASE_LIMITS.textMax),
    opportunity: choice.text.value_proposition.slice(0, CASE_LIMITS.textMax),
    proposed_solution: solutionText(choice.text),
    source_use_case: choice.source,
  };
}
