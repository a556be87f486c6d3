// The library cases closest to what the attendee described: TF-IDF over the
// words of each case's industry, business function, domain, title, problem
// and tags, compared by cosine similarity. Deterministic: equal scores are
// ordered by title, then id.
import type { AiUseCaseRow } from '@/db';
import type { DraftRequest } from './draftSchema';

const STOPWORDS = new Set(
  ('a an and are as at be been but by can could do does for from has have how if in into is it its of on or our so such ' +
    'than that the their them then there these they this those to too us was we were what when where which while who ' +
    'will with would you your more most much many very not no all any each every also about over under use using used ' +
    'need needs get gets make makes take takes lot lots some').split(' '),
);

/** Lower-case word stems, without stopwords: "Forecasting demands" → ["forecast", "demand"]. */
export function wordStems(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 1 && !STOPWORDS.has(word))
    .map(stem);
}

function stem(word: string): string {
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && word.endsWith('ed')) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

type Weighted = [text: string, weight: number][];

function termWeights(parts: Weighted): Map<string, number> {
  const weights = new Map<string, number>();
  for (const [text, weight] of parts) {
    for (const term of wordStems(text)) weights.set(term, (weights.get(term) ?? 0) + weight);
  }
  return weights;
}

const tagText = (tags: unknown) => (Array.isArray(tags) ? tags.filter((tag) => typeof tag === 'string').join(' ') : '');

function caseParts(row: AiUseCaseRow): Weighted {
  return [
    [row.industry ?? '', 2],
    [row.business_function ?? '', 2],
    [row.domain ?? '', 1],
    [row.title ?? '', 1],
    [row.problem_statement ?? '', 1],
    [row.description ?? '', 0.5],
    [tagText(row.tags), 1],
  ];
}

function requestParts(request: DraftRequest): Weighted {
  return [
    [request.industry, 2],
    [request.businessFunction, 2],
    [request.problem, 1.5],
    [request.dataAvailable, 0.5],
  ];
}

function vector(weights: Map<string, number>, idf: Map<string, number>): Map<string, number> {
  const result = new Map<string, number>();
  for (const [term, weight] of weights) result.set(term, (1 + Math.log(weight + 1)) * (idf.get(term) ?? 0));
  return result;
}

function cosine(a: Map<string, number>, b: Map<string, number>): number {
  let dot = 0;
  for (const [term, value] of a) dot += value * (b.get(term) ?? 0);
  const norm = (v: Map<string, number>) => Math.sqrt([...v.values()].reduce((sum, value) => sum + value * value, 0));
  const denominator = norm(a) * norm(b);
  return denominator > 0 ? dot / denominator : 0;
}

export interface ScoredUseCase {
  row: AiUseCaseRow;
  score: number;
}

/** Below this a case shares little more than a common word with the request. */
const MIN_SCORE = 0.08;
/** A case of the very industry named counts for a little more. */
const SAME_INDUSTRY_BONUS = 0.05;

/** Code-unit order: the same on every device, whatever its language settings. */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Up to `limit` library cases most like the request, best first. */
export function closestUseCases(request: DraftRequest, library: readonly AiUseCaseRow[], limit = 3): ScoredUseCase[] {
  if (library.length === 0) return [];
  const documents = library.map((row) => termWeights(caseParts(row)));
  const documentFrequency = new Map<string, number>();
  for (const weights of documents) for (const term of weights.keys()) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  const idf = new Map<string, number>();
  for (const [term, count] of documentFrequency) idf.set(term, Math.log((library.length + 1) / (count + 1)) + 1);
  const query = vector(termWeights(requestParts(request)), idf);
  return library
    .map((row, index) => {
      const similarity = cosine(query, vector(documents[index] ?? new Map(), idf));
      const bonus = similarity > 0 && sameText(row.industry ?? '', request.industry) ? SAME_INDUSTRY_BONUS : 0;
      return { row, score: similarity + bonus };
    })
    .filter((scored) => scored.score >= MIN_SCORE)
    .sort((a, b) => b.score - a.score || compareText(a.row.title, b.row.title) || compareText(a.row.id, b.row.id))
    .slice(0, limit);
}
