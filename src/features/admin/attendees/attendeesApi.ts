// The admin attendee list and writes over PocketBase: the records API on
// `attendees` (administrators only; the server refuses everyone else and
// checks every edit and delete, pb_hooks/lib/admin-attendees.js), the
// invitation route and the CSV export route.
import { ClientResponseError, type RecordModel } from 'pocketbase';
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

const FIELDS = [
  'id', 'full_name', 'email', 'company', 'job_title', 'role', 'phone_number', 'dietary_requirements', 'registration_status',
  'invitation_sent', 'invitation_sent_at', 'marketing_consent', 'privacy_consent', 'user', 'created', 'expand.user.role',
].join(',');

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function toAttendee(record: RecordModel): AdminAttendee {
  return {
    id: record.id,
    full_name: text(record.full_name),
    email: text(record.email),
    company: text(record.company),
    job_title: text(record.job_title),
    role: text(record.role),
    phone_number: text(record.phone_number),
    dietary_requirements: text(record.dietary_requirements),
    registration_status: text(record.registration_status),
    invitation_sent: record.invitation_sent === true,
    invitation_sent_at: text(record.invitation_sent_at),
    marketing_consent: record.marketing_consent === true,
    privacy_consent: record.privacy_consent === true,
    user: text(record.user),
    user_role: text((record.expand?.user as RecordModel | undefined)?.role),
    created: text(record.created),
  };
}

/** The list filter: each non-empty filter a case-insensitive contains, all together. */
export function listFilter(filters: AttendeeFilters): string {
  const parts: string[] = [];
  const name = filters.name.trim();
  const email = filters.email.trim();
  const company = filters.company.trim();
  if (name) parts.push(pb.filter('full_name ~ {:name}', { name }));
  if (email) parts.push(pb.filter('email ~ {:email}', { email }));
  if (company) parts.push(pb.filter('company ~ {:company}', { company }));
  return parts.join(' && ');
}

export async function listAttendees(query: AttendeeQuery): Promise<AttendeePage> {
  const result = await pb.collection('attendees').getList(query.page, query.perPage, {
    filter: listFilter(query.filters),
    sort: sortParam(query.sort),
    expand: 'user',
    fields: FIELDS,
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

/** The CSV of every attendee matching the filters, in the table's order, as the server writes it. */
export async function exportAttendeesCsv(filters: AttendeeFilters, sort?: { id: string; desc: boolean }): Promise<{ blob: Blob; fileName: string }> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value.trim()) params.set(key, value.trim());
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
