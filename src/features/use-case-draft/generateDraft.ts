// The generator that runs on this device, offline and whenever the server has
// no AI model: a starting point in the library's structure, written from
// per-field templates that take only what the attendee described (industry,
// business function, problem, data) and the AI technique the problem points
// to. No sentence of another use case is copied into it; the closest library
// cases are listed beside it to compare with. A pure function: the same
// request and library always give the same draft.
import type { AiUseCaseRow } from '@/db';
import { closestUseCases } from './closestUseCases';
import { DRAFT_TEXT_MAX, TAG_MAX, type BasedOnCase, type DraftRequest, type DraftTextField, type UseCaseDraft } from './draftSchema';
import { DEFAULT_TECHNIQUE, techniqueFor, type Technique } from './techniques';

export interface GeneratedDraft {
  draft: UseCaseDraft;
  basedOn: BasedOnCase[];
}

/** Stands in for a description of the data that holds no words. */
const NO_DATA = 'the records the team already keeps';

/** Tags a device draft carries at most (a model may give up to TAGS_MAX). */
const DEVICE_TAGS = 8;

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();
const withoutFinalStop = (text: string) => text.replace(/[.!?;:,\s]+$/, '');
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
/** Lower-cases a leading capital for use mid-sentence, but leaves acronyms ("CRM data") alone. */
const midSentence = (text: string) => (/^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text);
/** Lower-cases capitalised words ("Time-Series Forecasting" → "time-series forecasting"), keeping acronyms ("AI"). */
const lowerWords = (text: string) => text.replace(/\b[A-Z][a-z]+/g, (word) => word.toLowerCase());
const sentence = (text: string) => {
  const clean = collapse(text);
  return clean && /[.!?]$/.test(clean) ? capitalise(clean) : `${capitalise(clean)}.`;
};

/** Cuts at a word boundary with an ellipsis when over `max`. */
function fit(text: string, max: number): string {
  const clean = collapse(text);
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}

/** The technique the problem and data point to, else the business function's words, else the default. */
function chooseTechnique(request: DraftRequest): Technique {
  return techniqueFor(request.problem, request.dataAvailable) ?? techniqueFor(request.businessFunction, '') ?? DEFAULT_TECHNIQUE;
}

function tagsFor(request: DraftRequest, technique: Technique): string[] {
  const candidates = [...technique.tags, request.industry, request.businessFunction];
  const tags: string[] = [];
  for (const candidate of candidates) {
    const tag = collapse(candidate).toLowerCase();
    if (tag && tag.length <= TAG_MAX && !tags.includes(tag)) tags.push(tag);
  }
  return tags.slice(0, DEVICE_TAGS);
}

function fitAll(fields: Record<DraftTextField, string>): Record<DraftTextField, string> {
  return Object.fromEntries(Object.entries(fields).map(([field, text]) => [field, fit(text, DRAFT_TEXT_MAX[field as DraftTextField])])) as Record<DraftTextField, string>;
}

export function generateDraft(request: DraftRequest, library: readonly AiUseCaseRow[]): GeneratedDraft {
  const industry = capitalise(collapse(request.industry));
  const businessFunction = capitalise(collapse(request.businessFunction));
  const team = midSentence(businessFunction);
  const data = withoutFinalStop(collapse(request.dataAvailable)) || NO_DATA;
  const technique = chooseTechnique(request);

  const draft: UseCaseDraft = {
    ...fitAll({
      title: `${technique.titleLead} for ${businessFunction} in ${industry}`,
      description: `Uses ${lowerWords(technique.label)} on ${midSentence(data)} to help ${team} in ${industry} ${technique.purpose}.`,
      industry,
      domain: businessFunction,
      business_function: businessFunction,
      problem_statement: sentence(request.problem),
      value_proposition:
        `${technique.benefit}. For ${team} in ${industry}, the pilot is judged on the problem described above: ` +
        'the time it takes, the errors and the waiting, compared with today\'s process.',
      solution_summary:
        `The model, ${lowerWords(technique.model)}, is trained on ${midSentence(data)}. It ${technique.action}. ` +
        `The ${team} team receives ${lowerWords(technique.output)} in the tools it already uses, and a person reviews decisions before they take effect. ` +
        `Start with a 90-day pilot in one ${team} team, compare the results with today's process, then widen it.`,
      ai_technique: technique.label,
      model_type: technique.model,
      input_data_type: capitalise(data),
      output_type: technique.output,
      challenges_risks:
        `${technique.risk} The results are only as good as ${midSentence(data)}: check its quality, coverage and permissions ` +
        `(privacy and consent) before training, and plan how ${team} staff will learn to work with the new tool.`,
    }),
    tags: tagsFor({ ...request, industry, businessFunction }, technique),
    adoption_level: technique.adoption,
  };
  // The closest library cases are listed beside the draft to compare with; none of their words is in it.
  const closest = closestUseCases(request, library).map((scored) => scored.row);
  return { draft, basedOn: closest.map((row) => ({ id: row.id, title: row.title })) };
}
