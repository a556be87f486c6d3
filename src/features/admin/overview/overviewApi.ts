// The admin overview's server calls: one masterclass's analytics and the bulk
// invitation run for its attendees (pb_hooks/lib/admin/analytics.js,
// lib/bulk-invitations.js). Each takes the masterclass's id, or none for the
// featured one (the server's default).
import { ClientResponseError } from 'pocketbase';
import { pb } from '@/lib/pocketbase';
import { UNEXPECTED_ERROR } from '@/lib/apiErrors';
import { PREFETCH, takePrefetched } from '../shell/prefetched';

export interface LabelCount {
  label: string;
  count: number;
}

export interface DayCounts {
  date: string;
  paid: number;
  promo: number;
  waitlist: number;
}

/** The event's phase (src/lib/eventPhase.ts, the server's lib/events/phase.js). */
export type AnalyticsPhase = 'scheduled' | 'on_sale' | 'sold_out' | 'closed' | 'happening' | 'past' | 'cancelled';

export interface EventAnalytics {
  event: {
    id: string;
    title: string;
    timezone: string;
    startsAt: string;
    endsAt: string;
    phase: AnalyticsPhase;
    /** the event's day in its own zone: still to come, today (the door's day) or gone */
    doorDay: 'before' | 'today' | 'after';
  };
  seats: { capacity: number; taken: number; held: number; left: number; observers: number };
  /** refunded: the refunds not failed (made, or pendingRefunds of them still being made); net = gross − refunded */
  revenue: { currency: string; grossCents: number; refundedCents: number; netCents: number; pendingRefundsCents: number; failedRefundsCents?: number };
  registrationsPerDay: DayCounts[];
  attendeesByRole: LabelCount[];
  attendeesByUtmSource: LabelCount[];
  attendeesByUtmMedium: LabelCount[];
  attendees: number;
  waitlist: number;
  /** the waitlisted who confirmed their address */
  waitlistConfirmed: number;
  /** attendees let in at the door (the server's count of attendees.checked_in_at) of those holding a ticket */
  checkIns: { checkedIn: number; expected: number };
  invitationsSent: number;
  invitationsPending: number;
  accountsCreated: number;
  tools: { assessmentsCompleted: number; assessmentUsers: number; businessCases: number; businessCaseUsers: number };
  generatedAt: string;
}

export interface InvitationBatch {
  sent: number;
  failed: number;
  skipped: number;
  remaining: number;
  after: string;
  failures: { attendeeId: string; email: string; error: string }[];
}

/** The server's message for a refused call, or the spec's fallback. */
export function failureMessage(error: unknown): string {
  if (error instanceof ClientResponseError) {
    const message = error.response?.message;
    if (typeof message === 'string' && message.trim() && error.status !== 0) return message;
    if (error.status === 0) return 'The server could not be reached. Check the connection and try again.';
  }
  return UNEXPECTED_ERROR;
}

const eventQuery = (event: string | undefined) => (event ? { event } : {});

export function fetchAnalytics(event: string | undefined, signal?: AbortSignal): Promise<EventAnalytics> {
  return pb.send<EventAnalytics>('/api/masterclass/admin/analytics', { method: 'GET', query: eventQuery(event), signal, requestKey: null });
}

export async function fetchPendingInvitations(event: string | undefined): Promise<number> {
  const answer = await pb.send<{ pending: number }>('/api/masterclass/attendees/invitations/pending', { method: 'GET', query: eventQuery(event), requestKey: null });
  return answer.pending;
}

export function sendInvitationBatch(event: string | undefined, after: string, batchSize: number): Promise<InvitationBatch> {
  return pb.send<InvitationBatch>('/api/masterclass/attendees/invitations', {
    method: 'POST',
    body: { ...eventQuery(event), after, batchSize },
    requestKey: null,
  });
}

export async function readUseCaseCount(): Promise<number> {
  return (await pb.collection('ai_use_cases').getList(1, 1, { fields: 'id', requestKey: null })).totalItems;
}

/** The library's size as the overview opens: the request started when its link was pressed, if there was one (shell/adminPrefetch.ts). */
export const countUseCases = () => takePrefetched(PREFETCH.useCaseCount, readUseCaseCount);

/** A sign-in limit's decision (security_events, written by pb_hooks/lib/accounts/sign-in-limits.js). */
export interface SecurityEvent {
  id: string;
  kind: 'sign_in_locked' | 'sign_in_slowed';
  collection: string;
  account: string;
  client: string;
  until: string;
  failures: number;
  created: string;
}

/** The days and the number of lock-outs the overview lists. */
export const LOCKOUT_DAYS = 14;
export const LOCKOUT_LIMIT = 20;

/** The latest lock-outs of the last LOCKOUT_DAYS days, newest first (administrators only). */
export async function fetchLockouts(signal?: AbortSignal, now = new Date()): Promise<SecurityEvent[]> {
  const since = new Date(now.getTime() - LOCKOUT_DAYS * 86_400_000).toISOString().replace('T', ' ');
  const page = await pb.collection('security_events').getList<SecurityEvent>(1, LOCKOUT_LIMIT, {
    filter: pb.filter('created >= {:since}', { since }),
    sort: '-created',
    signal,
    requestKey: null,
  });
  return page.items;
}
