// The buyer's return from Stripe (GET /api/masterclass/checkout/{sessionId})
// before the webhook: the server asks Stripe and goes through the same
// fulfilment as the webhook, so a paid session is fulfilled, a paid session
// whose seats are gone is refunded exactly once whichever path sees it, and a
// paid amount that differs from the total is flagged for an administrator.
// stripe-mock answers; the recording proxy says what Stripe reports as paid.
import { describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import type { StripeMock } from '../support/stripe-mock';
import { unique } from './helpers';
import { attendeesOf, emailsOf, get } from './registration-helpers';
import {
  checkoutEvent, deliverWebhook, fillEvent, paymentActionsOf, refundRequests, registerPaid, retryPaymentActionsNow,
  stripeServerForFile, type PaidRegistration,
} from './stripe-helpers';

let stripeMock: StripeMock;
let server: TestServer;
let su: PocketBase;

stripeServerForFile((started) => ({ stripeMock, server, su } = started));

const returnCheck = (sessionId: string) => get(server, `/api/masterclass/checkout/${sessionId}`);

function sessionRetrievals(sessionId: string) {
  return stripeMock.requests.filter((request) => request.method === 'GET' && request.path === `/v1/checkout/sessions/${sessionId}`);
}

/** Stripe will say the session is paid (once) the next time the server asks. */
function stripeReportsPaid(fields: { payment_intent: string; amount_total: number }) {
  stripeMock.sessionNext({ payment_status: 'paid', status: 'complete', currency: 'aud', ...fields });
}

/**
 * A hold whose 30 minutes are up while the buyer was still on Stripe's page;
 * `expired`: the server's hold cron has already ended it too.
 */
async function lapsedRegistration(expired: boolean): Promise<PaidRegistration> {
  const registration = await registerPaid(server);
  await su.collection('registrations').update(registration.registrationId, { hold_expires_at: new Date(Date.now() - 60_000).toISOString() });
  if (!expired) return registration;
  await su.crons.run('expireLapsedHolds');
  const deadline = Date.now() + 10_000;
  while ((await su.collection('registrations').getOne(registration.registrationId)).status !== 'expired') {
    if (Date.now() > deadline) throw new Error('The hold cron did not expire the registration');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return registration;
}

/** A paid return whose seats went to others; runs `check` with the event full, then restores capacity. */
async function withSeatsGone(check: (late: PaidRegistration, paymentIntent: string) => Promise<void>, { expired = false } = {}) {
  const late = await lapsedRegistration(expired);
  const restoreCapacity = await fillEvent(server, su);
  try {
    await check(late, unique('pi_test_return_'));
  } finally {
    await restoreCapacity();
  }
}

describe('return from Stripe before the webhook', () => {
  it('fulfils a session Stripe reports paid: seats confirmed, emails sent, payment kept on the registration', async () => {
    const registration = await registerPaid(server, 2);
    const paymentIntent = unique('pi_test_paid_');
    stripeReportsPaid({ payment_intent: paymentIntent, amount_total: 2 * 49500 });

    const answer = await returnCheck(registration.sessionId);
    expect(answer).toEqual({
      status: 200,
      body: {
        registrationId: registration.registrationId, status: 'completed', kind: 'paid', attendeeCount: 2,
        totalAmountCents: 99000, unitPriceCents: 49500, discountCents: 0, discountLabel: '', currency: 'AUD', emailWarning: false,
        order: { id: registration.registrationId, key: expect.stringMatching(/^[0-9a-f]{64}$/) },
      },
    });
    expect(sessionRetrievals(registration.sessionId)).toHaveLength(1);
    expect((await attendeesOf(su, registration.registrationId)).map((a) => a.registration_status)).toEqual(['confirmed', 'confirmed']);
    expect(await emailsOf(su, registration.registrationId)).toHaveLength(4);
    expect(await su.collection('registrations').getOne(registration.registrationId)).toMatchObject({
      paid_amount_cents: 99000, stripe_payment_intent: paymentIntent, needs_review: false, review_note: '',
    });

    // The webhook arriving afterwards changes nothing.
    const late = await deliverWebhook(server, checkoutEvent('checkout.session.completed', { id: registration.sessionId, payment_intent: paymentIntent, amount_total: 99000 }));
    expect(late.body.outcome).toBe('already_fulfilled');
    expect(await emailsOf(su, registration.registrationId)).toHaveLength(4);
  });

  it('refunds once when the seats of a paid session are gone; another return check or the webhook refunds nothing more', async () => {
    await withSeatsGone(async (late, paymentIntent) => {
      stripeReportsPaid({ payment_intent: paymentIntent, amount_total: 49500 });
      const answer = await returnCheck(late.sessionId);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ registrationId: late.registrationId, status: 'cancelled' });

      const refunds = refundRequests(stripeMock, paymentIntent);
      expect(refunds).toHaveLength(1);
      expect(refunds[0]).toMatchObject({ status: 200 });
      expect(refunds[0]!.headers['idempotency-key']).toBe(`refund-${late.registrationId}`);
      const [action] = await paymentActionsOf(su, late.registrationId);
      expect(action).toMatchObject({ kind: 'refund', status: 'done', attempts: 1, amount_cents: 49500, currency: 'AUD' });
      expect((await attendeesOf(su, late.registrationId)).map((a) => a.registration_status)).toEqual(['cancelled']);
      const emails = await emailsOf(su, late.registrationId);
      expect(emails.map((email) => [email.template, email.status])).toEqual([['refund_notice', 'captured']]);

      expect((await returnCheck(late.sessionId)).body.status).toBe('cancelled');
      const webhook = await deliverWebhook(server, checkoutEvent('checkout.session.completed', { id: late.sessionId, payment_intent: paymentIntent, amount_total: 49500 }));
      expect(webhook).toEqual({ status: 200, body: { received: true, outcome: 'seats_gone' } });
      expect(refundRequests(stripeMock, paymentIntent)).toHaveLength(1);
      expect(await paymentActionsOf(su, late.registrationId)).toHaveLength(1);
      expect(await emailsOf(su, late.registrationId)).toHaveLength(1);
    });
  });

  it('also refunds a payment that landed after the hold cron had expired its registration', async () => {
    await withSeatsGone(async (late, paymentIntent) => {
      expect((await su.collection('registrations').getOne(late.registrationId)).status).toBe('expired');
      stripeReportsPaid({ payment_intent: paymentIntent, amount_total: 49500 });
      expect((await returnCheck(late.sessionId)).body.status).toBe('cancelled');
      expect(refundRequests(stripeMock, paymentIntent)).toHaveLength(1);
      expect((await paymentActionsOf(su, late.registrationId)).map((action) => action.status)).toEqual(['done']);
    }, { expired: true });
  });

  it('counts a payment Stripe says is already refunded as refunded', async () => {
    await withSeatsGone(async (late, paymentIntent) => {
      stripeReportsPaid({ payment_intent: paymentIntent, amount_total: 49500 });
      stripeMock.failNext(400, 'Charge has already been refunded.', { method: 'POST', path: '/v1/refunds', code: 'charge_already_refunded' });
      expect((await returnCheck(late.sessionId)).body.status).toBe('cancelled');
      const [action] = await paymentActionsOf(su, late.registrationId);
      expect(action).toMatchObject({ status: 'done', attempts: 1, last_error: '' });
      expect((await emailsOf(su, late.registrationId)).map((email) => email.template)).toEqual(['refund_notice']);
    });
  });

  it('retries a refund Stripe refuses until the last attempt, then marks it failed and flags the registration', async () => {
    await withSeatsGone(async (late, paymentIntent) => {
      stripeReportsPaid({ payment_intent: paymentIntent, amount_total: 49500 });
      stripeMock.failNext(500, 'An unknown error occurred', { method: 'POST', path: '/v1/refunds' });
      expect((await returnCheck(late.sessionId)).body.status).toBe('cancelled');
      const [pending] = await paymentActionsOf(su, late.registrationId);
      expect(pending).toMatchObject({ status: 'pending', attempts: 1, last_error: 'An unknown error occurred' });
      expect(new Date(pending!.next_attempt_at.replace(' ', 'T')).getTime()).toBeGreaterThan(Date.now());
      expect(await emailsOf(su, late.registrationId)).toEqual([]);

      // Seven attempts have failed; the eighth is the last.
      await su.collection('payment_actions').update(pending!.id, { attempts: 7 });
      stripeMock.failNext(402, 'Your account cannot make refunds.', { method: 'POST', path: '/v1/refunds' });
      const [failed] = await retryPaymentActionsNow(su, late.registrationId);
      expect(failed).toMatchObject({ status: 'failed', attempts: 8, last_error: 'Your account cannot make refunds.' });
      const registration = await su.collection('registrations').getOne(late.registrationId);
      expect(registration.needs_review).toBe(true);
      expect(registration.review_note).toContain(`Refund of ${paymentIntent} failed after 8 attempts`);
      expect(refundRequests(stripeMock, paymentIntent)).toHaveLength(2);
      expect(await emailsOf(su, late.registrationId)).toEqual([]);
    });
  });

  it('flags a paid amount that differs from the registration total for an administrator', async () => {
    const registration = await registerPaid(server, 2);
    const paymentIntent = unique('pi_test_short_');
    stripeReportsPaid({ payment_intent: paymentIntent, amount_total: 49500 });
    expect((await returnCheck(registration.sessionId)).body.status).toBe('completed');
    const record = await su.collection('registrations').getOne(registration.registrationId);
    expect(record).toMatchObject({ total_amount_cents: 99000, paid_amount_cents: 49500, stripe_payment_intent: paymentIntent, needs_review: true });
    expect(record.review_note).toBe(`Paid AUD 495.00 but the total is AUD 990.00 (payment ${paymentIntent}).`);
  });
});
