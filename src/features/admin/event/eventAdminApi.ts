// The Event & Promo Codes page's calls: the event record and its public
// summary (seats left), and the promo codes, all through PocketBase's record
// API. The server refuses what an administrator may not write
// (pb_hooks/admin-event.pb.js); this file only reads its answers.
import { ClientResponseError } from 'pocketbase';
import type { EventRow, SalesState } from '@/db';
import { pb } from '@/lib/pocketbase';
import { Collections, EVENT_SLUG } from '@/lib/collections';
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
}

/** What GET /api/masterclass/event says about seats and the state visitors see. */
export interface EventSeats {
  capacity: number;
  seats_left: number;
  sales_state: SalesState;
}

export type EventPatch = Pick<
  EventRow,
  'title' | 'starts_at' | 'ends_at' | 'location' | 'venue' | 'capacity' | 'price_cents' | 'sales_state' | 'portal_unlock_at'
>;

export interface NewPromoCode {
  code: string;
  max_uses: number;
  expires_at: string;
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

export const fetchEvent = () =>
  pb.collection(Collections.events).getFirstListItem<EventRow>(pb.filter('slug = {:slug}', { slug: EVENT_SLUG }));

export const fetchEventSeats = () => pb.send<EventSeats>('/api/masterclass/event', { method: 'GET' });

export const saveEvent = (id: string, patch: EventPatch) => pb.collection(Collections.events).update<EventRow>(id, patch);

export const fetchPromoCodes = (eventId: string) =>
  pb.collection(Collections.promoCodes).getFullList<PromoCodeRow>({ filter: pb.filter('event = {:eventId}', { eventId }), sort: '-created' });

export const createPromoCode = (eventId: string, code: NewPromoCode) =>
  pb.collection(Collections.promoCodes).create<PromoCodeRow>({ ...code, event: eventId, active: true });

export const setPromoCodeActive = (id: string, active: boolean) =>
  pb.collection(Collections.promoCodes).update<PromoCodeRow>(id, { active });
