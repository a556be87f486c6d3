// Waitlist offers on a real PocketBase: a freed seat reaches the
// longest-waiting person as an offer that holds the seat, the offer is
// claimed (free, with a promo code), declined or expires, and the next person
// gets the seat; 20 seats freed at once with 30 people waiting make exactly
// 20 offers to the 20 longest-waiting; the public never buys a seat an offer
// holds; the claim link is refused when used twice, late, by someone else,
// forged or for another masterclass, and nothing is written then.
// (Paid claims through Stripe: waitlist-offers-stripe.test.ts; the queue
// order: waitlist-offers-queue.test.ts; administrators: waitlist-offers-admin.test.ts.)
import { describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import { serverForFile, unique } from './helpers';
import { LIMITS_RAISED, attendee, counts, get, minutesFromNow, register } from './registration-helpers';
import {
  claimBody, claimOf, joinWaitlist, newEvent, offerLink, offersOf, runOffersCron, seat, seatCount, seatsLeftAt, waitForOffers,
} from './waitlist-offer-helpers';

let server: TestServer;
let su: PocketBase;

// The scheduler never ticks on its own here (CRON_INTERVAL): a test runs the offers pass when it means to
// (runOffersCron), so an offer made by a freed seat is known to come from the cancellation, never from the
// every-minute pass happening to run at the same moment.
serverForFile((started) => ({ server, su } = started), { env: { ...LIMITS_RAISED, CRON_INTERVAL: '720h' } });

const cancel = (attendeeId: string) => su.collection('attendees').update(attendeeId, { registration_status: 'cancelled' });

async function promoCode(eventId: string): Promise<string> {
  const code = unique('SEAT').toUpperCase();
  await su.collection('promo_codes').create({ code, event: eventId, max_uses: 50, used_count: 0, expires_at: minutesFromNow(600), active: true });
  return code;
}

describe('offering freed seats', () => {
  it('20 seats freed at once with 30 people waiting: exactly 20 offers, to the 20 longest-waiting, never over capacity', async () => {
    const event = await newEvent(su, { capacity: 20, sales_state: 'sold_out' });
    const seated = await seat(su, event.id, 20);
    const waiting = await joinWaitlist(server, su, event.id, 30);
    expect(await offersOf(su, event.id)).toHaveLength(0);

    await Promise.all(seated.map((row) => cancel(row.id)));

    const offers = await waitForOffers(su, event.id, 20);
    expect(offers.map((offer) => offer.attendee).sort()).toEqual(waiting.slice(0, 20).map((person) => person.attendeeId).sort());
    expect(new Set(offers.map((offer) => offer.email)).size).toBe(20);
    expect(await seatCount(su, event.id)).toEqual({ confirmed: 0, held: 0, offers: 20 });
    expect(await seatsLeftAt(server, event.id)).toBe(0);
    for (const offer of offers) expect(offer.trigger).toBe('cancellation');

    // The pass run again (the cron) finds no free seat: no 21st offer.
    await runOffersCron(su, async () => (await offersOf(su, event.id)).length === 20);
    expect(await offersOf(su, event.id)).toHaveLength(20);
  });

  it('two seats freed at once with one person waiting: one offer, and the other seat is for sale', async () => {
    const event = await newEvent(su, { capacity: 2 });
    const seated = await seat(su, event.id, 2);
    const [only] = await joinWaitlist(server, su, event.id, 1);
    await Promise.all(seated.map((row) => cancel(row.id)));
    const [offer] = await waitForOffers(su, event.id, 1);
    expect(offer).toMatchObject({ attendee: only.attendeeId, email: only.email.toLowerCase(), status: 'open' });
    await runOffersCron(su, async () => true);
    expect(await offersOf(su, event.id)).toHaveLength(1);
    expect(await seatsLeftAt(server, event.id)).toBe(1);
  });

  it('an offer holds the last seat: the public is refused as sold out while it is open', async () => {
    const event = await newEvent(su, { capacity: 1 });
    const [taken] = await seat(su, event.id, 1);
    await joinWaitlist(server, su, event.id, 1);
    await cancel(taken.id);
    await waitForOffers(su, event.id, 1);

    const before = await counts(su);
    const refused = await register(server, { mode: 'paid', event: event.id, attendees: [attendee()], privacyConsent: true });
    expect(refused.status).toBe(409);
    expect(refused.body.data.sales.code).toBe('sold_out');
    expect((await get(server, `/api/masterclass/event?event=${event.id}`)).body).toMatchObject({ seats_left: 0, sales_state: 'sold_out' });
    expect(await counts(su)).toEqual(before);
  });

  it('raising the capacity offers the new seats; a deleted confirmed attendee frees one too', async () => {
    const event = await newEvent(su, { capacity: 2 });
    const seated = await seat(su, event.id, 2);
    const waiting = await joinWaitlist(server, su, event.id, 4);
    await su.collection('events').update(event.id, { capacity: 4 });
    const offers = await waitForOffers(su, event.id, 2);
    expect(offers.map((offer) => offer.attendee)).toEqual(waiting.slice(0, 2).map((person) => person.attendeeId));
    expect(offers[0].trigger).toBe('capacity_raised');

    await su.collection('attendees').delete(seated[0].id);
    const after = await waitForOffers(su, event.id, 3);
    expect(after[2]).toMatchObject({ attendee: waiting[2].attendeeId, trigger: 'attendee_removed' });
  });

  it('makes no offer for a masterclass whose sales are closed, nor for one that has started', async () => {
    const closed = await newEvent(su, { capacity: 1, sales_state: 'closed' });
    const [a] = await seat(su, closed.id, 1);
    await joinWaitlist(server, su, closed.id, 1);
    await cancel(a.id);
    const started = await newEvent(su, { capacity: 1, starts_at: minutesFromNow(-30), ends_at: minutesFromNow(60) });
    const [b] = await seat(su, started.id, 1);
    // (The waitlist email of a masterclass under way has no confirmation link: nothing is offered any more.)
    await joinWaitlist(server, su, started.id, 1, {}, { confirm: 'quietly' });
    await cancel(b.id);
    await runOffersCron(su, async () => true);
    expect(await offersOf(su, closed.id)).toHaveLength(0);
    expect(await offersOf(su, started.id)).toHaveLength(0);

    // Sales reopened: the freed seat goes to the waitlist.
    await su.collection('events').update(closed.id, { sales_state: 'sold_out' });
    expect((await waitForOffers(su, closed.id, 1))[0].trigger).toBe('sales_reopened');
  });

  it('skips unsubscribed addresses, people who already had an offer, people with a seat, and a second entry of the same person', async () => {
    const event = await newEvent(su, { capacity: 3 });
    const seated = await seat(su, event.id, 3);
    const [unsubscribed, duplicate, seatedAlready, next] = await joinWaitlist(server, su, event.id, 4);
    await su.collection('unsubscribes').create({ email: unsubscribed.email.toUpperCase() });
    // the same person again, later and in another letter case (the route refuses a second entry, so the superuser makes it)
    const again = await su.collection('registrations').create({ event: event.id, kind: 'waitlist', status: 'pending', primary_email: duplicate.email, currency: 'AUD', total_amount_cents: 0 });
    const second = await su.collection('attendees').create({
      registration: again.id, event: event.id, email: duplicate.email.toUpperCase(), full_name: 'Again', registration_status: 'waitlisted',
    });
    await su.collection('attendees').update(seated[0].id, { email: seatedAlready.email });
    await cancel(seated[1].id);
    await cancel(seated[2].id);
    const offers = await waitForOffers(su, event.id, 2);
    expect(offers.map((offer) => offer.attendee)).toEqual([duplicate.attendeeId, next.attendeeId]);
    expect(offers.map((offer) => offer.attendee)).not.toContain(second.id);
  });
});

describe('the offer email', () => {
  it('names the seat and until when it is held, with claim and decline links whose tokens the outbox copy hides', async () => {
    const event = await newEvent(su, { capacity: 1, waitlist_claim_hours: 6 });
    const [taken] = await seat(su, event.id, 1);
    const [person] = await joinWaitlist(server, su, event.id, 1);
    await cancel(taken.id);
    const [offer] = await waitForOffers(su, event.id, 1);
    const held = (Date.parse(offer.expires_at.replace(' ', 'T')) - Date.parse(offer.offered_at.replace(' ', 'T'))) / 3600_000;
    expect(held).toBeCloseTo(6, 3);

    const email = await su.collection('emails').getOne(offer.outbox_email);
    expect(email).toMatchObject({ to: person.email.toLowerCase(), template: 'waitlist_offer', attendee: person.attendeeId });
    expect(email.subject).toBe('A seat at the AI Champions Masterclass on Wednesday 18 June 2031 is held for you');
    expect(email.text).toContain('A seat has become free at the AI CHAMPIONS MASTERCLASS on Wednesday 18 June 2031, 11:30 am – 2:30 pm ACST');
    expect(email.text).toMatch(/The seat is yours until \w+day \d+ \w+ \d{4}, \d+:\d\d [ap]m AC[SD]T/);
    expect(email.text).toContain('offerToken=[hidden]');
    expect(email.text).toContain('token=[hidden]');
    expect(email.html).not.toMatch(/offerToken=[0-9a-f]{64}/);

    const claim = await offerLink(su, server, offer, '/register?');
    expect(claim.searchParams.get('offer')).toBe(offer.id);
    expect(claim.searchParams.get('offerToken')).toMatch(/^[0-9a-f]{64}$/);
    const decline = await offerLink(su, server, offer, '/waitlist-offers/decline');
    expect(decline.searchParams.get('token')).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('claiming', () => {
  it('with a promo code: the waitlisted row becomes the confirmed attendee, the offer is claimed, and the link works once', async () => {
    const event = await newEvent(su, { capacity: 1, sales_state: 'sold_out' });
    const code = await promoCode(event.id);
    const [taken] = await seat(su, event.id, 1);
    const [person] = await joinWaitlist(server, su, event.id, 1);
    await cancel(taken.id);
    const [offer] = await waitForOffers(su, event.id, 1);
    const link = await claimOf(su, server, offer);

    const details = await get(server, `/api/masterclass/waitlist-offers/claim?offer=${link.offer}&token=${link.token}`);
    expect(details.status).toBe(200);
    expect(details.body.offer).toMatchObject({ id: offer.id, event: event.id, state: 'open' });
    expect(details.body.attendee).toMatchObject({ email: person.email, fullName: 'Waiting Person 1', company: 'Analytical Engines', role: 'Senior Manager' });

    const answer = await register(server, claimBody(event.id, person.email.toUpperCase(), link, 'promo', { promoCode: code }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const row = await su.collection('attendees').getOne(person.attendeeId);
    expect(row).toMatchObject({ registration: answer.body.registrationId, registration_status: 'confirmed', full_name: 'Claiming Person', dietary_requirements: 'Vegetarian' });
    expect(row.ticket_code).not.toBe('');
    expect(await su.collection('attendees').getFullList({ filter: su.filter('event = {:id}', { id: event.id }) })).toHaveLength(2);
    expect(await su.collection('waitlist_offers').getOne(offer.id)).toMatchObject({ status: 'claimed', registration: answer.body.registrationId });
    expect(await seatCount(su, event.id)).toEqual({ confirmed: 1, held: 0, offers: 0 });
    const mails = await su.collection('emails').getFullList({ filter: su.filter('registration = {:id}', { id: answer.body.registrationId }) });
    expect(mails.map((mail) => mail.attendee)).toEqual([person.attendeeId, person.attendeeId]);

    // The link used twice, and declining after the claim: refused, nothing written.
    const before = await counts(su);
    const again = await register(server, claimBody(event.id, person.email, link, 'promo', { promoCode: code }));
    expect(again).toMatchObject({ status: 409, body: { data: { waitlistOffer: { code: 'claimed' } } } });
    expect(again.body.message).toBe('You have already claimed this seat. Your confirmation email has the details.');
    const decline = await offerLink(su, server, offer, '/waitlist-offers/decline');
    const declined = await fetch(`${server.url}${decline.pathname}${decline.search}`, { method: 'POST' });
    expect(declined.status).toBe(409);
    expect(await declined.text()).toContain('You have claimed this seat');
    expect(await counts(su)).toEqual(before);
    expect((await su.collection('waitlist_offers').getOne(offer.id)).status).toBe('claimed');
  });

  it('refuses a forged link, another address, another masterclass, two attendees, a waitlist entry and an expired offer, writing nothing', async () => {
    const event = await newEvent(su, { capacity: 1 });
    const other = await newEvent(su, { capacity: 5 });
    const [taken] = await seat(su, event.id, 1);
    const [person] = await joinWaitlist(server, su, event.id, 1);
    await cancel(taken.id);
    const [offer] = await waitForOffers(su, event.id, 1);
    const link = await claimOf(su, server, offer);
    const before = await counts(su);

    const forged = await register(server, claimBody(event.id, person.email, { offer: link.offer, token: 'f'.repeat(64) }));
    expect(forged).toMatchObject({ status: 403, body: { data: { waitlistOffer: { code: 'invalid' } } } });
    const malformed = await register(server, claimBody(event.id, person.email, { offer: link.offer, token: 'nope' }));
    expect(malformed).toMatchObject({ status: 400, body: { data: { waitlistOffer: { code: 'invalid' } } } });
    const someoneElse = await register(server, claimBody(event.id, 'someone.else@example.com', link));
    expect(someoneElse).toMatchObject({ status: 403, body: { data: { waitlistOffer: { code: 'other_email' } } } });
    expect(someoneElse.body.message).toBe('This seat is held for the address the offer was sent to. Please register with that address.');
    const otherEvent = await register(server, claimBody(other.id, person.email, link));
    expect(otherEvent).toMatchObject({ status: 409, body: { data: { waitlistOffer: { code: 'other_event' } } } });
    expect(otherEvent.body.message).toBe('This seat offer is for the AI CHAMPIONS MASTERCLASS on Wednesday 18 June 2031. Please open the link in your email again.');
    const two = await register(server, { ...claimBody(event.id, person.email, link), attendees: [attendee({ email: person.email }), attendee()] });
    expect(two).toMatchObject({ status: 400, body: { data: { attendees: { code: 'one_attendee' } } } });
    const waitlist = await register(server, { ...claimBody(event.id, person.email, link), mode: 'waitlist' });
    expect(waitlist).toMatchObject({ status: 400, body: { data: { waitlistOffer: { code: 'not_for_waitlist' } } } });
    expect(await counts(su)).toEqual(before);

    await su.collection('waitlist_offers').update(offer.id, { expires_at: minutesFromNow(-1) });
    const late = await register(server, claimBody(event.id, person.email, link));
    expect(late).toMatchObject({ status: 409, body: { data: { waitlistOffer: { code: 'expired' } } } });
    expect(late.body.message).toMatch(/^This seat offer expired on \w+day \d+ \w+ \d{4}, \d+:\d\d [ap]m AC[SD]T, so the seat went to the next person on the waitlist\.$/);
    expect(await counts(su)).toEqual(before);
    const forgedDetails = await get(server, `/api/masterclass/waitlist-offers/claim?offer=${link.offer}&token=${'0'.repeat(64)}`);
    expect(forgedDetails.status).toBe(403);
  });
});

describe('declining and expiry', () => {
  it('the decline link asks on GET, declines on POST, and the seat goes to the next person at once', async () => {
    const event = await newEvent(su, { capacity: 1 });
    const [taken] = await seat(su, event.id, 1);
    const [first, second] = await joinWaitlist(server, su, event.id, 2);
    await cancel(taken.id);
    const [offer] = await waitForOffers(su, event.id, 1);
    expect(offer.attendee).toBe(first.attendeeId);
    const link = await offerLink(su, server, offer, '/waitlist-offers/decline');
    const url = `${server.url}${link.pathname}${link.search}`;

    const asked = await fetch(url);
    expect(asked.status).toBe(200);
    const page = await asked.text();
    expect(page).toContain('Decline your seat?');
    expect(page).toContain('<form method="post"');
    expect((await su.collection('waitlist_offers').getOne(offer.id)).status).toBe('open');

    const forged = await fetch(`${server.url}${link.pathname}?offer=${offer.id}&token=${'a'.repeat(64)}`, { method: 'POST' });
    expect(forged.status).toBe(400);
    expect((await su.collection('waitlist_offers').getOne(offer.id)).status).toBe('open');

    const declined = await fetch(url, { method: 'POST' });
    expect(declined.status).toBe(200);
    expect(await declined.text()).toContain('Seat declined');
    expect((await su.collection('waitlist_offers').getOne(offer.id)).status).toBe('declined');
    const next = (await offersOf(su, event.id, 'open'))[0];
    expect(next).toMatchObject({ attendee: second.attendeeId, trigger: 'offer_declined' });
    expect(await seatCount(su, event.id)).toEqual({ confirmed: 0, held: 0, offers: 1 });

    const twice = await fetch(url, { method: 'POST' });
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain('You have declined this seat');
  });

  it('the cron expires an offer past its time and offers the seat to the next person', async () => {
    const event = await newEvent(su, { capacity: 1 });
    const [taken] = await seat(su, event.id, 1);
    const [first, second] = await joinWaitlist(server, su, event.id, 2);
    await cancel(taken.id);
    const [offer] = await waitForOffers(su, event.id, 1);
    expect(offer.attendee).toBe(first.attendeeId);

    await su.collection('waitlist_offers').update(offer.id, { expires_at: minutesFromNow(-1) });
    await runOffersCron(su, async () => (await su.collection('waitlist_offers').getOne(offer.id)).status === 'expired');
    const [next] = await waitForOffers(su, event.id, 1);
    expect(next).toMatchObject({ attendee: second.attendeeId, trigger: 'offer_expired' });
    expect(await seatCount(su, event.id)).toEqual({ confirmed: 0, held: 0, offers: 1 });

    // The first person's link now says the offer expired.
    const link = await claimOf(su, server, offer);
    const details = await get(server, `/api/masterclass/waitlist-offers/claim?offer=${link.offer}&token=${link.token}`);
    expect(details.body.offer.state).toBe('expired');
    expect(details.body.attendee).toBeNull();
  });
});
