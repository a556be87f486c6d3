// Shared arrangements for the Stripe suites: open sales on the masterclass,
// register through the public route, and deliver webhooks signed the way
// Stripe signs them (the official `stripe` package's test header).
import Stripe from 'stripe';
import type PocketBase from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import { EVENT_TITLE, unique } from './helpers';

export const STRIPE_SECRET_KEY = 'sk_test_123';
export const STRIPE_WEBHOOK_SECRET = 'whsec_test';

const stripe = new Stripe(STRIPE_SECRET_KEY);

export async function masterclassEvent(su: PocketBase) {
  return su.collection('events').getFirstListItem(`title = "${EVENT_TITLE}"`);
}

/** Opens sales with room to spare, so each test's seats never run out unless it wants them to. */
export async function openSales(su: PocketBase, capacity = 500) {
  const event = await masterclassEvent(su);
  return su.collection('events').update(event.id, { sales_state: 'open', capacity });
}

export function attendee(overrides: Record<string, unknown> = {}) {
  return {
    fullName: 'Zoë Ångström',
    email: `${unique('buyer-')}@test.local`,
    company: 'Acme Pty Ltd',
    jobTitle: 'Head of Data',
    phoneNumber: '+61 8 8000 0000',
    role: 'Senior Manager',
    ...overrides,
  };
}

export async function postJson(server: TestServer, path: string, body: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

export interface PaidRegistration {
  registrationId: string;
  status: string;
  sessionId: string;
  checkoutUrl: string;
}

export async function registerPaid(server: TestServer, attendeeCount = 1): Promise<PaidRegistration> {
  const attendees = Array.from({ length: attendeeCount }, () => attendee());
  const { status, body } = await postJson(server, '/api/masterclass/registrations', {
    mode: 'paid',
    attendees,
    privacyConsent: true,
    marketingConsent: false,
  });
  if (status !== 201) throw new Error(`Paid registration failed with ${status}: ${JSON.stringify(body)}`);
  return body as PaidRegistration;
}

export interface SessionFields {
  id: string;
  payment_status?: 'paid' | 'unpaid' | 'no_payment_required';
  payment_intent?: string | null;
  amount_total?: number | null;
  status?: string;
}

/** A Stripe event JSON (as Stripe sends it) about a Checkout Session. */
export function checkoutEvent(type: string, session: SessionFields, eventId = unique('evt_test_')): string {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    api_version: '2025-06-30.basil',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    data: {
      object: {
        object: 'checkout.session',
        mode: 'payment',
        currency: 'aud',
        payment_status: 'paid',
        status: 'complete',
        payment_intent: unique('pi_test_'),
        customer_details: { name: 'Zoë Ångström — 測試', email: 'buyer@test.local' },
        ...session,
      },
    },
  });
}

export function signature(payload: string, options: { secret?: string; timestamp?: number } = {}): string {
  return stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? STRIPE_WEBHOOK_SECRET,
    timestamp: options.timestamp,
  });
}

/** POSTs a webhook; `header` null sends no Stripe-Signature at all. */
export async function deliverWebhook(server: TestServer, payload: string, header: string | null = signature(payload)) {
  const response = await fetch(`${server.url}/api/masterclass/stripe/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(header === null ? {} : { 'Stripe-Signature': header }) },
    body: payload,
  });
  return { status: response.status, body: await response.json() };
}
