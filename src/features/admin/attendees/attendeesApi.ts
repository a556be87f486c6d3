// The admin attendee list and writes over PocketBase: the list route
// (administrators only, one page of one masterclass's attendees with its count,
// the status chips' counts and each account's role, pb_hooks/lib/admin/attendee-list.js), the records API on `attendees` for
// edits and deletes (the server refuses everyone else and checks every edit
// and delete, pb_hooks/lib/admin/attendees.js), the invitation route, the
// CSV export route, and the everyday actions: adding a person by hand,
// resending a ticket (pb_hooks/lib/admin/manual-attendee.js) and offering a
// waitlisted person a seat (the waitlist's route).
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
  /** The masterclass's id. */
  event: string;
  /** A waitlisted person has confirmed their address (only they are offered seats). */
  waitlist_confirmed: boolean;
  /** Until when an open seat offer runs ('' for none). */
  open_offer_expires_at: string;
  /** The first check-in at the door not undone ('' for none). */
  checked_in_at: string;
  /** What the attendee's seat paid, in cents: its own price (0 once passed to a colleague, who holds it now). */
  amount_paid_cents: number;
  currency: string;
  /** paid, promo, waitlist, or manual (added by hand). */
  registration_kind: string;
  /** For one added by hand: complimentary or paid_elsewhere. */
  manual_basis: string;
  added_reason: string;
  /** Who added them by hand (name or email), '' otherwise. */
  added_by: string;
  /** Their own refunds not failed, in cents, and the latest one's status ('' for none). */
  refund_cents: number;
  refund_status: string;
  /** Refunds of their whole registration (a payment that bought no seat), in cents. */
  order_refund_cents: number;
  /** The colleague this seat was passed to ('' when it was not): the price and any refund are theirs. */
  transferred_to: string;
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

/** The status chips (pb_hooks/lib/admin/attendee-list.js statusConditions), in the order the page shows them. */
export const STATUS_CHIPS = ['confirmed', 'observer', 'waitlisted', 'cancelled', 'transferred', 'checked_in', 'refunded'] as const;
export type StatusChip = (typeof STATUS_CHIPS)[number];

/** What the list shows: one search (name, email, company or ticket code) and one status chip ('' for every status). */
export interface AttendeeFilters {
  q: string;
  status: StatusChip | '';
}

/** Each chip's count for the masterclass and the search (`all`: every status). */
export type StatusCounts = Record<StatusChip | 'all', number>;

export const NO_COUNTS: StatusCounts = { all: 0, confirmed: 0, observer: 0, waitlisted: 0, cancelled: 0, transferred: 0, checked_in: 0, refunded: 0 };

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
  /** The rows of the chosen chip (every row without one). */
  totalItems: number;
  totalPages: number;
  counts: StatusCounts;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const cents = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

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
    event: text(item.event),
    waitlist_confirmed: item.waitlist_confirmed === true,
    open_offer_expires_at: text(item.open_offer_expires_at),
    checked_in_at: text(item.checked_in_at),
    amount_paid_cents: cents(item.amount_paid_cents),
    currency: text(item.currency) || 'AUD',
    registration_kind: text(item.registration_kind),
    manual_basis: text(item.manual_basis),
    added_reason: text(item.added_reason),
    added_by: text(item.added_by),
    refund_cents: cents(item.refund_cents),
    refund_status: text(item.refund_status),
    order_refund_cents: cents(item.order_refund_cents),
    transferred_to: text(item.transferred_to),
  };
}

/** The masterclass as the list and export routes take it: `event`, or nothing for the featured one. */
export function eventParam(event: string | undefined): Record<string, string> {
  return event ? { event } : {};
}

/**
 * The search and chip as the list and export routes take them: `q` (trimmed;
 * every word in the name, email or company, ignoring accents and letter case
 * in any script, or a ticket code with or without its spaces and dashes) and
 * `status`, each only when set (pb_hooks/lib/admin/attendee-list.js).
 */
export function filterParams(filters: AttendeeFilters): Record<string, string> {
  const params: Record<string, string> = {};
  const q = filters.q.trim();
  if (q) params.q = q;
  if (filters.status) params.status = filters.status;
  return params;
}

/** The counts of the answer, each a whole number (0 when missing). */
function countsOf(value: unknown): StatusCounts {
  const counts = (value ?? {}) as Record<string, unknown>;
  return Object.fromEntries(Object.keys(NO_COUNTS).map((key) => [key, cents(counts[key])])) as StatusCounts;
}

interface ListAnswer {
  items: Record<string, unknown>[];
  totalItems: number;
  totalPages: number;
  counts?: Record<string, unknown>;
}

/** What Manage Attendees first asks for: page 1 of everyone, newest first (`event` undefined: the featured masterclass). */
export const firstAttendeeQuery = (event: string | undefined, perPage: number): AttendeeQuery => ({ event, page: 1, perPage, filters: { q: '', status: '' } });

/** Whether `query` is that first one (its answer may already be on its way: shell/adminPrefetch.ts). */
export const isFirstAttendeeQuery = (query: AttendeeQuery, perPage: number): boolean =>
  query.page === 1 && query.perPage === perPage && !query.filters.q.trim() && !query.filters.status && !query.sort;

/** `requestKey: null` for a request another may not cancel (a prefetch). */
export async function listAttendees(query: AttendeeQuery, requestKey?: null): Promise<AttendeePage> {
  const result = await pb.send<ListAnswer>('/api/masterclass/attendees', {
    query: { ...eventParam(query.event), page: query.page, perPage: query.perPage, sort: sortParam(query.sort), ...filterParams(query.filters) },
    ...(requestKey === null ? { requestKey: null } : {}),
  });
  return { items: result.items.map(toAttendee), totalItems: result.totalItems, totalPages: result.totalPages, counts: countsOf(result.counts) };
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

/** What 'Add attendee' sends (pb_hooks/lib/admin/manual-attendee.js). */
export interface ManualAttendee {
  event?: string;
  fullName: string;
  email: string;
  company: string;
  jobTitle: string;
  phoneNumber: string;
  role: string;
  dietaryRequirements: string;
  basis: 'complimentary' | 'paid_elsewhere';
  amountCents?: number;
  reason: string;
  /** What to do when no seat is free; without it a full masterclass refuses. */
  whenFull?: 'observer' | 'waitlist';
}

export interface AddedAttendee {
  attendee: { id: string; full_name: string; email: string; registration_status: string };
  placed: 'seat' | 'observer' | 'waitlist';
  emailWarning: boolean;
}

export function addAttendee(values: ManualAttendee): Promise<AddedAttendee> {
  return pb.send<AddedAttendee>('/api/masterclass/admin/attendees', { method: 'POST', body: values });
}

/** The confirmation with the attendee's current ticket, again: sent, captured (no mail server) or queued for a retry. */
export function resendTicket(id: string): Promise<{ email: { to: string; status: string } }> {
  return pb.send(`/api/masterclass/admin/attendees/${encodeURIComponent(id)}/resend-ticket`, { method: 'POST' });
}

/** Offers a waitlisted person a free seat now (the waitlist's own route, pb_hooks/lib/waitlist/offer-admin.js). */
export function offerSeat(eventId: string, attendeeId: string): Promise<{ offer: { expires_at: string } }> {
  return pb.send(`/api/masterclass/admin/waitlist/${encodeURIComponent(eventId)}/offer`, { method: 'POST', body: { attendeeId } });
}

/** Whether a refusal carries this code on any field (e.g. 'no_seat'). */
export function refusalCode(error: unknown): string {
  if (!(error instanceof ClientResponseError)) return '';
  const data = (error.response?.data ?? {}) as Record<string, { code?: unknown }>;
  for (const detail of Object.values(data)) {
    if (typeof detail?.code === 'string') return detail.code;
  }
  return '';
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

/** The CSV of every attendee of the masterclass matching the search and chip (everyone without), in the table's order, as the server writes it. */
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
