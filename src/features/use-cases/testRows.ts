// Use case rows for the library's unit tests.
import type { AiUseCaseRow } from '@/db';

export function libraryRow(id: string, fields: Partial<AiUseCaseRow> = {}): AiUseCaseRow {
  return {
    id, updated: '2025-06-01 00:00:00.000Z', title: `Use case ${id}`, description: '', industry: 'Retail', domain: '',
    business_function: 'Operations', ai_technique: 'Classification', tags: [], value_proposition: '', adoption_level: 'Growing',
    problem_statement: '', solution_summary: '', challenges_risks: '', model_type: '', input_data_type: '', output_type: '',
    ...fields,
  };
}
