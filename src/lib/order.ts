// The buyer's order without an account (GET /api/masterclass/orders/{id}?key=…,
// pb_hooks/lib/orders/order.js): the order page and the completion page read it
// with the link's id and key, which the checkout status, the promo answer and
// the buyer's confirmation email carry. The links this tab has seen are kept
// by checkout session: the return page handles a session once (spec section
// 4, "do nothing" when it was processed), so a reload of the same tab finds
// the order's link here to show the tickets again. Tab storage only: the key
// opens the tickets, so it does not outlive the tab on a shared computer.
import { ClientResponseError } from 'pocketbase';
import { pb } from '@/lib/pocketbase';

/** The order page's link: the registration id and its key (64 hex characters). */
export interface OrderLink {
  id: string;
  key: string;
}

export const ORDER_ID_PATTERN = /^[a-z0-9]{15}$/;
export const ORDER_KEY_PATTERN = /^[0-9a-f]{64}$/;

export function isOrderLink(value: unknown): value is OrderLink {
  if (!value || typeof value !== 'object') return false;
  const { id, key } = value as Record<string, unknown>;
  return typeof id === 'string' && ORDER_ID_PATTERN.test(id) && typeof key === 'string' && ORDER_KEY_PATTERN.test(key);
}

export interface OrderTicket {
  code: string;
  /** What the QR code carries: AICM1:{eventId}:{code}. */
  payload: string;
  calendar_url: string;
}

export interface OrderAttendee {
  id: string;
  name: string;
  /** confirmed, confirmed_observer, cancelled, waitlisted, or pending (a payment not settled). */
  status: string;
  /** The attendee's current ticket; null unless the order is paid and the attendee holds one. */
  ticket: OrderTicket | null;
  /** Let in at the door (a check-in not undone); absent from servers before it was answered. */
  checked_in?: boolean;
}

export interface Order {
  id: string;
  reference: string;
  status: 'pending' | 'paid' | 'completed' | 'expired' | 'cancelled';
  /** processing: payment not settled yet; not_completed: expired or cancelled, no seats. */
  state: 'processing' | 'confirmed' | 'not_completed';
  kind: 'paid' | 'promo';
  total_amount_cents: number;
  currency: string;
  /** 'AUD 990.00', or 'Free'. */
  amount_text: string;
  refunded_cents: number;
  refund_pending_cents: number;
  /** 'AUD 495.00', as amount_text. */
  refunded_text: string;
  refund_pending_text: string;
  created: string;
  created_text: string;
  event: {
    id: string;
    title: string;
    when: string;
    date: string;
    time: string;
    venue: string;
    location: string;
    phase: string;
    starts_at: string;
    ends_at: string;
    calendar_url: string;
  };
  attendees: OrderAttendee[];
  /** The tax invoice (PDF) of a paid order, '' otherwise. */
  invoice_url: string;
}

export const orderPath = ({ id, key }: OrderLink) => `/api/masterclass/orders/${encodeURIComponent(id)}?key=${encodeURIComponent(key)}`;

/** The order page in this app, for links. */
export const orderPageHref = ({ id, key }: OrderLink) => `/order/${encodeURIComponent(id)}?key=${encodeURIComponent(key)}`;

export function fetchOrder(link: OrderLink): Promise<Order> {
  return pb.send<Order>(orderPath(link), { method: 'GET', cache: 'no-store' });
}

/** No answer at all (offline, the server unreachable): as opposed to the server saying no. */
export function gotNoAnswer(error: unknown): boolean {
  return !(error instanceof ClientResponseError) || error.status === 0;
}
const STORAGE_KEY = 'order_links';
const MAX_KEPT = 10;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

function readAll(store: Storage | null): [string, OrderLink][] {
  try {
    const parsed: unknown = JSON.parse(store?.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter((entry): entry is [string, OrderLink] => Array.isArray(entry) && typeof entry[0] === 'string' && isOrderLink(entry[1]))
      : [];
  } catch {
    return [];
  }
}

export function rememberOrderLink(sessionId: string, link: OrderLink, store: Storage | null = storage()): void {
  const kept = readAll(store).filter(([session]) => session !== sessionId);
  kept.push([sessionId, { id: link.id, key: link.key }]);
  try {
    store?.setItem(STORAGE_KEY, JSON.stringify(kept.slice(-MAX_KEPT)));
  } catch {
    // storage full or refused: the email still carries the link
  }
}

export function rememberedOrderLink(sessionId: string, store: Storage | null = storage()): OrderLink | null {
  return readAll(store).find(([session]) => session === sessionId)?.[1] ?? null;
}
