// The waitlist of one masterclass for administrators: its queue, its seat
// offers, offering a free seat by hand and skipping a person
// (/api/masterclass/admin/waitlist/{eventId}, pb_hooks/lib/waitlist/offer-admin.js),
// and the masterclass's claim window (events.waitlist_claim_hours). The
// server decides everything; this file only reads its answers.
import { pb } from '@/lib/pocketbase';
import { Collections } from '@/lib/collections';

export interface WaitingPerson {
  attendee_id: string;
  full_name: string;
  email: string;
  waiting_since: string;
}

export type OfferStatus = 'open' | 'claimed' | 'declined' | 'expired' | 'skipped';

export interface AdminOffer {
  id: string;
  status: OfferStatus;
  attendee_id: string;
  email: string;
  full_name: string;
  offered_at: string;
  expires_at: string;
  ended_at: string;
  trigger: string;
  by_administrator: boolean;
  note: string;
  registration: string;
  /** The person is paying for the seat right now (their checkout holds it). */
  in_checkout: boolean;
}

export interface WaitlistAdmin {
  event: {
    id: string;
    capacity: number;
    seats_taken: number;
    seats_free: number;
    claim_hours: number;
    /** The masterclass's own setting (0: the default). */
    waitlist_claim_hours: number;
    default_claim_hours: number;
    /** Why no seat is offered now ('' when seats are offered). */
    offers_paused: string;
  };
  /** The waitlist's entries by whether their address is confirmed (only confirmed ones are offered seats). */
  counts: { confirmed: number; unconfirmed: number };
  /** hold_limit: passed over for now, their address ('email') or connection ('client') holds too many seats. */
  queue: (WaitingPerson & { position: number; hold_limit: '' | 'email' | 'client' })[];
  left: (WaitingPerson & { reason: 'offered' | 'unsubscribed' | 'seated' | 'duplicate' | 'unconfirmed' })[];
  offers: AdminOffer[];
}

const path = (eventId: string, action = '') => `/api/masterclass/admin/waitlist/${encodeURIComponent(eventId)}${action}`;

export const fetchWaitlist = (eventId: string) => pb.send<WaitlistAdmin>(path(eventId), { method: 'GET' });

export const offerSeat = (eventId: string, attendeeId: string) =>
  pb.send<{ offer: AdminOffer }>(path(eventId, '/offer'), { method: 'POST', body: { attendeeId } });

export const skipPerson = (eventId: string, attendeeId: string) =>
  pb.send<{ offer: AdminOffer }>(path(eventId, '/skip'), { method: 'POST', body: { attendeeId } });

/** 0 (or empty) means the default (WAITLIST_CLAIM_HOURS, else 24). */
export const saveClaimHours = (eventId: string, hours: number) => pb.collection(Collections.events).update(eventId, { waitlist_claim_hours: hours });

export const TRIGGER_LABELS: Record<string, string> = {
  cancellation: 'Cancellation',
  attendee_removed: 'Attendee removed',
  checkout_released: 'Checkout released',
  capacity_raised: 'Capacity raised',
  sales_reopened: 'Sales reopened',
  offer_declined: 'Offer declined',
  offer_expired: 'Offer expired',
  offer_skipped: 'Offer withdrawn',
  administrator: 'By an administrator',
  scheduled_check: 'Scheduled check',
  sales_sold_out: 'Set to Sold out',
  waitlist_confirmed: 'Address confirmed',
};

export const STATUS_LABELS: Record<OfferStatus, { label: string; color: string }> = {
  open: { label: 'Open', color: 'teal' },
  claimed: { label: 'Claimed', color: 'blue' },
  declined: { label: 'Declined', color: 'gray' },
  expired: { label: 'Expired', color: 'orange' },
  skipped: { label: 'Skipped', color: 'gray' },
};

export const LEFT_REASONS: Record<WaitlistAdmin['left'][number]['reason'], string> = {
  offered: 'Had an offer',
  unsubscribed: 'Unsubscribed',
  seated: 'Has a seat',
  duplicate: 'Second entry',
  unconfirmed: 'Email not confirmed',
};
