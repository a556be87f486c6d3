// The builder's steps in order; the summary comes after the last.
export const CASE_STEPS = [
  { label: 'Problem', title: 'Problem and opportunity' },
  { label: 'Solution', title: 'Proposed AI solution' },
  { label: 'Stakeholders', title: 'Stakeholders' },
  { label: 'Costs', title: 'Costs' },
  { label: 'Benefits', title: 'Benefits' },
  { label: 'Risks', title: 'Risks and mitigations' },
  { label: 'Timeline', title: 'Timeline and milestones' },
] as const;

/** The step index of the summary. */
export const SUMMARY_STEP = CASE_STEPS.length;

export const clampStep = (step: number | undefined) => Math.min(Math.max(Math.trunc(step ?? 0), 0), SUMMARY_STEP);
