// The masterclass server routes the registration page calls (DESIGN "Server routes").
import type { EventRow } from '@/db';
import { pb } from '@/lib/pocketbase';
import type { UtmParams } from '@/lib/utm';
import { withOfflineCopy } from '@/pwa/offlineCopy';
import type { AttendeeEntry } from './attendeeSchema';

export type RegistrationMode = 'paid' | 'promo' | 'waitlist';

/** How the server takes payments: Stripe, its simulated checkout (test mode), or not at all. */
export type CheckoutMode = 'stripe' | 'simulated' | 'unavailable';

/**
 * GET /api/masterclass/event: the event's public fields, the seats still free and the checkout mode.
 * The seats, the per-registration limit and the checkout mode are absent when the page shows,
 * offline, the event the landing page kept (the record has none of them): the page then says nothing about them.
 */
export type EventSummary = Pick<
  EventRow,
  'id' | 'title' | 'starts_at' | 'ends_at' | 'timezone' | 'location' | 'venue' | 'capacity' | 'price_cents' | 'currency' | 'sales_state' | 'sales_open_at'
> & { seats_left?: number; max_per_registration?: number; checkout_mode?: CheckoutMode; early_access?: EarlyAccessWindow | null; cancelled?: boolean };

/** The waitlist's priority window (set when early access was sent): public sales open at its end. */
export interface EarlyAccessWindow {
  starts_at: string;
  ends_at: string;
}

export type RequestAttendee = Omit<AttendeeEntry, 'key' | 'dietaryRequirements'> & { dietaryRequirements?: string };

export interface RegistrationRequest {
  mode: RegistrationMode;
  attendees: RequestAttendee[];
  promoCode?: string;
  privacyConsent: boolean;
  marketingConsent: boolean;
  utm?: UtmParams;
  /** The idempotency key: the same request sent again under it makes no second registration. */
  requestId?: string;
  /** The event's id (the featured event when absent). */
  event?: string;
  /** The early-access token of an email to the waitlist (registers its own address during the priority window). */
  earlyAccess?: string;
  /** A waitlist offer's claim link: registers the one seat the offer holds, for the person it was sent to. */
  waitlistOffer?: { offer: string; token: string };
}

export interface PaidRegistrationResponse {
  registrationId: string;
  status: 'pending';
  sessionId: string;
  checkoutUrl: string;
}

export interface FreeRegistrationResponse {
  registrationId: string;
  status: 'pending' | 'completed';
  emailWarning: boolean;
  /** A second waitlist entry for the same email: nothing was stored or sent. */
  alreadyOnWaitlist?: boolean;
  message?: string;
  /** A promo registration's order page link (id and key). */
  order?: { id: string; key: string };
}

const SUMMARY_FIELDS = ['id', 'title', 'starts_at', 'ends_at', 'timezone', 'location', 'venue', 'capacity', 'price_cents', 'currency', 'sales_state'] as const;

/**
 * A stored answer about an event as this page's summary: the summary itself, or
 * the event the landing page kept (its public fields only). Null when it is not
 * one, or, with `eventId`, when it is another event.
 */
export function eventSummaryOf(value: unknown, eventId?: string): EventSummary | null {
  if (typeof value !== 'object' || value === null) return null;
  const source = value as Record<string, unknown>;
  if (SUMMARY_FIELDS.some((field) => source[field] === undefined)) return null;
  if (typeof source.id !== 'string' || !source.id || typeof source.starts_at !== 'string') return null;
  if (eventId !== undefined && source.id !== eventId) return null;
  const summary: Record<string, unknown> = Object.fromEntries(SUMMARY_FIELDS.map((field) => [field, source[field]]));
  for (const field of ['seats_left', 'max_per_registration', 'checkout_mode', 'early_access', 'cancelled'] as const) {
    if (source[field] !== undefined) summary[field] = source[field];
  }
  return summary as unknown as EventSummary;
}

/**
 * Kept on the device, so the form still opens offline (the server decides again when it is sent).
 * Offline, the newest stored copy of the event stands in: this page's own, or the featured event the
 * landing page kept (for a named event, only when it is that one).
 */
export const fetchEventSummary = (eventId?: string) =>
  withOfflineCopy(
    eventId ? `eventSummary:${eventId}` : 'eventSummary',
    () => pb.send<EventSummary>('/api/masterclass/event', { method: 'GET', query: eventId ? { event: eventId } : {} }),
    {
      alsoFrom: eventId
        ? [
            { key: 'eventSummary', adopt: (value) => eventSummaryOf(value, eventId) },
            { key: 'event', adopt: (value) => eventSummaryOf(value, eventId) },
          ]
        : [{ key: 'event', adopt: (value) => eventSummaryOf(value) }],
    },
  );

/**
 * The summary of the masterclass `/register?event=` names by its page address (or its id: the
 * server takes either), kept on the device; offline, the copy its own page (`/events/<slug>`) kept stands in.
 */
export const fetchEventSummaryBySlug = (slug: string) =>
  withOfflineCopy(`eventSummary:slug:${slug}`, () => pb.send<EventSummary>('/api/masterclass/event', { method: 'GET', query: { slug } }), {
    alsoFrom: [{ key: `eventPage:${slug}`, adopt: (value) => eventSummaryOf(value) }],
  });

/** Checks a code for the masterclass the page shows (the featured one when no id is given). */
export const validatePromoCode = (code: string, eventId?: string) =>
  pb.send<{ valid: true }>('/api/masterclass/promo/validate', { method: 'POST', body: eventId ? { code, event: eventId } : { code } });

export type RegistrationResponse = PaidRegistrationResponse | FreeRegistrationResponse;

export const createRegistration = (request: RegistrationRequest) =>
  pb.send<RegistrationResponse>('/api/masterclass/registrations', { method: 'POST', body: request });

/** What the server receives for one attendee card: trimmed, without the list key; no dietary field on the waitlist. */
export function toRequestAttendee(entry: AttendeeEntry, mode: RegistrationMode): RequestAttendee {
  const attendee: RequestAttendee = {
    fullName: entry.fullName.trim(),
    email: entry.email.trim(),
    company: entry.company.trim(),
    jobTitle: entry.jobTitle.trim(),
    phoneNumber: entry.phoneNumber.trim(),
    role: entry.role,
  };
  const dietary = entry.dietaryRequirements.trim();
  if (mode !== 'waitlist' && dietary) attendee.dietaryRequirements = dietary;
  return attendee;
}

/** The simulated checkout lives in the app; anything else is the payment provider's hosted page. */
export const isSimulatedCheckout = (checkoutUrl: string) => checkoutUrl.startsWith('/checkout/simulated');
