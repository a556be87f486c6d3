// Paid registrations create a real Stripe Checkout Session: stripe-mock
// validates every request against Stripe's API spec, and the recording proxy
// in front of it shows exactly what the server sent.
import { describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import type { StripeMock } from '../support/stripe-mock';
import { get, post, seatsLeft } from './registration-helpers';
import { buyer, registerPaid, STRIPE_SECRET_KEY, stripeServerForFile } from './stripe-helpers';

let stripeMock: StripeMock;
let server: TestServer;
let su: PocketBase;

stripeServerForFile((started) => ({ stripeMock, server, su } = started));

function sessionRequests() {
  return stripeMock.requests.filter((request) => request.method === 'POST' && request.path === '/v1/checkout/sessions');
}

describe('stripe checkout', () => {
  it('tells the page payments go through Stripe', async () => {
    expect((await get(server, '/api/masterclass/event')).body.checkout_mode).toBe('stripe');
  });

  it('creates a Checkout Session that stripe-mock accepts, with every field the design asks for', async () => {
    const startedAt = Math.floor(Date.now() / 1000);
    const registration = await registerPaid(server, 2);
    const finishedAt = Math.floor(Date.now() / 1000);

    expect(registration.status).toBe('pending');
    expect(registration.sessionId).toMatch(/^cs_test_/);
    expect(registration.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.com\//);

    const request = sessionRequests().find((candidate) => candidate.form.client_reference_id === registration.registrationId);
    expect(request, 'the server sent a Checkout Session request').toBeDefined();
    expect(request!.status).toBe(200);
    expect(request!.headers.authorization).toBe(`Bearer ${STRIPE_SECRET_KEY}`);
    expect(request!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request!.headers['idempotency-key']).toBe(registration.registrationId);

    const appUrl = server.url;
    const form = request!.form;
    const registrationRecord = await su.collection('registrations').getOne(registration.registrationId);
    expect(form).toMatchObject({
      mode: 'payment',
      client_reference_id: registration.registrationId,
      'metadata[registration_id]': registration.registrationId,
      'line_items[0][quantity]': '2',
      'line_items[0][price_data][currency]': 'aud',
      'line_items[0][price_data][unit_amount]': '49500',
      'line_items[0][price_data][product_data][name]': 'AI CHAMPIONS MASTERCLASS',
      success_url: `${appUrl}/register?success=true&session_id={CHECKOUT_SESSION_ID}&event=${registrationRecord.event}`,
      cancel_url: `${appUrl}/register?cancelled=true&event=${registrationRecord.event}`,
    });
    expect(form.customer_email).toBe(registrationRecord.primary_email);
    const expiresAt = Number(form.expires_at);
    expect(expiresAt).toBeGreaterThanOrEqual(startedAt + 30 * 60);
    expect(expiresAt).toBeLessThanOrEqual(finishedAt + 30 * 60 + 60);

    expect(registrationRecord.stripe_session_id).toBe(registration.sessionId);
    expect(registrationRecord.status).toBe('pending');
  });

  it('checks a pending session with Stripe on return and keeps it pending while unpaid', async () => {
    const registration = await registerPaid(server);
    const response = await fetch(`${server.url}/api/masterclass/checkout/${registration.sessionId}`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ registrationId: registration.registrationId, status: 'pending', kind: 'paid', attendeeCount: 1 });

    const retrievals = stripeMock.requests.filter((request) => request.method === 'GET' && request.path === `/v1/checkout/sessions/${registration.sessionId}`);
    expect(retrievals).toHaveLength(1);
    expect(retrievals[0].status).toBe(200);
    expect(retrievals[0].headers.authorization).toBe(`Bearer ${STRIPE_SECRET_KEY}`);
  });

  it('reports a Stripe error as 502 with Stripe\'s message and releases the hold', async () => {
    const before = await seatsLeft(server);
    stripeMock.failNext(402, 'Your account cannot currently make live charges.');
    const { status, body } = await post(server, '/api/masterclass/registrations', {
      mode: 'paid',
      attendees: [buyer(), buyer()],
      privacyConsent: true,
      marketingConsent: false,
    });
    expect(status).toBe(502);
    expect(body.message).toBe('Error creating checkout: Your account cannot currently make live charges.');
    expect(await seatsLeft(server)).toBe(before);
  });
});
