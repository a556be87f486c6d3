// No payment without a seat or a refund. Registration refuses every address
// the fulfilment could never send a ticket to (an anonymised placeholder at
// deleted.invalid, reserved and special-use domains) before anything is
// written; any refusal after payment (attendees anonymised or deleted while
// the buyer paid, anything thrown while confirming) cancels the registration
// and refunds it once through payment_actions, however often Stripe replays;
// an administrator's Delete of a paid attendee asks for a refund decision and
// records it, and a plain records-API delete of such an attendee is refused.
// Stripe requests are checked by stripe-mock, webhooks signed by `stripe`.
import { describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import sharedRules from '../../pb_hooks/shared/shared-rules.json';
import type { TestServer } from '../support/pocketbase';
import type { StripeMock } from '../support/stripe-mock';
import { createUser, unique, type TestUser } from './helpers';
import { attendee, attendeesOf, counts, emailsOf, paidBody, register, seatsLeft, waitlistBody } from './registration-helpers';
import {
  checkoutEvent, deliverWebhook, paymentActionsOf, refundRequests, registerPaid, retryPaymentActionsNow, stripeServerForFile,
} from './stripe-helpers';
import { TIER_WORDS, startEventIn } from './cancellation-helpers';

let stripeMock: StripeMock;
let server: TestServer;
let su: PocketBase;
let admin: TestUser | undefined;

stripeServerForFile((started) => ({ stripeMock, server, su } = started));

const UNREACHABLE = [
  'someone@deleted.invalid', 'deleted-attendee-abc123@DELETED.INVALID', 'ada@lab.test', 'ada@host.localhost', 'ada@mail.example',
  'ada@printer.local', 'ada@hidden.onion', 'ada@router.home.arpa', 'ada@name.alt',
];

async function administrator(): Promise<TestUser> {
  admin ??= await createUser(server, su, 'administrator');
  return admin;
}

async function adminPost(path: string, body: unknown): Promise<{ status: number; body: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: (await administrator()).client.authStore.token },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

const deleteWithDecision = (attendeeId: string, body: unknown) => adminPost(`/api/masterclass/admin/attendees/${attendeeId}/delete`, body);

interface Paid {
  registrationId: string;
  sessionId: string;
  paymentIntent: string;
  rows: RecordModel[];
}

/** A paid registration's checkout, not yet paid: the payment intent Stripe will name, and its attendee rows. */
async function checkout(count = 1): Promise<Paid> {
  const registration = await registerPaid(server, count);
  return { ...registration, paymentIntent: unique('pi_test_'), rows: await attendeesOf(su, registration.registrationId) };
}

function paidEvent(paid: Paid, eventId?: string, type = 'checkout.session.completed') {
  return checkoutEvent(type, { id: paid.sessionId, payment_intent: paid.paymentIntent, amount_total: 49500 * paid.rows.length }, eventId);
}

/** A checkout paid through the webhook and confirmed. */
async function bought(count = 1): Promise<Paid> {
  const paid = await checkout(count);
  expect((await deliverWebhook(server, paidEvent(paid))).body.outcome).toBe('fulfilled');
  return { ...paid, rows: await attendeesOf(su, paid.registrationId) };
}

/** After a refusal: the registration cancelled and flagged, one refund of the whole payment made once, the buyer told. */
async function expectRefundedOnce(paid: Paid, reasonPart: string) {
  const registration = await su.collection('registrations').getOne(paid.registrationId);
  expect(registration).toMatchObject({ status: 'cancelled', needs_review: true });
  expect(registration.review_note).toContain(reasonPart);
  const actions = await paymentActionsOf(su, paid.registrationId);
  expect(actions).toHaveLength(1);
  expect(actions[0]).toMatchObject({
    kind: 'refund', status: 'done', attendee: '', payment_intent: paid.paymentIntent, amount_cents: 49500 * paid.rows.length,
    idempotency_key: `refund-${paid.registrationId}`,
  });
  expect(actions[0].reason).toContain('Paid, but the registration could not be confirmed');
  expect(actions[0].reason).toContain(reasonPart);
  const requests = refundRequests(stripeMock, paid.paymentIntent);
  expect(requests).toHaveLength(1);
  expect(requests[0].headers['idempotency-key']).toBe(`refund-${paid.registrationId}`);
  const emails = await emailsOf(su, paid.registrationId);
  expect(emails.filter((email) => email.template === 'confirmation')).toEqual([]);
  return { registration, emails };
}

describe('registration refuses an address its ticket could never reach', () => {
  it('answers a field error for each reserved or placeholder domain, in every mode, and writes nothing', async () => {
    const before = await counts(su);
    for (const email of UNREACHABLE) {
      for (const body of [paidBody(2, { attendees: [attendee(), attendee({ email })] }), waitlistBody({ attendees: [attendee({ email })] })]) {
        const answer = await register(server, body);
        const field = body.mode === 'paid' ? 'attendees.1.email' : 'attendees.0.email';
        expect(answer.status, email).toBe(400);
        expect(answer.body.data[field], email).toEqual({ code: 'undeliverable_email', message: sharedRules.email.reservedMessage });
      }
    }
    expect(await counts(su)).toEqual(before);
    expect(stripeMock.requests.filter((request) => request.path === '/v1/checkout/sessions')).toHaveLength(0);
  });

  it('still takes ordinary addresses, example.com included (see docs/security-and-privacy.md)', async () => {
    const answer = await register(server, paidBody(1, { attendees: [attendee({ email: `${unique('ada-')}@example.com` })] }));
    expect(answer.status).toBe(201);
    expect(answer.body.checkoutUrl).toBeTruthy();
  });

  it('refuses an administrator changing an attendee to such an address', async () => {
    const paid = await bought();
    const { client } = await administrator();
    const error = await client.collection('attendees').update(paid.rows[0].id, { email: 'ada@deleted.invalid' }).catch((failure) => failure);
    expect(error.status).toBe(400);
    expect(error.response.data.email).toEqual({ code: 'undeliverable_email', message: sharedRules.email.reservedMessage });
    expect((await su.collection('attendees').getOne(paid.rows[0].id)).email).toBe(paid.rows[0].email);
  });
});

describe('a payment that cannot become seats is refunded', () => {
  it('refunds once when an attendee was anonymised while the buyer paid, however often the webhook is replayed', async () => {
    const paid = await checkout(2);
    const { primary_email: buyerEmail } = await su.collection('registrations').getOne(paid.registrationId);
    const [gone] = paid.rows.filter((row) => row.email !== buyerEmail);
    await su.collection('attendees').update(gone.id, { email: `deleted-attendee-${gone.id}@deleted.invalid`, full_name: 'Deleted attendee' });
    const seats = await seatsLeft(server);
    const eventId = unique('evt_test_');
    const first = await deliverWebhook(server, paidEvent(paid, eventId));
    expect(first).toMatchObject({ status: 200, body: { received: true, outcome: 'refused' } });
    // The same event again, and another event about the same paid session
    expect((await deliverWebhook(server, paidEvent(paid, eventId))).body).toMatchObject({ duplicate: true });
    expect((await deliverWebhook(server, paidEvent(paid, undefined, 'checkout.session.async_payment_succeeded'))).status).toBe(200);
    const { emails } = await expectRefundedOnce(paid, `attendee ${gone.id}'s email address can never receive the ticket`);
    const refund = emails.filter((email) => email.template === 'refund_notice');
    expect(refund).toHaveLength(1);
    expect(refund[0].to).toBe(buyerEmail);
    expect(refund[0].text).toContain('we could not confirm your registration');
    expect(refund[0].text).toContain('AUD 990.00');
    expect((await attendeesOf(su, paid.registrationId)).map((row) => row.registration_status)).toEqual(['cancelled', 'cancelled']);
    expect(await seatsLeft(server)).toBe(seats + 2);
  });

  it('refunds when every attendee was deleted while the buyer paid', async () => {
    const paid = await checkout(1);
    const { client } = await administrator();
    await client.collection('attendees').delete(paid.rows[0].id);
    expect((await deliverWebhook(server, paidEvent(paid))).body.outcome).toBe('refused');
    const { emails } = await expectRefundedOnce(paid, 'every attendee of the registration was deleted');
    expect(emails.filter((email) => email.template === 'refund_notice')).toHaveLength(1);
  });

  it('refunds when confirming throws (an attendee row the database no longer accepts), through the webhook and the return page alike', async () => {
    const collection = await su.collections.getOne('attendees');
    const paid = await checkout(1);
    const returned = await checkout(1);
    // A field added in the dashboard that existing rows lack: saving a row now fails.
    await su.collections.update('attendees', { fields: [...collection.fields, { name: 'badge_colour', type: 'text', required: true }] });
    try {
      const answer = await deliverWebhook(server, paidEvent(paid));
      expect(answer).toMatchObject({ status: 200, body: { outcome: 'refused' } });
      stripeMock.sessionNext({ payment_status: 'paid', status: 'complete', currency: 'aud', payment_intent: returned.paymentIntent, amount_total: 49500 });
      const status = await fetch(`${server.url}/api/masterclass/checkout/${returned.sessionId}`);
      expect(status.status).toBe(200);
      expect((await status.json()).status).toBe('cancelled');
    } finally {
      await su.collections.update('attendees', { fields: collection.fields });
    }
    await expectRefundedOnce(paid, 'confirming it failed');
    await expectRefundedOnce(returned, 'confirming it failed');
    // A later replay of the same payment adds nothing
    expect((await deliverWebhook(server, paidEvent(returned))).body.outcome).toBe('seats_gone');
    await retryPaymentActionsNow(su, returned.registrationId);
    expect(refundRequests(stripeMock, returned.paymentIntent)).toHaveLength(1);
  });
});

describe("an administrator's Delete of an attendee who paid", () => {
  const refusedDelete = async (client: PocketBase, id: string) => client.collection('attendees').delete(id).then(() => null, (error) => error);

  it('is refused through the records API, for administrators and superusers, with a clear message', async () => {
    const paid = await bought();
    const { client } = await administrator();
    const seats = await seatsLeft(server);
    for (const caller of [client, su]) {
      const error = await refusedDelete(caller, paid.rows[0].id);
      expect(error?.status).toBe(409);
      expect(error.response.data.registration_status.code).toBe('paid_seat');
      expect(error.response.message).toContain('paid for their seat, so the record cannot simply be deleted');
    }
    expect((await su.collection('attendees').getOne(paid.rows[0].id)).registration_status).toBe('confirmed');
    expect(await seatsLeft(server)).toBe(seats);
    expect(await paymentActionsOf(su, paid.registrationId)).toEqual([]);
  });

  it('refunds by the terms, records the decision and keeps the row; the row then cannot be deleted', async () => {
    await startEventIn(su, 30);
    const paid = await bought();
    const seats = await seatsLeft(server);
    const answer = await deleteWithDecision(paid.rows[0].id, { refund: 'terms' });
    expect(answer).toMatchObject({ status: 200, body: { cancelled: true, kept: true, refundCents: 49500, refundStatus: 'done' } });
    const row = await su.collection('attendees').getOne(paid.rows[0].id);
    expect(row).toMatchObject({ registration_status: 'cancelled', cancelled_by: 'administrator' });
    expect(row.cancellation_reason).toBe(`Deleted by an administrator, refund by the terms (${TIER_WORDS.full})`);
    const [action] = await paymentActionsOf(su, paid.registrationId);
    expect(action).toMatchObject({ attendee: row.id, amount_cents: 49500, status: 'done', reason: row.cancellation_reason });
    expect(refundRequests(stripeMock, paid.paymentIntent)).toHaveLength(1);
    expect(await seatsLeft(server)).toBe(seats + 1);
    const status = await fetch(`${server.url}/api/masterclass/admin/attendees/${row.id}/cancellation`, { headers: { Authorization: (await administrator()).client.authStore.token } });
    expect(await status.json()).toMatchObject({ status: 'cancelled', cancelledBy: 'administrator', cancellationReason: row.cancellation_reason, refunds: [{ amountCents: 49500, reason: row.cancellation_reason }] });
    const error = await refusedDelete((await administrator()).client, row.id);
    expect(error?.response.data.attendee.code).toBe('refund_recorded');
  });

  it('refunds another amount or none, each with a required reason, and refuses a bad decision with nothing written', async () => {
    await startEventIn(su, 30);
    const paid = await bought(2);
    const [first, second] = paid.rows;
    const refusals: [unknown, string, string][] = [
      [{}, 'refund', 'Choose the refund: by the terms, another amount, or no refund.'],
      [{ refund: 'all' }, 'refund', 'Choose the refund: by the terms, another amount, or no refund.'],
      [{ refund: 'none' }, 'reason', 'Please give a reason: it is kept with the deletion.'],
      [{ refund: 'amount', amountCents: 1000, reason: '   ' }, 'reason', 'Please give a reason: it is kept with the deletion.'],
      [{ refund: 'amount', amountCents: 49501, reason: 'Goodwill' }, 'amountCents', 'The refund must be a whole number of cents from 0 to 49500.'],
      [{ refund: 'amount', amountCents: 12.5, reason: 'Goodwill' }, 'amountCents', 'The refund must be a whole number of cents from 0 to 49500.'],
    ];
    for (const [body, field, message] of refusals) {
      const answer = await deleteWithDecision(first.id, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.data[field].message).toBe(message);
    }
    expect((await su.collection('attendees').getOne(first.id)).registration_status).toBe('confirmed');
    expect(await paymentActionsOf(su, paid.registrationId)).toEqual([]);

    expect((await deleteWithDecision(first.id, { refund: 'amount', amountCents: 20000, reason: 'Goodwill: moved overseas' })).body)
      .toMatchObject({ refundCents: 20000, refundStatus: 'done' });
    expect((await deleteWithDecision(second.id, { refund: 'none', reason: 'Duplicate booking, paid again elsewhere' })).body)
      .toMatchObject({ refundCents: 0, refundStatus: 'none' });
    const actions = await paymentActionsOf(su, paid.registrationId);
    expect(actions.map((action) => [action.attendee, action.amount_cents, action.reason])).toEqual([
      [first.id, 20000, 'Deleted by an administrator, refund of another amount: Goodwill: moved overseas'],
    ]);
    expect((await su.collection('attendees').getOne(second.id))).toMatchObject({
      registration_status: 'cancelled', cancellation_reason: 'Deleted by an administrator, no refund: Duplicate booking, paid again elsewhere',
    });
    // Done once: a second decision finds the seat cancelled
    expect((await deleteWithDecision(second.id, { refund: 'terms' })).status).toBe(409);
    expect(refundRequests(stripeMock, paid.paymentIntent)).toHaveLength(1);
  });

  it('is for paid seats only: an attendee who paid nothing is deleted as before', async () => {
    const paid = await bought();
    await deleteWithDecision(paid.rows[0].id, { refund: 'none', reason: 'Cancelled by phone' });
    const free = await su.collection('attendees').create({
      registration: paid.registrationId, event: paid.rows[0].event, full_name: 'Free Guest', email: `${unique('free-')}@example.com`,
      registration_status: 'waitlisted', privacy_consent: true,
    });
    expect((await deleteWithDecision(free.id, { refund: 'terms' })).status).toBe(409);
    await (await administrator()).client.collection('attendees').delete(free.id);
    expect(await su.collection('attendees').getOne(free.id).then(() => true, () => false)).toBe(false);
  });
});
