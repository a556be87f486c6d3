// The admin use case list and writes over PocketBase's collection API
// (ai_use_cases: administrators write; the server refuses everyone else).
// Writes reach attendees' devices through the sync: realtime events and, for
// deletes, the tombstone the server writes in the same transaction.
import type { RecordModel } from 'pocketbase';
import { pb } from '@/lib/pocketbase';
import { Collections } from '@/lib/collections';
import { DEFAULT_USE_CASE_PAGE_SIZE } from './texts';

export const ADOPTION_LEVELS = ['Emerging', 'Growing', 'Mainstream'] as const;
export type AdoptionLevel = (typeof ADOPTION_LEVELS)[number];

/** Every library field an administrator edits. */
export interface UseCaseFields {
  title: string;
  description: string;
  industry: string;
  domain: string;
  business_function: string;
  ai_technique: string;
  tags: string[];
  value_proposition: string;
  adoption_level: '' | AdoptionLevel;
  problem_statement: string;
  solution_summary: string;
  challenges_risks: string;
  model_type: string;
  input_data_type: string;
  output_type: string;
}

export interface AdminUseCase extends UseCaseFields {
  id: string;
}

export const EMPTY_USE_CASE: UseCaseFields = {
  title: '', description: '', industry: '', domain: '', business_function: '', ai_technique: '', tags: [],
  value_proposition: '', adoption_level: '', problem_statement: '', solution_summary: '', challenges_risks: '',
  model_type: '', input_data_type: '', output_type: '',
};

export interface UseCaseFilters {
  title: string;
  industry: string;
  aiTechnique: string;
}

/** Columns the table sorts by (PocketBase field names). */
export type UseCaseSortField = 'title' | 'industry' | 'ai_technique' | 'domain';

export interface UseCaseQuery {
  page: number;
  perPage: number;
  filters: UseCaseFilters;
  sort: { field: UseCaseSortField; desc: boolean };
}

/** What the table asks for when it opens: the first page, no filter, by title (adminPrefetch.ts asks for it early). */
export const FIRST_USE_CASE_QUERY: UseCaseQuery = {
  page: 1,
  perPage: DEFAULT_USE_CASE_PAGE_SIZE,
  filters: { title: '', industry: '', aiTechnique: '' },
  sort: { field: 'title', desc: false },
};

export function isFirstUseCaseQuery(query: UseCaseQuery): boolean {
  const { filters, sort } = query;
  return query.page === 1 && query.perPage === DEFAULT_USE_CASE_PAGE_SIZE && !filters.title && !filters.industry && !filters.aiTechnique
    && sort.field === 'title' && !sort.desc;
}

export interface UseCasePage {
  items: AdminUseCase[];
  totalItems: number;
  totalPages: number;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function tagList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.filter((tag): tag is string => typeof tag === 'string').map((tag) => tag.trim()).filter(Boolean);
}

function toUseCase(record: RecordModel): AdminUseCase {
  const level = text(record.adoption_level);
  return {
    id: record.id,
    title: text(record.title),
    description: text(record.description),
    industry: text(record.industry),
    domain: text(record.domain),
    business_function: text(record.business_function),
    ai_technique: text(record.ai_technique),
    tags: tagList(record.tags),
    value_proposition: text(record.value_proposition),
    adoption_level: (ADOPTION_LEVELS as readonly string[]).includes(level) ? (level as AdoptionLevel) : '',
    problem_statement: text(record.problem_statement),
    solution_summary: text(record.solution_summary),
    challenges_risks: text(record.challenges_risks),
    model_type: text(record.model_type),
    input_data_type: text(record.input_data_type),
    output_type: text(record.output_type),
  };
}

/** Case-insensitive "contains" on each filled filter (PocketBase's `~`), values bound, never spliced. */
export function filterOfUseCases(filters: UseCaseFilters): string {
  const parts: string[] = [];
  const params: Record<string, string> = {};
  const add = (field: string, key: string, value: string) => {
    if (!value.trim()) return;
    parts.push(`${field} ~ {:${key}}`);
    params[key] = value.trim();
  };
  add('title', 'title', filters.title);
  add('industry', 'industry', filters.industry);
  add('ai_technique', 'technique', filters.aiTechnique);
  return parts.length ? pb.filter(parts.join(' && '), params) : '';
}

export async function listUseCases(query: UseCaseQuery): Promise<UseCasePage> {
  // the id breaks ties, so a page never repeats or skips a row of equal titles
  const sort = `${query.sort.desc ? '-' : ''}${query.sort.field},id`;
  const result = await pb.collection(Collections.aiUseCases).getList(query.page, query.perPage, {
    filter: filterOfUseCases(query.filters),
    sort,
    requestKey: null,
  });
  return { items: result.items.map(toUseCase), totalItems: result.totalItems, totalPages: result.totalPages };
}

/** The body PocketBase stores: text trimmed, tags split at commas, trimmed and de-duplicated. */
export function bodyOfUseCase(fields: UseCaseFields): UseCaseFields {
  const trimmed = Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value]),
  ) as unknown as UseCaseFields;
  // a tag typed or pasted with commas in it is several tags
  const tags = tagList(fields.tags.flatMap((tag) => tag.split(',')));
  return { ...trimmed, tags: [...new Set(tags)] };
}

export async function createUseCase(fields: UseCaseFields): Promise<AdminUseCase> {
  return toUseCase(await pb.collection(Collections.aiUseCases).create(bodyOfUseCase(fields)));
}

export async function updateUseCase(id: string, fields: UseCaseFields): Promise<AdminUseCase> {
  return toUseCase(await pb.collection(Collections.aiUseCases).update(id, bodyOfUseCase(fields)));
}

export async function deleteUseCase(id: string): Promise<void> {
  await pb.collection(Collections.aiUseCases).delete(id);
}
