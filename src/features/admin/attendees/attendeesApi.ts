// The admin attendee list and writes over PocketBase: the list route
// (administrators only, one page of one masterclass's attendees with its count
// and each account's role, pb_hooks/lib/admin/attendee-list.js), the records API on `attendees` for
// edits and deletes (the server refuses everyone else and checks every edit
// and delete, pb_hooks/lib/admin/attendees.js), the invitation route and the
// CSV export route.
import { ClientResponseError } from 'pocketbase';
import { pb } from '@/lib/pocketbase';
import { UNEXPECTED_ERROR } from '@/lib/apiErrors';
import { downloadName, sortParam } from './attendeeView';

export interface AdminAttendee {
  id: string;
  full_name: string;
  email: string;
  company: string;
  job_title: string;
  role: string;
  phone_number: string;
  dietary_requirements: string;
  registration_status: string;
  invitation_sent: boolean;
  invitation_sent_at: string;
  marketing_consent: boolean;
  privacy_consent: boolean;
  /** The linked account's id, '' before sign-up. */
  user: string;
  /** The linked account's role, '' without an account. */
  user_role: string;
  created: string;
}

/** What the 'Edit Attendee' form saves. */
export interface AttendeeEdit {
  full_name: string;
  email: string;
  company: string;
  job_title: string;
  role: string;
  phone_number: string;
  dietary_requirements: string;
  marketing_consent: boolean;
  privacy_consent: boolean;
}

export interface AttendeeFilters {
  name: string;
  email: string;
  company: string;
}

export interface AttendeeQuery {
  /** The masterclass's id; without it the server lists the featured one's attendees. */
  event?: string;
  page: number;
  perPage: number;
  filters: AttendeeFilters;
  sort?: { id: string; desc: boolean };
}

export interface AttendeePage {
  items: AdminAttendee[];
  totalItems: number;
  totalPages: number;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** An item of the list route, as its JSON holds it. */
function toAttendee(item: Record<string, unknown>): AdminAttendee {
  return {
    id: text(item.id),
    full_name: text(item.full_name),
    email: text(item.email),
    company: text(item.company),
    job_title: text(item.job_title),
    role: text(item.role),
    phone_number: text(item.phone_number),
    dietary_requirements: text(item.dietary_requirements),
    registration_status: text(item.registration_status),
    invitation_sent: item.invitation_sent === true,
    invitation_sent_at: text(item.invitation_sent_at),
    marketing_consent: item.marketing_consent === true,
    privacy_consent: item.privacy_consent === true,
    user: text(item.user),
    user_role: text(item.user_role),
    created: text(item.created),
  };
}

/** The masterclass as the list and export routes take it: `event`, or nothing for the featured one. */
export function eventParam(event: string | undefined): Record<string, string> {
  return event ? { event } : {};
}

/**
 * The filters as the list and export routes take them: each non-empty one
 * (trimmed) a case-insensitive contains, all together (the server's
 * `likeOperand`, as PocketBase's `~`).
 */
export function filterParams(filters: AttendeeFilters): Record<string, string> {
  const params: Record<string, string> = {};
  for (const key of ['name', 'email', 'company'] as const) {
    const value = filters[key].trim();
    if (value) params[key] = value;
  }
  return params;
}

interface ListAnswer {
  items: Record<string, unknown>[];
  totalItems: number;
  totalPages: number;
}

export async function listAttendees(query: AttendeeQuery): Promise<AttendeePage> {
  const result = await pb.send<ListAnswer>('/api/masterclass/attendees', {
    query: { ...eventParam(query.event), page: query.page, perPage: query.perPage, sort: sortParam(query.sort), ...filterParams(query.filters) },
  });
  return { items: result.items.map(toAttendee), totalItems: result.totalItems, totalPages: result.totalPages };
}

export async function updateAttendee(id: string, values: AttendeeEdit): Promise<void> {
  await pb.collection('attendees').update(id, values);
}

export async function deleteAttendee(id: string): Promise<void> {
  await pb.collection('attendees').delete(id);
}

export async function sendInvitation(id: string): Promise<void> {
  await pb.send(`/api/masterclass/attendees/${encodeURIComponent(id)}/invitation`, { method: 'POST' });
}

/** What a refused request said, for a toast or a dialog. */
export function failureDetail(error: unknown): string {
  if (error instanceof ClientResponseError) {
    const message = error.response?.message;
    if (typeof message === 'string' && message.trim()) return message;
    if (error.status === 0) return 'The server could not be reached.';
  }
  return UNEXPECTED_ERROR;
}

/** The field messages of a refused edit ({} for any other failure). */
export function fieldFailures(error: unknown): Partial<Record<keyof AttendeeEdit, string>> {
  if (!(error instanceof ClientResponseError)) return {};
  const result: Record<string, string> = {};
  for (const [field, detail] of Object.entries((error.response?.data ?? {}) as Record<string, { message?: unknown }>)) {
    if (typeof detail?.message === 'string') result[field] = detail.message;
  }
  return result;
}

export class ExportFailed extends Error {}

/** The CSV of every attendee of the masterclass matching the filters, in the table's order, as the server writes it. */
export async function exportAttendeesCsv(
  event: string | undefined,
  filters: AttendeeFilters,
  sort?: { id: string; desc: boolean },
): Promise<{ blob: Blob; fileName: string }> {
  const params = new URLSearchParams({ ...eventParam(event), ...filterParams(filters) });
  params.set('sort', sortParam(sort));
  const response = await fetch(pb.buildURL(`/api/masterclass/attendees.csv?${params.toString()}`), {
    headers: { Authorization: pb.authStore.token },
  });
  if (!response.ok) {
    let detail = '';
    try {
      detail = ((await response.json()) as { message?: string }).message ?? '';
    } catch {
      // not JSON
    }
    throw new ExportFailed(detail || `HTTP ${response.status}`);
  }
  return { blob: await response.blob(), fileName: downloadName(response.headers.get('Content-Disposition')) };
}
