// The Stripe webhook: only correctly signed events over the exact raw body are
// handled, each event id once (a replayed event changes nothing), paid sessions
// are fulfilled, expired ones release their seats, and a payment whose seats
// went to others is refunded through the Stripe API (after the event's
// transaction commits, retried by a cron job when Stripe fails) and the buyer
// emailed.
import { describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import type { StripeMock } from '../support/stripe-mock';
import { unique } from './helpers';
import { attendeesOf, seatsLeft } from './registration-helpers';
import {
  checkoutEvent, deliverWebhook, fillEvent as fillSeats, paymentActionsOf, refundRequests, registerPaid, retryPaymentActionsNow,
  signature, STRIPE_SECRET_KEY, stripeServerForFile,
} from './stripe-helpers';

let stripeMock: StripeMock;
let server: TestServer;
let su: PocketBase;

stripeServerForFile((started) => ({ stripeMock, server, su } = started));

async function registrationOf(registrationId: string) {
  return su.collection('registrations').getOne(registrationId);
}

async function attendeeStatuses(registrationId: string) {
  return (await attendeesOf(su, registrationId)).map((attendee) => attendee.registration_status);
}

async function emailsOf(registrationId: string) {
  return su.collection('emails').getFullList({ filter: su.filter('registration = {:registrationId}', { registrationId }), sort: 'created' });
}

const fillEvent = () => fillSeats(server, su);

/** A paid registration whose hold Stripe expired: its seat is free for others. */
async function expiredRegistration() {
  const registration = await registerPaid(server);
  await deliverWebhook(server, checkoutEvent('checkout.session.expired', { id: registration.sessionId, payment_status: 'unpaid', payment_intent: null }));
  expect((await registrationOf(registration.registrationId)).status).toBe('expired');
  return registration;
}

async function recordedEvents(eventId: string) {
  return su.collection('stripe_events').getFullList({ filter: su.filter('event_id = {:eventId}', { eventId }) });
}

describe('stripe webhook signature', () => {
  it('refuses a forged signature, a stale or future timestamp, a tampered body and a missing header, changing nothing', async () => {
    const registration = await registerPaid(server);
    const payload = checkoutEvent('checkout.session.completed', { id: registration.sessionId, amount_total: 49500 });
    const eventId = JSON.parse(payload).id as string;
    const now = Math.floor(Date.now() / 1000);
    const tampered = payload.replace('"amount_total":49500', '"amount_total":1');

    const attempts = [
      deliverWebhook(server, payload, signature(payload, { secret: 'whsec_forged' })),
      // well outside the five-minute tolerance, however long a loaded machine takes to deliver them
      deliverWebhook(server, payload, signature(payload, { timestamp: now - 600 })),
      deliverWebhook(server, payload, signature(payload, { timestamp: now + 600 })),
      deliverWebhook(server, tampered, signature(payload)),
      deliverWebhook(server, payload, null),
      deliverWebhook(server, payload, ''),
      deliverWebhook(server, payload, `t=${now}`),
      deliverWebhook(server, payload, `t=${now},v0=${'0'.repeat(64)}`),
      deliverWebhook(server, payload, `v1=${signature(payload).split('v1=')[1]}`),
    ];
    for (const result of await Promise.all(attempts)) {
      expect(result.status).toBe(400);
      expect(result.body.message).toBe('Invalid Stripe signature.');
    }

    expect((await registrationOf(registration.registrationId)).status).toBe('pending');
    expect(await attendeeStatuses(registration.registrationId)).not.toContain('confirmed');
    expect(await emailsOf(registration.registrationId)).toEqual([]);
    expect(await recordedEvents(eventId)).toEqual([]);
  });

  it('accepts any matching v1 among several (secret rotation) and the edge of the 300 s tolerance', async () => {
    const payload = checkoutEvent('payment_intent.created', { id: unique('cs_test_') });
    const now = Math.floor(Date.now() / 1000);
    const good = signature(payload, { timestamp: now - 290 });
    const goodV1 = good.split('v1=')[1];
    const rotated = `t=${now - 290},v1=${'a'.repeat(64)},v1=${goodV1},v0=${'b'.repeat(64)}`;
    const result = await deliverWebhook(server, payload, rotated);
    expect(result).toEqual({ status: 200, body: { received: true, ignored: true } });
  });

  it('refuses a correctly signed body that is not a Stripe event', async () => {
    for (const payload of ['not json', '{"id":"nope","type":"checkout.session.completed"}', '{"id":"evt_1"}']) {
      const result = await deliverWebhook(server, payload);
      expect(result.status).toBe(400);
      expect(result.body.message).toBe('Invalid Stripe event payload.');
    }
  });
});

describe('stripe webhook events', () => {
  it('fulfils a paid checkout.session.completed: registration paid/completed, attendees confirmed, emails queued', async () => {
    const registration = await registerPaid(server, 2);
    const payload = checkoutEvent('checkout.session.completed', { id: registration.sessionId, amount_total: 2 * 49500 });
    const result = await deliverWebhook(server, payload);
    expect(result).toEqual({ status: 200, body: { received: true, outcome: 'fulfilled' } });

    // No SMTP in this suite: the emails are captured at once, so the registration is completed.
    expect((await registrationOf(registration.registrationId)).status).toBe('completed');
    expect(await attendeeStatuses(registration.registrationId)).toEqual(['confirmed', 'confirmed']);
    const emails = await emailsOf(registration.registrationId);
    expect(emails).toHaveLength(4);
    expect(emails.every((email) => email.status === 'captured')).toBe(true);
    expect(await recordedEvents(JSON.parse(payload).id)).toHaveLength(1);
  });

  it('handles an event replayed 5 times once: one fulfilment, one set of emails', async () => {
    const registration = await registerPaid(server, 2);
    const payload = checkoutEvent('checkout.session.completed', { id: registration.sessionId, amount_total: 2 * 49500 });
    const header = signature(payload);

    const results = await Promise.all(Array.from({ length: 5 }, () => deliverWebhook(server, payload, header)));
    expect(results.map((result) => result.status)).toEqual([200, 200, 200, 200, 200]);
    const handled = results.filter((result) => !result.body.duplicate);
    expect(handled).toEqual([{ status: 200, body: { received: true, outcome: 'fulfilled' } }]);
    expect(results.filter((result) => result.body.duplicate)).toHaveLength(4);

    // One set: a confirmation and an invitation per attendee, no more.
    const emails = await emailsOf(registration.registrationId);
    expect(emails).toHaveLength(4);
    expect(new Set(emails.map((email) => `${email.to}|${email.template}`)).size).toBe(4);
    expect(await recordedEvents(JSON.parse(payload).id)).toHaveLength(1);

    // Another event about the same session (Stripe retrying under a new id) fulfils nothing more.
    const again = await deliverWebhook(server, checkoutEvent('checkout.session.completed', { id: registration.sessionId, amount_total: 2 * 49500 }));
    expect(again).toEqual({ status: 200, body: { received: true, outcome: 'already_fulfilled' } });
    expect(await emailsOf(registration.registrationId)).toHaveLength(emails.length);
  });

  it('waits on an unpaid completed session and fulfils on async_payment_succeeded', async () => {
    const registration = await registerPaid(server);
    const unpaid = await deliverWebhook(server, checkoutEvent('checkout.session.completed', {
      id: registration.sessionId, payment_status: 'unpaid', amount_total: 49500,
    }));
    expect(unpaid).toEqual({ status: 200, body: { received: true, outcome: 'awaiting_payment' } });
    expect((await registrationOf(registration.registrationId)).status).toBe('pending');

    const succeeded = await deliverWebhook(server, checkoutEvent('checkout.session.async_payment_succeeded', {
      id: registration.sessionId, amount_total: 49500,
    }));
    expect(succeeded).toEqual({ status: 200, body: { received: true, outcome: 'fulfilled' } });
    expect(await attendeeStatuses(registration.registrationId)).toEqual(['confirmed']);
  });

  it('releases the hold when a delayed payment fails', async () => {
    const registration = await registerPaid(server);
    await deliverWebhook(server, checkoutEvent('checkout.session.completed', { id: registration.sessionId, payment_status: 'unpaid' }));
    const failed = await deliverWebhook(server, checkoutEvent('checkout.session.async_payment_failed', {
      id: registration.sessionId, payment_status: 'unpaid',
    }));
    expect(failed).toEqual({ status: 200, body: { received: true, outcome: 'released' } });
    expect((await registrationOf(registration.registrationId)).status).toBe('expired');
    expect(await attendeeStatuses(registration.registrationId)).toEqual(['cancelled']);
  });

  it('frees the seat of an expired session (registration expired)', async () => {
    const before = await seatsLeft(server);
    const registration = await registerPaid(server, 3);
    expect(await seatsLeft(server)).toBe(before - 3);

    const result = await deliverWebhook(server, checkoutEvent('checkout.session.expired', {
      id: registration.sessionId, status: 'expired', payment_status: 'unpaid', payment_intent: null,
    }));
    expect(result).toEqual({ status: 200, body: { received: true, outcome: 'released' } });
    expect((await registrationOf(registration.registrationId)).status).toBe('expired');
    expect(await attendeeStatuses(registration.registrationId)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    expect(await seatsLeft(server)).toBe(before);
  });

  it('answers 200 for an unknown session and ignores other event types', async () => {
    const unknown = await deliverWebhook(server, checkoutEvent('checkout.session.completed', { id: unique('cs_test_unknown_'), amount_total: 100 }));
    expect(unknown).toEqual({ status: 200, body: { received: true, outcome: 'not_found' } });

    const other = await deliverWebhook(server, JSON.stringify({ id: unique('evt_'), object: 'event', type: 'charge.succeeded', data: { object: { id: 'ch_1' } } }));
    expect(other).toEqual({ status: 200, body: { received: true, ignored: true } });
  });

  it('refunds a payment whose seats went to others after its hold expired, and emails the buyer', async () => {
    const late = await expiredRegistration();
    const restoreCapacity = await fillEvent();
    try {
      const paymentIntent = unique('pi_test_late_');
      const result = await deliverWebhook(server, checkoutEvent('checkout.session.completed', {
        id: late.sessionId, payment_intent: paymentIntent, amount_total: 49500,
      }));
      expect(result).toEqual({ status: 200, body: { received: true, outcome: 'seats_gone' } });

      const refunds = refundRequests(stripeMock, paymentIntent);
      expect(refunds).toHaveLength(1);
      expect(refunds[0]).toMatchObject({ method: 'POST', status: 200 });
      expect(refunds[0].headers['idempotency-key']).toBe(`refund-${late.registrationId}`);
      expect(refunds[0].headers.authorization).toBe(`Bearer ${STRIPE_SECRET_KEY}`);
      expect(refunds[0].form['metadata[registration_id]']).toBe(late.registrationId);

      const [action] = await paymentActionsOf(su, late.registrationId);
      expect(action).toMatchObject({ kind: 'refund', status: 'done', attempts: 1, payment_intent: paymentIntent, idempotency_key: `refund-${late.registrationId}` });

      const registration = await registrationOf(late.registrationId);
      expect(registration.status).toBe('cancelled');
      expect(await attendeeStatuses(late.registrationId)).toEqual(['cancelled']);
      const emails = await emailsOf(late.registrationId);
      expect(emails.map((email) => [email.to, email.template, email.status])).toEqual([[registration.primary_email, 'refund_notice', 'captured']]);
    } finally {
      await restoreCapacity();
    }
  });

  it('records the event and keeps a refund Stripe refused pending; the cron completes it, a redelivery refunds nothing more', async () => {
    const late = await expiredRegistration();
    const restoreCapacity = await fillEvent();
    try {
      const paymentIntent = unique('pi_test_retry_');
      const payload = checkoutEvent('checkout.session.completed', { id: late.sessionId, payment_intent: paymentIntent, amount_total: 49500 });
      stripeMock.failNext(500, 'An unknown error occurred', { method: 'POST', path: '/v1/refunds' });
      const first = await deliverWebhook(server, payload);
      expect(first).toEqual({ status: 200, body: { received: true, outcome: 'seats_gone' } });
      expect(await recordedEvents(JSON.parse(payload).id)).toHaveLength(1);
      expect((await registrationOf(late.registrationId)).status).toBe('cancelled');
      const [pending] = await paymentActionsOf(su, late.registrationId);
      expect(pending).toMatchObject({ kind: 'refund', status: 'pending', attempts: 1, payment_intent: paymentIntent, amount_cents: 49500 });
      expect(pending!.last_error).toBe('An unknown error occurred');
      // The notice says the money is back: it waits for Stripe's confirmation.
      expect(await emailsOf(late.registrationId)).toEqual([]);

      expect(await deliverWebhook(server, payload)).toEqual({ status: 200, body: { received: true, duplicate: true } });
      expect(refundRequests(stripeMock, paymentIntent)).toHaveLength(1);

      const [done] = await retryPaymentActionsNow(su, late.registrationId);
      expect(done).toMatchObject({ status: 'done', attempts: 2, last_error: '' });
      expect(done!.stripe_id).toMatch(/^re_/);
      const refunds = refundRequests(stripeMock, paymentIntent);
      expect(refunds.map((request) => [request.status, request.headers['idempotency-key']])).toEqual([
        [500, `refund-${late.registrationId}`],
        [200, `refund-${late.registrationId}`],
      ]);
      expect((await emailsOf(late.registrationId)).map((email) => email.template)).toEqual(['refund_notice']);
    } finally {
      await restoreCapacity();
    }
  });
});
