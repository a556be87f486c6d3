// A paid claim of a waitlist offer through Stripe (stripe-mock checks every
// request; webhooks are signed by the `stripe` package): the checkout's hold
// takes the seat over from the offer, the payment confirms the waitlisted row
// itself and claims the offer in one transaction, and the seat is counted
// exactly once at every step, also when the checkout is abandoned (the offer
// holds the seat again until its own expiry), when the person starts a second
// checkout (the first is released, and paying it later is refunded), and when
// the payment arrives after the hold lapsed while the offer is still open.
import { describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import type { StripeMock } from '../support/stripe-mock';
import { unique } from './helpers';
import { attendee, minutesFromNow, register } from './registration-helpers';
import { checkoutEvent, deliverWebhook, paymentActionsOf, refundRequests, stripeServerForFile } from './stripe-helpers';
import { claimBody, claimOf, joinWaitlist, newEvent, offersOf, seat, seatCount, seatsLeftAt, waitForOffers } from './waitlist-offer-helpers';

let stripeMock: StripeMock;
let server: TestServer;
let su: PocketBase;

stripeServerForFile((started) => ({ stripeMock, server, su } = started));

/** A masterclass with one seat, freed while two people wait: the first holds an open offer. */
async function offeredSeat() {
  const event = await newEvent(su, { capacity: 1, sales_state: 'sold_out' });
  const [taken] = await seat(su, event.id, 1);
  const [first, second] = await joinWaitlist(server, su, event.id, 2);
  await su.collection('attendees').update(taken.id, { registration_status: 'cancelled' });
  const [offer] = await waitForOffers(su, event.id, 1);
  expect(offer.attendee).toBe(first.attendeeId);
  return { event, first, second, offer, link: await claimOf(su, server, offer) };
}

const paid = (sessionId: string, amount = 49500) =>
  deliverWebhook(server, checkoutEvent('checkout.session.completed', { id: sessionId, amount_total: amount, payment_intent: unique('pi_test_claim_') }));

describe('a paid claim', () => {
  it('holds the seat in checkout, then the payment confirms the waitlisted row and claims the offer; counted once throughout', async () => {
    const { event, first, offer, link } = await offeredSeat();
    expect(await seatCount(su, event.id)).toEqual({ confirmed: 0, held: 0, offers: 1 });

    const claim = await register(server, claimBody(event.id, first.email, link));
    expect(claim.status, JSON.stringify(claim.body)).toBe(201);
    expect(claim.body.sessionId).toMatch(/^cs_test_/);
    const request = stripeMock.requests.find((candidate) => candidate.path === '/v1/checkout/sessions' && candidate.form.client_reference_id === claim.body.registrationId);
    expect(request?.form['line_items[0][quantity]']).toBe('1');
    expect(request?.status).toBe(200);

    // In checkout: the hold counts the seat, the offer does not; the public still sees it sold out.
    expect(await seatCount(su, event.id)).toEqual({ confirmed: 0, held: 1, offers: 0 });
    expect(await seatsLeftAt(server, event.id)).toBe(0);
    const row = await su.collection('attendees').getOne(first.attendeeId);
    expect(row).toMatchObject({ registration: claim.body.registrationId, registration_status: 'waitlisted', dietary_requirements: 'Vegetarian' });
    expect(await su.collection('waitlist_offers').getOne(offer.id)).toMatchObject({ status: 'open', registration: claim.body.registrationId });
    expect((await su.collection('registrations').getOne(claim.body.registrationId)).waitlist_offer).toBe(offer.id);
    const publicBuyer = await register(server, { mode: 'paid', event: event.id, attendees: [attendee()], privacyConsent: true });
    expect(publicBuyer.status).toBe(409);

    expect(await paid(claim.body.sessionId)).toEqual({ status: 200, body: { received: true, outcome: 'fulfilled' } });
    expect(await su.collection('attendees').getOne(first.attendeeId)).toMatchObject({ registration_status: 'confirmed', registration: claim.body.registrationId });
    expect((await su.collection('waitlist_offers').getOne(offer.id)).status).toBe('claimed');
    expect(await seatCount(su, event.id)).toEqual({ confirmed: 1, held: 0, offers: 0 });
    expect(await su.collection('attendees').getFullList({ filter: su.filter('event = {:id} && email = {:email}', { id: event.id, email: first.email }) })).toHaveLength(1);
    expect(await offersOf(su, event.id)).toHaveLength(1);
    const mails = await su.collection('emails').getFullList({ filter: su.filter('registration = {:id}', { id: claim.body.registrationId }) });
    expect(mails.map((mail) => mail.template).sort()).toEqual(['registration_confirmation', 'user_account_invite']);
  });

  it('an abandoned checkout gives the seat back to the offer, which can be claimed again; nobody else is offered it', async () => {
    const { event, first, offer, link } = await offeredSeat();
    const claim = await register(server, claimBody(event.id, first.email, link));
    expect(claim.status).toBe(201);
    const expired = await deliverWebhook(server, checkoutEvent('checkout.session.expired', { id: claim.body.sessionId, status: 'expired', payment_status: 'unpaid', payment_intent: null }));
    expect(expired.status).toBe(200);
    expect((await su.collection('registrations').getOne(claim.body.registrationId)).status).toBe('expired');
    expect(await seatCount(su, event.id)).toEqual({ confirmed: 0, held: 0, offers: 1 });
    expect((await su.collection('attendees').getOne(first.attendeeId)).registration_status).toBe('waitlisted');
    expect(await offersOf(su, event.id)).toHaveLength(1);

    const again = await register(server, claimBody(event.id, first.email, link));
    expect(again.status).toBe(201);
    expect(await paid(again.body.sessionId)).toMatchObject({ body: { outcome: 'fulfilled' } });
    expect((await su.collection('waitlist_offers').getOne(offer.id)).status).toBe('claimed');
    expect(await seatCount(su, event.id)).toEqual({ confirmed: 1, held: 0, offers: 0 });
  });

  it('a second checkout takes over from the first; paying the first afterwards is refunded, never a second seat', async () => {
    const { event, first, offer, link } = await offeredSeat();
    const one = await register(server, claimBody(event.id, first.email, link));
    const two = await register(server, { ...claimBody(event.id, first.email, link), requestId: unique('request-id-').padEnd(24, 'x') });
    expect([one.status, two.status]).toEqual([201, 201]);
    expect((await su.collection('registrations').getOne(one.body.registrationId)).status).toBe('expired');
    expect(await seatCount(su, event.id)).toEqual({ confirmed: 0, held: 1, offers: 0 });

    const intent = unique('pi_test_first_');
    const late = await deliverWebhook(server, checkoutEvent('checkout.session.completed', { id: one.body.sessionId, amount_total: 49500, payment_intent: intent }));
    expect(late).toEqual({ status: 200, body: { received: true, outcome: 'seats_gone' } });
    expect(refundRequests(stripeMock, intent)).toHaveLength(1);
    expect((await paymentActionsOf(su, one.body.registrationId))[0]).toMatchObject({ kind: 'refund', status: 'done' });
    expect(await seatCount(su, event.id)).toEqual({ confirmed: 0, held: 1, offers: 0 });

    expect(await paid(two.body.sessionId)).toMatchObject({ body: { outcome: 'fulfilled' } });
    expect(await seatCount(su, event.id)).toEqual({ confirmed: 1, held: 0, offers: 0 });
    expect((await su.collection('waitlist_offers').getOne(offer.id)).status).toBe('claimed');
  });

  it('a payment after the hold lapsed keeps the seat while the offer is still open', async () => {
    const { event, first, offer, link } = await offeredSeat();
    const claim = await register(server, claimBody(event.id, first.email, link));
    await su.collection('registrations').update(claim.body.registrationId, { hold_expires_at: minutesFromNow(-1) });
    expect(await seatCount(su, event.id)).toEqual({ confirmed: 0, held: 0, offers: 1 });
    expect(await paid(claim.body.sessionId)).toMatchObject({ body: { outcome: 'fulfilled' } });
    expect((await su.collection('waitlist_offers').getOne(offer.id)).status).toBe('claimed');
    expect(await seatCount(su, event.id)).toEqual({ confirmed: 1, held: 0, offers: 0 });
  });
});
