// The Event & Promo Codes page's calls: every event (drafts too), the chosen
// event's record and public summary (seats left), the promo codes, creating
// the next masterclass (a draft copied from the featured one) and publishing
// it, through PocketBase's record API and POST /api/masterclass/admin/events/next. The server refuses what an administrator may not write
// (pb_hooks/admin-event.pb.js); this file only reads its answers.
import { ClientResponseError } from 'pocketbase';
import type { EventRow, SalesState } from '@/db';
import { pb } from '@/lib/pocketbase';
import { Collections } from '@/lib/collections';
import { UNEXPECTED_ERROR, fieldMessages } from '@/lib/apiErrors';

export interface PromoCodeRow {
  id: string;
  code: string;
  event: string;
  max_uses: number;
  used_count: number;
  expires_at: string;
  active: boolean;
  created: string;
  /** What the code gives (empty: free, as codes made before discounts); see promoStatus.ts promoGives. */
  kind?: PromoKind | '';
  percent_off?: number;
  amount_off_cents?: number;
  /** The fewest and most seats per order (0: no limit); uses count seats. */
  min_seats?: number;
  max_seats?: number;
}

export type PromoKind = 'free' | 'percent' | 'amount';

/** An event as administrators read it: drafts have `published` false. */
export type AdminEventRow = EventRow & { published?: boolean };

/** What GET /api/masterclass/event says about seats and the state visitors see. */
export interface EventSeats {
  id: string;
  capacity: number;
  seats_left: number;
  sales_state: SalesState;
}

/** The new dates of the next masterclass (stored form, UTC). */
export interface NextEventDates {
  starts_at: string;
  ends_at: string;
}

export type EventPatch = Pick<
  EventRow,
  'title' | 'starts_at' | 'ends_at' | 'location' | 'venue' | 'capacity' | 'price_cents' | 'sales_state' | 'portal_unlock_at'
> & { sales_open_at?: string };

export interface NewPromoCode {
  code: string;
  max_uses: number;
  expires_at: string;
  kind: PromoKind;
  percent_off: number;
  amount_off_cents: number;
  min_seats: number;
  max_seats: number;
}

/** A refused or failed request: the server's message and its messages per field. */
export interface SaveFailure {
  message: string;
  fields: Record<string, string>;
}

export function saveFailure(error: unknown): SaveFailure {
  if (error instanceof ClientResponseError) {
    const fields = fieldMessages(error.response?.data);
    const message = typeof error.response?.message === 'string' && error.response.message.trim() ? error.response.message : UNEXPECTED_ERROR;
    if (error.status === 0) return { message: 'The server could not be reached. Check the connection and try again.', fields };
    return { message, fields };
  }
  return { message: UNEXPECTED_ERROR, fields: {} };
}

/** Every event, drafts included, the latest start first. */
export const fetchEvents = () => pb.collection(Collections.events).getFullList<AdminEventRow>({ sort: '-starts_at,-created' });

/**
 * The reads an admin screen's first load asks for ahead of time (shell/adminPrefetch.ts):
 * the same requests, never cancelled by the SDK when another request of the same path starts.
 */
export const aheadOfTime = {
  events: () => pb.collection(Collections.events).getFullList<AdminEventRow>({ sort: '-starts_at,-created', requestKey: null }),
  /** The featured event's summary with its seats; null when none is published. */
  featuredSummary: () => pb.send<EventSeats>('/api/masterclass/event', { method: 'GET', requestKey: null }).catch(() => null),
  promoCodes: (eventId: string) =>
    pb.collection(Collections.promoCodes).getFullList<PromoCodeRow>({ filter: pb.filter('event = {:eventId}', { eventId }), sort: '-created', requestKey: null }),
};

/** The featured event's summary (no id), or the named event's. */
export const fetchEventSeats = (eventId?: string) =>
  pb.send<EventSeats>('/api/masterclass/event', { method: 'GET', query: eventId ? { event: eventId } : {} });

export const saveEvent = (id: string, patch: EventPatch) => pb.collection(Collections.events).update<AdminEventRow>(id, patch);

export const setEventPublished = (id: string, published: boolean) =>
  pb.collection(Collections.events).update<AdminEventRow>(id, { published });

/** A draft copied from the featured event with these dates; answers the new event's id. */
export const createNextEvent = (dates: NextEventDates) =>
  pb.send<{ id: string }>('/api/masterclass/admin/events/next', { method: 'POST', body: dates });

export const fetchPromoCodes = (eventId: string) =>
  pb.collection(Collections.promoCodes).getFullList<PromoCodeRow>({ filter: pb.filter('event = {:eventId}', { eventId }), sort: '-created' });

export const createPromoCode = (eventId: string, code: NewPromoCode) =>
  pb.collection(Collections.promoCodes).create<PromoCodeRow>({ ...code, event: eventId, active: true });

export const setPromoCodeActive = (id: string, active: boolean) =>
  pb.collection(Collections.promoCodes).update<PromoCodeRow>(id, { active });
