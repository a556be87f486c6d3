// Shared arrangements for the Stripe suites: a PocketBase whose Stripe calls go
// to stripe-mock, registering through the public route, and webhooks signed the
// way Stripe signs them (the official `stripe` package's test header).
import Stripe from 'stripe';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, expect } from 'vitest';
import { startTestServer, type TestServer } from '../support/pocketbase';
import { startStripeMock, STRIPE_MOCK_START_TIMEOUT_MS, type StripeMock } from '../support/stripe-mock';
import { masterclassEvent } from '../support/masterclassEvent';
import { unique, type StartedServer } from './helpers';
import { attendee, openSales, post, seatsLeft } from './registration-helpers';

export const STRIPE_SECRET_KEY = 'sk_test_123';
export const STRIPE_WEBHOOK_SECRET = 'whsec_test';

const stripe = new Stripe(STRIPE_SECRET_KEY);

export interface StartedStripeServer extends StartedServer {
  stripeMock: StripeMock;
}

/**
 * Starts stripe-mock and a PocketBase that calls it before the file's tests,
 * with sales open and room to spare (seats never run out unless a test wants
 * them to), and stops both after them.
 */
export function stripeServerForFile(onStarted: (started: StartedStripeServer) => void): void {
  let stripeMock: StripeMock | undefined;
  let server: TestServer | undefined;
  beforeAll(async () => {
    stripeMock = await startStripeMock();
    server = await startTestServer({ env: { SIMULATED_CHECKOUT: '', STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE: stripeMock.url } });
    const su = await server.admin();
    await openSales(su, { capacity: 500 });
    onStarted({ stripeMock, server, su });
  }, STRIPE_MOCK_START_TIMEOUT_MS);
  afterAll(async () => {
    await server?.stop();
    await stripeMock?.stop();
  });
}

/** An attendee whose name is not ASCII, as a buyer's may be. */
export const buyer = () => attendee({ fullName: 'Zoë Ångström', email: `${unique('buyer-')}@example.com` });

export interface PaidRegistration {
  registrationId: string;
  status: string;
  sessionId: string;
  checkoutUrl: string;
}

export async function registerPaid(server: TestServer, attendeeCount = 1): Promise<PaidRegistration> {
  const attendees = Array.from({ length: attendeeCount }, () => buyer());
  const { status, body } = await post(server, '/api/masterclass/registrations', {
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

/** Sells one more seat (fulfilled through the webhook), then shrinks capacity to what is taken; returns a restore. */
export async function fillEvent(server: TestServer, su: PocketBase): Promise<() => Promise<unknown>> {
  const taker = await registerPaid(server);
  await deliverWebhook(server, checkoutEvent('checkout.session.completed', { id: taker.sessionId, amount_total: 49500 }));
  const event = await masterclassEvent(su);
  await su.collection('events').update(event.id, { capacity: event.capacity - (await seatsLeft(server)) });
  expect(await seatsLeft(server)).toBe(0);
  return () => su.collection('events').update(event.id, { capacity: event.capacity });
}

/** The Stripe refund requests the server sent for one payment intent. */
export function refundRequests(stripeMock: StripeMock, paymentIntent: string) {
  return stripeMock.requests.filter((request) => request.method === 'POST' && request.path === '/v1/refunds' && request.form.payment_intent === paymentIntent);
}

export function paymentActionsOf(su: PocketBase, registrationId: string): Promise<RecordModel[]> {
  return su.collection('payment_actions').getFullList({ filter: su.filter('registration = {:registrationId}', { registrationId }), sort: 'created' });
}

/** The cron job (pb_hooks/payment-actions.pb.js) that retries Stripe calls the server owes. */
export const PAYMENT_ACTIONS_CRON = 'masterclass_payment_actions';

/**
 * Makes a registration's pending actions due now and runs the cron as a
 * superuser. PocketBase runs a cron in the background, so this waits until
 * none of them is pending any more (the attempt succeeded or was the last).
 */
export async function retryPaymentActionsNow(su: PocketBase, registrationId: string): Promise<RecordModel[]> {
  const past = new Date(Date.now() - 1000).toISOString();
  for (const action of await paymentActionsOf(su, registrationId)) {
    if (action.status === 'pending') await su.collection('payment_actions').update(action.id, { next_attempt_at: past });
  }
  await su.crons.run(PAYMENT_ACTIONS_CRON);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const actions = await paymentActionsOf(su, registrationId);
    if (actions.every((action) => action.status !== 'pending')) return actions;
    if (Date.now() > deadline) throw new Error(`The payment actions cron left actions pending: ${JSON.stringify(actions)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
