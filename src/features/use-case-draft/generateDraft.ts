// The generator that runs on this device, offline and by default: a complete
// draft in the library's structure from what the attendee described, grounded
// in the closest library cases. A pure function: the same request and library
// always give the same draft.
import type { AiUseCaseRow } from '@/db';
import { closestUseCases, sameText } from './closestUseCases';
import { DRAFT_TEXT_MAX, TAG_MAX, type AdoptionLevel, type BasedOnCase, type DraftRequest, type DraftTextField, type UseCaseDraft } from './draftSchema';
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
const firstSentence = (text: string) => collapse(text).match(/^.*?[.!?](\s|$)/)?.[0].trim() ?? collapse(text);

/** Cuts at a word boundary with an ellipsis when over `max`. */
function fit(text: string, max: number): string {
  const clean = collapse(text);
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}

/** A technique read from a library case, for when the problem names no known one. */
function techniqueOf(row: AiUseCaseRow): Technique {
  const label = collapse(row.ai_technique ?? '');
  return {
    ...DEFAULT_TECHNIQUE,
    label,
    titleLead: label,
    cues: [],
    purpose: 'work faster and more consistently',
    action: `applies ${lowerWords(label)} to the problem, as in similar cases in the library`,
    model: collapse(row.model_type ?? '') || DEFAULT_TECHNIQUE.model,
    output: collapse(row.output_type ?? '') || DEFAULT_TECHNIQUE.output,
    benefit: 'The team saves time on routine work and decisions become more consistent',
    tags: [],
    adoption: row.adoption_level || DEFAULT_TECHNIQUE.adoption,
  };
}

function chooseTechnique(request: DraftRequest, closest: readonly AiUseCaseRow[]): Technique {
  const fromProblem = techniqueFor(request.problem, request.dataAvailable);
  if (fromProblem) return fromProblem;
  const top = closest[0];
  return top && collapse(top.ai_technique ?? '') ? techniqueOf(top) : DEFAULT_TECHNIQUE;
}

/** The adoption level most of the closest cases share (ties: the closer case's); the technique's without any. */
function adoptionLevel(closest: readonly AiUseCaseRow[], technique: Technique): AdoptionLevel {
  const counts = new Map<AdoptionLevel, number>();
  for (const row of closest) if (row.adoption_level) counts.set(row.adoption_level, (counts.get(row.adoption_level) ?? 0) + 1);
  let best: AdoptionLevel | null = null;
  for (const [level, count] of counts) if (best === null || count > (counts.get(best) ?? 0)) best = level;
  return best ?? technique.adoption;
}

function tagsFor(request: DraftRequest, technique: Technique, closest: readonly AiUseCaseRow[]): string[] {
  const fromLibrary = closest.flatMap((row) => (Array.isArray(row.tags) ? row.tags.filter((tag): tag is string => typeof tag === 'string') : []));
  const candidates = [...technique.tags, request.industry, request.businessFunction, ...fromLibrary];
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
  const data = withoutFinalStop(collapse(request.dataAvailable)) || NO_DATA;
  const closest = closestUseCases(request, library).map((scored) => scored.row);
  const top = closest[0];
  const technique = chooseTechnique(request, closest);
  const grounding = top ? ` In the library, “${top.title}” reports: ${firstSentence(top.value_proposition ?? '') || sentence(top.description ?? '')}` : '';
  const approach = top ? ` The approach follows “${top.title}” and adapts it to ${midSentence(businessFunction)} in ${industry}.` : '';
  const lesson = top && top.challenges_risks ? ` Similar cases also note: ${firstSentence(top.challenges_risks)}` : '';

  const draft: UseCaseDraft = {
    ...fitAll({
      title: `${technique.titleLead} for ${businessFunction} in ${industry}`,
      description: `Uses ${lowerWords(technique.label)} on ${midSentence(data)} to help ${midSentence(businessFunction)} in ${industry} ${technique.purpose}.`,
      industry,
      domain: top && sameText(top.industry ?? '', industry) && collapse(top.domain ?? '') ? collapse(top.domain) : businessFunction,
      business_function: businessFunction,
      problem_statement: sentence(request.problem),
      value_proposition: `${technique.benefit}.${grounding}`,
      solution_summary:
        `The model, ${lowerWords(technique.model)}, is trained on ${midSentence(data)}. It ${technique.action}. ` +
        `The ${midSentence(businessFunction)} team receives ${lowerWords(technique.output)} in the tools it already uses, and a person reviews decisions before they take effect. ` +
        `Start with a 90-day pilot in one team, compare the results with today's process, then widen it.${approach}`,
      ai_technique: technique.label,
      model_type: technique.model,
      input_data_type: capitalise(data),
      output_type: technique.output,
      challenges_risks:
        `${technique.risk} The results are only as good as ${midSentence(data)}: check its quality, coverage and permissions ` +
        `(privacy and consent) before training, and plan how staff will learn to work with the new tool.${lesson}`,
    }),
    tags: tagsFor({ ...request, industry, businessFunction }, technique, closest),
    adoption_level: adoptionLevel(closest, technique),
  };
  return { draft, basedOn: closest.map((row) => ({ id: row.id, title: row.title })) };
}
