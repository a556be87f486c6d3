// Where the user is in the readiness tool, kept in the address so a reload,
// the back button or a phone that dropped the tab comes back to the same
// step. Plain checks: route search validation ships with every page's first load.

export interface ReadinessSearch {
  /** Absent: the introduction (with the user's results so far). */
  view?: 'assessment' | 'results';
  /** The assessment shown; results default to the latest. */
  id?: string;
  /** The questionnaire's step, 1 = the first dimension; absent: the first step with a question left. */
  step?: number;
}

const RECORD_ID = /^[a-z0-9]{1,32}$/;

export function parseReadinessSearch(search: Record<string, unknown>): ReadinessSearch {
  const view = search.view === 'assessment' || search.view === 'results' ? search.view : undefined;
  const id = typeof search.id === 'string' && RECORD_ID.test(search.id) ? search.id : undefined;
  const step = Number(search.step);
  return {
    view,
    id: view ? id : undefined,
    step: view === 'assessment' && Number.isInteger(step) && step >= 1 && step <= 20 ? step : undefined,
  };
}
