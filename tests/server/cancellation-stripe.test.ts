// Cancellation refunds through Stripe, checked by stripe-mock (every request
// validated against Stripe's API): an attendee's share refunded in part with
// its own idempotency key; ten simultaneous cancellations and the retry cron
// racing the first call pay once; a refund Stripe refuses is kept with its
// error, retried, shown to administrators and, once it finally fails, the
// attendee and the payer are told; administrators cancel anyone with an
// amount from 0 to what was paid less what was refunded, and a reason; the
// analytics count the refunds.
import { describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import type { StripeMock } from '../support/stripe-mock';
import { createUser, seatAt, unique, type TestUser } from './helpers';
import { attendeesOf, emailsOf, seatsLeft } from './registration-helpers';
import {
  checkoutEvent, deliverWebhook, PAYMENT_ACTIONS_CRON, refundRequests, registerPaid, STRIPE_SECRET_KEY, stripeServerForFile,
} from './stripe-helpers';
import { TIER_WORDS, adminCancel, adminStatus, cancel, preview, snapshot, startEventIn, waitFor } from './cancellation-helpers';
import { masterclassEvent } from '../support/masterclassEvent';

let stripeMock: StripeMock;
let server: TestServer;
let su: PocketBase;

stripeServerForFile((started) => ({ stripeMock, server, su } = started));

interface Paid {
  registrationId: string;
  paymentIntent: string;
  attendees: RecordModel[];
}

/** A registration of `count` attendees paid through Stripe (the webhook), the one who registered first. */
async function paidRegistration(count: number, amountTotal = 49500 * count): Promise<Paid> {
  const registration = await registerPaid(server, count);
  const paymentIntent = unique('pi_test_');
  const delivered = await deliverWebhook(server, checkoutEvent('checkout.session.completed', { id: registration.sessionId, payment_intent: paymentIntent, amount_total: amountTotal }));
  expect(delivered.body.outcome).toBe('fulfilled');
  const saved = await su.collection('registrations').getOne(registration.registrationId);
  const rows = await attendeesOf(su, registration.registrationId);
  const first = rows.find((row) => row.email === saved.primary_email)!;
  return { registrationId: registration.registrationId, paymentIntent, attendees: [first, ...rows.filter((row) => row !== first)] };
}

async function ownedBy(row: RecordModel): Promise<TestUser> {
  const user = await createUser(server, su, 'attendee');
  await su.collection('attendees').update(row.id, { user: user.id });
  return user;
}

const actionOf = async (attendeeId: string) =>
  (await su.collection('payment_actions').getFullList({ filter: su.filter('attendee = {:id}', { id: attendeeId }) }));

/** One more attempt of a pending action by the cron; waits until its result is saved (`last_error` reads `expectedError`). */
async function retryOnce(actionId: string, expectedError: string): Promise<RecordModel> {
  await su.collection('payment_actions').update(actionId, { next_attempt_at: new Date(Date.now() - 1000).toISOString() });
  await su.crons.run(PAYMENT_ACTIONS_CRON);
  return waitFor(() => su.collection('payment_actions').getOne(actionId), (action) => action.last_error === expectedError);
}

const byKey = (key: string) => stripeMock.requests.filter((request) => request.path === '/v1/refunds' && request.headers['idempotency-key'] === key);

describe('a self-service cancellation refunded through Stripe', () => {
  it('refunds the attendee\'s share only, once, with its own idempotency key and the refund\'s id and status recorded', async () => {
    await startEventIn(su, 30);
    const paid = await paidRegistration(2, 99000);
    const [first, second] = paid.attendees;
    const user = await ownedBy(second);

    const shown = await preview(server, { attendee: second.id }, user.client.authStore.token);
    expect(shown.body).toMatchObject({ paidCents: 49500, refundCents: 49500, simulated: false });
    const done = await cancel(server, { attendee: second.id, expectedRefundCents: 49500 }, user.client.authStore.token);
    expect(done).toMatchObject({ status: 200, body: { refundCents: 49500, refundStatus: 'done', simulated: false } });

    const requests = refundRequests(stripeMock, paid.paymentIntent);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ status: 200 });
    expect(requests[0].headers.authorization).toBe(`Bearer ${STRIPE_SECRET_KEY}`);
    expect(requests[0].headers['idempotency-key']).toBe(`refund-attendee-${second.id}`);
    expect(requests[0].form).toMatchObject({
      payment_intent: paid.paymentIntent, amount: '49500', 'metadata[registration_id]': paid.registrationId, 'metadata[attendee_id]': second.id,
    });
    const [action] = await actionOf(second.id);
    expect(action).toMatchObject({ status: 'done', attempts: 1, amount_cents: 49500, payment_intent: paid.paymentIntent, stripe_status: 'succeeded', simulated: false });
    expect(action.stripe_id).toMatch(/^re_/);
    expect((await su.collection('attendees').getOne(first.id)).registration_status).toBe('confirmed');
    // no "refunded in full" email: the cancellation notice named the refund
    const templates = (await emailsOf(su, paid.registrationId)).map((email) => email.template);
    expect(templates).toContain('cancellation_notice');
    expect(templates).not.toContain('refund_notice');
  });

  it('pays once when ten requests cancel the same attendee at once and the retry cron runs beside them', async () => {
    await startEventIn(su, 30);
    const paid = await paidRegistration(1);
    const [row] = paid.attendees;
    const user = await ownedBy(row);
    const seatsBefore = await seatsLeft(server);

    const requests = Array.from({ length: 10 }, () => cancel(server, { attendee: row.id, expectedRefundCents: 49500 }, user.client.authStore.token));
    const crons = Array.from({ length: 3 }, () => su.crons.run(PAYMENT_ACTIONS_CRON));
    const answers = await Promise.all(requests);
    await Promise.all(crons);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((candidate) => candidate.status !== 200)) {
      expect(answer).toMatchObject({ status: 409, body: { message: 'This registration has already been cancelled.' } });
    }
    await waitFor(() => actionOf(row.id), (actions) => actions.length === 1 && actions[0].status === 'done');
    expect(byKey(`refund-attendee-${row.id}`)).toHaveLength(1);
    expect(await seatsLeft(server)).toBe(seatsBefore + 1);
    expect((await emailsOf(su, paid.registrationId)).filter((email) => email.template === 'cancellation_notice')).toHaveLength(1);
  });

  it('keeps a refund Stripe answered with an error pending; concurrent cron runs retry it once, with the same key', async () => {
    await startEventIn(su, 30);
    const paid = await paidRegistration(1);
    const [row] = paid.attendees;
    const user = await ownedBy(row);
    stripeMock.failNext(500, 'An unknown error occurred', { method: 'POST', path: '/v1/refunds' });
    const done = await cancel(server, { attendee: row.id, expectedRefundCents: 49500 }, user.client.authStore.token);
    expect(done).toMatchObject({ status: 200, body: { cancelled: true, refundStatus: 'pending' } });
    const [pending] = await actionOf(row.id);
    expect(pending).toMatchObject({ status: 'pending', attempts: 1, last_error: 'An unknown error occurred' });

    await su.collection('payment_actions').update(pending.id, { next_attempt_at: new Date(Date.now() - 1000).toISOString() });
    await Promise.all([su.crons.run(PAYMENT_ACTIONS_CRON), su.crons.run(PAYMENT_ACTIONS_CRON), su.crons.run(PAYMENT_ACTIONS_CRON)]);
    const [settled] = await waitFor(() => actionOf(row.id), (actions) => actions[0].status === 'done');
    expect(settled).toMatchObject({ attempts: 2, last_error: '', stripe_status: 'succeeded' });
    expect(byKey(`refund-attendee-${row.id}`).map((request) => request.status)).toEqual([500, 200]);
  });

  it('gives up after the last attempt Stripe refuses: failed with its error, flagged, shown to administrators, attendee and payer told once', async () => {
    await startEventIn(su, 30);
    const paid = await paidRegistration(2);
    const [payer, guest] = paid.attendees;
    const user = await ownedBy(guest);
    // each answer names its request, as Stripe's do, so every attempt's result can be told apart
    const refusalOf = (attempt: number) => `No such payment_intent: '${paid.paymentIntent}' (request req_${attempt})`;
    for (let attempt = 1; attempt <= 8; attempt += 1) {
      stripeMock.failNext(400, refusalOf(attempt), { method: 'POST', path: '/v1/refunds', code: 'resource_missing' });
    }
    expect((await cancel(server, { attendee: guest.id, expectedRefundCents: 49500 }, user.client.authStore.token)).body.refundStatus).toBe('pending');
    const [first] = await actionOf(guest.id);
    expect(first).toMatchObject({ status: 'pending', attempts: 1, last_error: refusalOf(1) });
    for (let attempt = 2; attempt <= 8; attempt += 1) await retryOnce(first.id, refusalOf(attempt));
    const refusal = refusalOf(8);
    const action = await waitFor(() => su.collection('payment_actions').getOne(first.id), (saved) => saved.status !== 'pending');
    expect(action).toMatchObject({ status: 'failed', attempts: 8, last_error: refusal });
    expect(byKey(`refund-attendee-${guest.id}`)).toHaveLength(8);
    // nothing more is tried
    await su.crons.run(PAYMENT_ACTIONS_CRON);
    expect(byKey(`refund-attendee-${guest.id}`)).toHaveLength(8);

    const registration = await su.collection('registrations').getOne(paid.registrationId);
    expect(registration.needs_review).toBe(true);
    expect(registration.review_note).toContain(`for attendee ${guest.id} failed after 8 attempts (${refusal})`);

    const failedMails = await waitFor(
      () => emailsOf(su, paid.registrationId),
      (emails) => emails.filter((email) => email.template.startsWith('refund_failed')).every((email) => email.status === 'captured')
        && emails.filter((email) => email.template.startsWith('refund_failed')).length === 2,
    );
    const told = failedMails.filter((email) => email.template.startsWith('refund_failed')).map((email) => [email.template, email.to]).sort();
    expect(told).toEqual([['refund_failed_notice', guest.email], ['refund_failed_payer_notice', payer.email]].sort());
    const notice = failedMails.find((email) => email.template === 'refund_failed_notice')!;
    expect(notice.subject).toBe('We could not refund your payment for the AI Champions Masterclass automatically');
    expect(notice.text).toContain('We tried to refund AUD 495.00 for your cancelled registration');

    const admin = await createUser(server, su, 'administrator');
    const status = await adminStatus(server, guest.id, admin.client.authStore.token);
    expect(status.body.refunds).toEqual([expect.objectContaining({ scope: 'attendee', amountCents: 49500, status: 'failed', attempts: 8, lastError: refusal, stripeId: '' })]);
    // the failed refund is not counted as refunded: what is left to refund is the share again
    expect(status.body).toMatchObject({ status: 'cancelled', cancellable: false, maxRefundCents: 49500 });
  });
});

describe('administrators', () => {
  it('refuse guests and attendees', async () => {
    const { attendees: [row] } = await paidRegistration(1);
    const attendee = await createUser(server, su, 'attendee');
    await su.collection('attendees').update(row.id, { user: attendee.id });
    expect(await adminStatus(server, row.id)).toMatchObject({ status: 401 });
    expect(await adminCancel(server, row.id, { amountCents: 0, reason: 'x' })).toMatchObject({ status: 401 });
    for (const answer of [await adminStatus(server, row.id, attendee.client.authStore.token),
      await adminCancel(server, row.id, { amountCents: 0, reason: 'x' }, attendee.client.authStore.token)]) {
      expect(answer).toMatchObject({ status: 403, body: { message: 'Only administrators can cancel other attendees.' } });
    }
    expect((await su.collection('attendees').getOne(row.id)).registration_status).toBe('confirmed');
  });

  it('cancel with an amount of their choosing and a reason; bad amounts and reasons are refused and change nothing', async () => {
    await startEventIn(su, 3);
    const paid = await paidRegistration(1);
    const [row] = paid.attendees;
    const admin = await createUser(server, su, 'administrator');
    const token = admin.client.authStore.token;

    const status = await adminStatus(server, row.id, token);
    expect(status).toMatchObject({ status: 200, body: {
      status: 'confirmed', cancellable: true, paidCents: 49500, maxRefundCents: 49500, maxRefundText: 'AUD 495.00',
      terms: { tier: 'none', percent: 0, words: TIER_WORDS.none, refundCents: 0 }, refunds: [],
    } });

    const before = await snapshot(su, row.id);
    const amountMessage = 'The refund must be a whole number of cents from 0 to 49500.';
    const bad: [unknown, string][] = [
      [{ amountCents: -1, reason: 'Goodwill' }, amountMessage],
      [{ amountCents: 49501, reason: 'Goodwill' }, amountMessage],
      [{ amountCents: '100', reason: 'Goodwill' }, amountMessage],
      [{ amountCents: 10.5, reason: 'Goodwill' }, amountMessage],
      [{ reason: 'Goodwill' }, amountMessage],
      [{ amountCents: 100, reason: '   ' }, 'Please give a reason for the cancellation.'],
      [{ amountCents: 100 }, 'Please give a reason for the cancellation.'],
      [{ amountCents: 100, reason: 'x'.repeat(501) }, 'The reason can be at most 500 characters.'],
      ['not json', 'The request body must be a JSON object.'],
    ];
    for (const [body, message] of bad) {
      const answer = await adminCancel(server, row.id, body, token);
      expect([JSON.stringify(body).slice(0, 40), answer.status, answer.body.message]).toEqual([JSON.stringify(body).slice(0, 40), 400, message]);
    }
    expect(await snapshot(su, row.id)).toEqual(before);
    expect(await adminCancel(server, 'nope', { amountCents: 0, reason: 'x' }, token)).toMatchObject({ status: 400 });
    expect(await adminCancel(server, 'abcdefghijklmno', { amountCents: 0, reason: 'x' }, token)).toMatchObject({ status: 404 });

    const seatsBefore = await seatsLeft(server);
    const done = await adminCancel(server, row.id, { amountCents: 12345, reason: '  Duplicate booking  ' }, token);
    expect(done).toMatchObject({ status: 200, body: { cancelled: true, refundCents: 12345, refundText: 'AUD 123.45', refundStatus: 'done' } });
    expect(done.body.refunds).toEqual([expect.objectContaining({ amountCents: 12345, status: 'done', stripeStatus: 'succeeded', reason: 'Duplicate booking' })]);
    expect(done.body.refunds[0].stripeId).toMatch(/^re_/);
    expect(await seatsLeft(server)).toBe(seatsBefore + 1);
    const [request] = refundRequests(stripeMock, paid.paymentIntent);
    expect(request.form).toMatchObject({ amount: '12345', payment_intent: paid.paymentIntent });
    expect(request.headers['idempotency-key']).toBe(`refund-attendee-${row.id}`);

    const cancelled = await su.collection('attendees').getOne(row.id);
    expect(cancelled).toMatchObject({ registration_status: 'cancelled', cancelled_by: 'administrator', cancellation_reason: 'Duplicate booking' });
    expect(await adminStatus(server, row.id, token)).toMatchObject({ body: { cancellable: false, blocked: 'This registration has already been cancelled.', cancellationReason: 'Duplicate booking', cancelledBy: 'administrator' } });
    const notice = (await emailsOf(su, paid.registrationId)).find((email) => email.template === 'cancellation_notice')!;
    expect(notice.text).toContain('has been cancelled by our team');
    expect(notice.text).toContain('We are refunding AUD 123.45 to the card used to pay for this registration.');
    expect(notice.text).not.toContain('Duplicate booking');

    expect(await adminCancel(server, row.id, { amountCents: 0, reason: 'Again' }, token))
      .toMatchObject({ status: 409, body: { message: 'This registration has already been cancelled.' } });
    expect(refundRequests(stripeMock, paid.paymentIntent)).toHaveLength(1);
  });

  it('never refund more than the payment less what was refunded, cancel observers and refuse the waitlist', async () => {
    await startEventIn(su, 30);
    const paid = await paidRegistration(2, 99000);
    const [, second] = paid.attendees;
    const admin = await createUser(server, su, 'administrator');
    // 800.00 of this payment was refunded before (by hand, or an earlier refund)
    await su.collection('payment_actions').create({
      kind: 'refund', registration: paid.registrationId, payment_intent: paid.paymentIntent, amount_cents: 80000, currency: 'AUD',
      idempotency_key: unique('manual-'), status: 'done', attempts: 1,
    });
    expect((await adminStatus(server, second.id, admin.client.authStore.token)).body).toMatchObject({ paidCents: 49500, maxRefundCents: 19000 });
    const user = await ownedBy(second);
    expect((await preview(server, { attendee: second.id }, user.client.authStore.token)).body).toMatchObject({ refundCents: 19000, refundText: 'AUD 190.00' });
    expect(await adminCancel(server, second.id, { amountCents: 19001, reason: 'Goodwill' }, admin.client.authStore.token))
      .toMatchObject({ status: 400, body: { message: 'The refund must be a whole number of cents from 0 to 19000.' } });

    const event = await masterclassEvent(su);
    const observer = await seatAt(su, user, event.id, 'confirmed_observer');
    expect(await adminCancel(server, observer.id, { amountCents: 0, reason: 'Not attending' }, admin.client.authStore.token))
      .toMatchObject({ status: 200, body: { refundCents: 0, refundStatus: 'none' } });
    const waitlisted = await seatAt(su, user, event.id, 'waitlisted');
    expect(await adminCancel(server, waitlisted.id, { amountCents: 0, reason: 'x' }, admin.client.authStore.token))
      .toMatchObject({ status: 409, body: { message: 'This is a waitlist entry, which holds no seat: there is nothing to cancel.' } });
  });
});

describe('analytics', () => {
  it('count attendee refunds in the revenue: refunded, net of them, and the failed ones apart', async () => {
    const admin = await createUser(server, su, 'administrator');
    const figures = async () => {
      const response = await fetch(`${server.url}/api/masterclass/admin/analytics`, { headers: { Authorization: admin.client.authStore.token } });
      return (await response.json()).revenue as { grossCents: number; refundedCents: number; netCents: number; failedRefundsCents: number };
    };
    await startEventIn(su, 10);
    const before = await figures();
    const paid = await paidRegistration(1);
    const user = await ownedBy(paid.attendees[0]);
    expect((await cancel(server, { attendee: paid.attendees[0].id, expectedRefundCents: 24750 }, user.client.authStore.token)).status).toBe(200);
    const after = await figures();
    expect(after.grossCents - before.grossCents).toBe(49500);
    expect(after.refundedCents - before.refundedCents).toBe(24750);
    expect(after.netCents - before.netCents).toBe(49500 - 24750);
    // the refund Stripe kept refusing (above) is shown apart, for an administrator to make by hand
    expect(after.failedRefundsCents).toBe(49500);
  });
});
