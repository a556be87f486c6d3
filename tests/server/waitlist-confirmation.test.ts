// Seats cannot be squatted through the waitlist: made-up sign-ups during open
// sales get no offer and a real registration still gets its seat; a seat is
// offered only to an entry whose address is confirmed with the link in its
// email (a POST from the page the link opens); a forged, expired or
// misplaced token is refused and writes nothing; the outbox administrators
// read holds no working status or confirmation link; open offers count toward
// the per-email and per-client hold limits of unpaid checkouts.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { startTestServer, type TestServer } from '../support/pocketbase';
import { serverForFile, unique } from './helpers';
import { LIMITS_RAISED, attendee, counts, get, minutesFromNow, post, promoBody, register } from './registration-helpers';
import {
  claimBody, claimOf, confirmEntry, joinWaitlist, newEvent, offersOf, runOffersCron, seat, waitForOffers, waitlistLinks,
} from './waitlist-offer-helpers';

let server: TestServer;
let su: PocketBase;

serverForFile((started) => ({ server, su } = started), { env: LIMITS_RAISED });

const cancel = (attendeeId: string) => su.collection('attendees').update(attendeeId, { registration_status: 'cancelled' });
const confirmCall = (body: unknown) => post(server, '/api/masterclass/waitlist-confirm', body);

async function promoCode(client: PocketBase, eventId: string): Promise<string> {
  const code = unique('REAL').toUpperCase();
  await client.collection('promo_codes').create({ code, event: eventId, max_uses: 50, used_count: 0, expires_at: minutesFromNow(600), active: true });
  return code;
}

async function mailLinkKey(client: PocketBase): Promise<string> {
  return (await client.collection('app_secrets').getFirstListItem('name = "mail_link_token"')).value as string;
}

const hmac = (key: string, message: string) => createHmac('sha256', key).update(message).digest('hex');

describe('squatting through the waitlist', () => {
  it('two made-up sign-ups during open sales get no offer, and a real promo registration still gets a seat', async () => {
    const event = await newEvent(su, { capacity: 2, sales_state: 'open' });
    // A seat sold and then cancelled: the offer pass runs while both seats are free.
    const [sold] = await seat(su, event.id, 1);
    const squatters = await joinWaitlist(server, su, event.id, 2, { fullName: 'Made Up' }, { confirm: false });
    await cancel(sold.id);
    await runOffersCron(su, async () => true);
    expect(await offersOf(su, event.id)).toHaveLength(0);
    // Even confirmed, nobody on the waitlist is offered a seat while the public can buy it.
    for (const squatter of squatters) await confirmEntry(su, server, squatter.attendeeId);
    await runOffersCron(su, async () => true);
    expect(await offersOf(su, event.id)).toHaveLength(0);
    expect((await get(server, `/api/masterclass/event?event=${event.id}`)).body).toMatchObject({ seats_left: 2, sales_state: 'open' });

    const real = await register(server, promoBody(await promoCode(su, event.id), { event: event.id, attendees: [attendee({ email: `${unique('real-')}@example.com` })] }));
    expect(real.status, JSON.stringify(real.body)).toBe(201);
    expect(real.body.status).toBe('completed');
  });

  it('the status page says seats are on sale while sales are open, and the admin card why no offer is made', async () => {
    const event = await newEvent(su, { capacity: 1, sales_state: 'open' });
    await seat(su, event.id, 1);
    const [person] = await joinWaitlist(server, su, event.id, 1);
    const { status } = await waitlistLinks(su, server, person.attendeeId);
    expect((await get(server, `/api/masterclass/waitlist-status${status.search}`)).body).toMatchObject({ state: 'on_sale', position: 1 });
  });
});

describe('only confirmed entries are offered seats', () => {
  it('after a sell-out an unconfirmed entry gets no offer while a confirmed one does; confirming later puts it back at its place', async () => {
    const event = await newEvent(su, { capacity: 1 });
    const [taken] = await seat(su, event.id, 1);
    const [unconfirmed] = await joinWaitlist(server, su, event.id, 1, {}, { confirm: false });
    const [confirmed, later] = await joinWaitlist(server, su, event.id, 2);
    const unconfirmedStatus = (await waitlistLinks(su, server, unconfirmed.attendeeId)).status;
    expect((await get(server, `/api/masterclass/waitlist-status${unconfirmedStatus.search}`)).body).toMatchObject({
      state: 'unconfirmed', position: 1, person: { emailConfirmed: false },
    });

    await cancel(taken.id);
    const [offer] = await waitForOffers(su, event.id, 1);
    expect(offer).toMatchObject({ attendee: confirmed.attendeeId, trigger: 'cancellation' });
    await runOffersCron(su, async () => true);
    expect(await offersOf(su, event.id)).toHaveLength(1);

    // Confirmed now: back in line at its sign-up place, ahead of the person who joined later.
    await confirmEntry(su, server, unconfirmed.attendeeId);
    expect((await get(server, `/api/masterclass/waitlist-status${unconfirmedStatus.search}`)).body).toMatchObject({
      state: 'waiting', position: 1, person: { emailConfirmed: true },
    });
    const declined = await fetch(`${server.url}/api/masterclass/waitlist-offers/decline${(await claimLinkDecline(offer.id)).search}`, { method: 'POST' });
    expect(declined.status).toBe(200);
    const next = await waitForOffers(su, event.id, 1, 'open');
    expect(next[0].attendee).toBe(unconfirmed.attendeeId);
    expect(next[0].attendee).not.toBe(later.attendeeId);
    expect((await get(server, `/api/masterclass/event?event=${event.id}`)).body.seats_left).toBe(0);
  });

  it('the administrators see how many entries are confirmed and unconfirmed, and why an unconfirmed one is not in line', async () => {
    const event = await newEvent(su, { capacity: 1 });
    await seat(su, event.id, 1);
    const [waiting] = await joinWaitlist(server, su, event.id, 1);
    const [pending] = await joinWaitlist(server, su, event.id, 2, {}, { confirm: false });
    const answer = await fetch(`${server.url}/api/masterclass/admin/waitlist/${event.id}`, { headers: { Authorization: su.authStore.token } });
    const body = await answer.json();
    expect(answer.status).toBe(200);
    expect(body.counts).toEqual({ confirmed: 1, unconfirmed: 2 });
    expect(body.queue.map((row: { attendee_id: string }) => row.attendee_id)).toEqual([waiting.attendeeId]);
    expect(body.left).toEqual(expect.arrayContaining([expect.objectContaining({ attendee_id: pending.attendeeId, reason: 'unconfirmed' })]));
  });
});

/** The decline link of an offer, from its email's working copy. */
async function claimLinkDecline(offerId: string): Promise<URL> {
  const offer = await su.collection('waitlist_offers').getOne(offerId);
  const secret = await su.collection('email_secrets').getFirstListItem(su.filter('email = {:id}', { id: offer.outbox_email }));
  const href = String(secret.links).split('\n').find((link) => link.includes('/waitlist-offers/decline'));
  return new URL(href!);
}

describe('confirming by the link', () => {
  it('the link opens the page without confirming (mail scanners); its POST confirms once, and again changes nothing', async () => {
    const event = await newEvent(su, { capacity: 1 });
    await seat(su, event.id, 1);
    const [person] = await joinWaitlist(server, su, event.id, 1, {}, { confirm: false });
    const { confirm } = await waitlistLinks(su, server, person.attendeeId);
    expect(confirm.searchParams.get('attendee')).toBe(person.attendeeId);

    // Opening the link (the status route it reads) confirms nothing.
    const opened = await get(server, `/api/masterclass/waitlist-status?attendee=${person.attendeeId}&token=${confirm.searchParams.get('token')}`);
    expect(opened.body).toMatchObject({ state: 'unconfirmed', person: { emailConfirmed: false } });
    expect((await su.collection('attendees').getOne(person.attendeeId)).waitlist_confirmed_at).toBe('');

    const body = { attendee: person.attendeeId, token: confirm.searchParams.get('confirmToken') };
    const first = await confirmCall(body);
    expect(first).toMatchObject({ status: 200, body: { confirmed: true, alreadyConfirmed: false } });
    const confirmedAt = (await su.collection('attendees').getOne(person.attendeeId)).waitlist_confirmed_at;
    expect(confirmedAt).not.toBe('');
    const again = await confirmCall(body);
    expect(again).toMatchObject({ status: 200, body: { confirmed: true, alreadyConfirmed: true } });
    expect((await su.collection('attendees').getOne(person.attendeeId)).waitlist_confirmed_at).toBe(confirmedAt);
  });

  it('joining again with an unconfirmed address sends a new confirmation link (at most once an hour), and writes nothing else', async () => {
    const event = await newEvent(su, { capacity: 1 });
    const email = `${unique('again-')}@example.com`;
    const body = { mode: 'waitlist', event: event.id, attendees: [attendee({ email })], privacyConsent: true, marketingConsent: false };
    const joined = await register(server, body);
    expect(joined.status).toBe(201);
    const [row] = await su.collection('attendees').getFullList({ filter: su.filter('registration = {:id}', { id: joined.body.registrationId }) });
    const mails = () => su.collection('emails').getFullList({ filter: su.filter('attendee = {:id} && template = "waitlist_confirmation"', { id: row.id }) });
    expect(await mails()).toHaveLength(1);

    // Within the hour: answered as any second entry, nothing sent.
    expect(await register(server, body)).toMatchObject({ status: 200, body: { alreadyOnWaitlist: true } });
    expect(await mails()).toHaveLength(1);

    // The email is gone (lost, or over an hour old): joining again, in another letter case, sends a new link that works.
    await su.collection('emails').delete((await mails())[0].id);
    const again = await register(server, { ...body, attendees: [attendee({ email: email.toUpperCase() })] });
    expect(again).toMatchObject({ status: 200, body: { alreadyOnWaitlist: true } });
    expect(await mails()).toHaveLength(1);
    expect((await su.collection('attendees').getFullList({ filter: su.filter('event = {:id}', { id: event.id }) }))).toHaveLength(1);
    await confirmEntry(su, server, row.id);
    expect(await register(server, body)).toMatchObject({ status: 200, body: { alreadyOnWaitlist: true } });
    await su.collection('emails').delete((await mails())[0].id);
    // Confirmed: nothing more is sent.
    expect(await register(server, body)).toMatchObject({ status: 200 });
    expect(await mails()).toHaveLength(0);
  });
});

describe('refused confirmations change nothing', () => {
  it('a forged, expired or another entry\'s token, a malformed body and a removed entry each get a clear message', async () => {
    const event = await newEvent(su, { capacity: 1 });
    await seat(su, event.id, 1);
    const [person, other] = await joinWaitlist(server, su, event.id, 2, {}, { confirm: false });
    const key = await mailLinkKey(su);
    const before = await counts(su);

    const forged = await confirmCall({ attendee: person.attendeeId, token: `${Math.floor(Date.now() / 1000) + 3600}.${'a'.repeat(64)}` });
    expect(forged).toMatchObject({ status: 403, body: { message: 'This confirmation link is not valid. Please open the link in your waitlist email exactly as it was sent.' } });

    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = await confirmCall({ attendee: person.attendeeId, token: `${past}.${hmac(key, `waitlist-confirm:${person.attendeeId}:${past}`)}` });
    expect(expired).toMatchObject({ status: 410, body: { data: { token: { code: 'expired' } } } });
    expect(expired.body.message).toContain('This confirmation link has expired.');

    const otherToken = (await waitlistLinks(su, server, other.attendeeId)).confirm.searchParams.get('confirmToken');
    expect((await confirmCall({ attendee: person.attendeeId, token: otherToken })).status).toBe(403);
    // The status link's token is not a confirmation token.
    const statusToken = (await waitlistLinks(su, server, person.attendeeId)).status.searchParams.get('token');
    expect((await confirmCall({ attendee: person.attendeeId, token: statusToken })).status).toBe(403);

    expect((await confirmCall({ attendee: person.attendeeId })).status).toBe(400);
    expect((await confirmCall({ attendee: person.attendeeId, token: otherToken, extra: 1 })).status).toBe(400);
    const notJson = await fetch(`${server.url}/api/masterclass/waitlist-confirm`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{' });
    expect(notJson.status).toBe(400);
    expect((await fetch(`${server.url}/api/masterclass/waitlist-confirm?attendee=${person.attendeeId}&token=${otherToken}`)).status).not.toBe(200);

    for (const id of [person.attendeeId, other.attendeeId]) expect((await su.collection('attendees').getOne(id)).waitlist_confirmed_at).toBe('');
    expect(await counts(su)).toEqual(before);

    // An entry no longer waiting: a real token, refused as nothing to confirm.
    const ownToken = (await waitlistLinks(su, server, person.attendeeId)).confirm.searchParams.get('confirmToken');
    await su.collection('attendees').update(person.attendeeId, { registration_status: 'cancelled' });
    expect(await confirmCall({ attendee: person.attendeeId, token: ownToken })).toMatchObject({ status: 409, body: { data: { attendee: { code: 'not_waiting' } } } });
    await su.collection('attendees').delete(person.attendeeId);
    expect(await confirmCall({ attendee: person.attendeeId, token: ownToken })).toMatchObject({ status: 404 });
  });
});

describe('what an administrator can read of the waitlist email', () => {
  it('holds neither a working status link nor a working confirmation link; email_secrets holds both', async () => {
    const event = await newEvent(su, { capacity: 1 });
    const [person] = await joinWaitlist(server, su, event.id, 1, {}, { confirm: false });
    const key = await mailLinkKey(su);
    const statusToken = hmac(key, `waitlist-status:${person.attendeeId}`);
    const mail = await su.collection('emails').getFirstListItem(su.filter('attendee = {:id} && template = "waitlist_confirmation"', { id: person.attendeeId }));
    for (const text of [mail.html, mail.text, mail.subject]) {
      expect(text).not.toContain(statusToken);
      expect(text).not.toMatch(/confirmToken=\d/);
      expect(text).not.toMatch(/[0-9a-f]{64}/);
    }
    expect(mail.text).toContain('token=[hidden]');
    expect(mail.text).toContain('confirmToken=[hidden]');
    expect(mail.text).toContain('Confirm My Email Address');

    const { status, confirm } = await waitlistLinks(su, server, person.attendeeId);
    expect(status.searchParams.get('token')).toBe(statusToken);
    expect(confirm.searchParams.get('confirmToken')).toMatch(/^\d+\.[0-9a-f]{64}$/);
  });
});

describe('open offers count toward the hold limits of unpaid checkouts', () => {
  let limited: TestServer;
  let lsu: PocketBase;
  beforeAll(async () => {
    limited = await startTestServer({
      env: { SIMULATED_CHECKOUT: 'on', RATE_LIMITS: 'off', HOLD_SEATS_PER_EMAIL: '1', HOLD_SEATS_PER_CLIENT: '2', TRUSTED_PROXY_HEADERS: 'X-Forwarded-For' },
    });
    lsu = await limited.admin();
  });
  afterAll(async () => {
    await limited?.stop();
  });

  const from = (address: string, body: unknown) => fetch(`${limited.url}/api/masterclass/registrations`, {
    method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address }, body: JSON.stringify(body),
  }).then(async (response) => ({ status: response.status, body: await response.json() }));

  async function joinFrom(address: string, eventId: string): Promise<{ attendeeId: string; email: string }> {
    const email = `${unique('held-')}@example.com`;
    const answer = await from(address, { mode: 'waitlist', event: eventId, attendees: [attendee({ email })], privacyConsent: true, marketingConsent: false });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const row = await lsu.collection('attendees').getFirstListItem(lsu.filter('registration = {:id}', { id: answer.body.registrationId }));
    await confirmEntry(lsu, limited, row.id);
    return { attendeeId: row.id, email };
  }

  it('per email: an address holding an offer cannot start another checkout, but can claim the offer itself', async () => {
    const soldOut = await newEvent(lsu, { capacity: 1 });
    const onSale = await newEvent(lsu, { capacity: 5, sales_state: 'open' });
    const [taken] = await seat(lsu, soldOut.id, 1);
    const person = await joinFrom('203.0.113.10', soldOut.id);
    await lsu.collection('attendees').update(taken.id, { registration_status: 'cancelled' });
    const [offer] = await waitForOffers(lsu, soldOut.id, 1);
    expect(offer.attendee).toBe(person.attendeeId);

    const before = await counts(lsu);
    const refused = await from('203.0.113.11', { mode: 'paid', event: onSale.id, attendees: [attendee({ email: person.email })], privacyConsent: true });
    expect(refused.status).toBe(429);
    expect(refused.body.data.holds.code).toBe('held_seats_email');
    expect(refused.body.message).toContain('open waitlist seat offers');
    expect(await counts(lsu)).toEqual(before);

    const claim = await from('203.0.113.11', claimBody(soldOut.id, person.email, await claimOf(lsu, limited, offer)));
    expect(claim.status, JSON.stringify(claim.body)).toBe(201);
  });

  it('per client: offers to entries made from one connection count for it, and the offer pass skips that connection at its limit', async () => {
    const soldOut = await newEvent(lsu, { capacity: 3 });
    const onSale = await newEvent(lsu, { capacity: 5, sales_state: 'open' });
    const seated = await seat(lsu, soldOut.id, 3);
    const first = await joinFrom('203.0.113.20', soldOut.id);
    const second = await joinFrom('203.0.113.20', soldOut.id);
    const third = await joinFrom('203.0.113.20', soldOut.id);
    const elsewhere = await joinFrom('203.0.113.30', soldOut.id);
    await Promise.all(seated.map((row) => lsu.collection('attendees').update(row.id, { registration_status: 'cancelled' })));
    const offers = await waitForOffers(lsu, soldOut.id, 3);
    // Two from the connection (its limit), the third seat to the person from elsewhere.
    expect(offers.map((offer) => offer.attendee).sort()).toEqual([first.attendeeId, second.attendeeId, elsewhere.attendeeId].sort());
    expect(offers.map((offer) => offer.attendee)).not.toContain(third.attendeeId);

    const before = await counts(lsu);
    const refused = await from('203.0.113.20', { mode: 'paid', event: onSale.id, attendees: [attendee({ email: `${unique('new-')}@example.com` })], privacyConsent: true });
    expect(refused.status).toBe(429);
    expect(refused.body.data.holds.code).toBe('held_seats_client');
    expect(await counts(lsu)).toEqual(before);
    expect((await from('203.0.113.21', { mode: 'paid', event: onSale.id, attendees: [attendee({ email: `${unique('new-')}@example.com` })], privacyConsent: true })).status).toBe(201);
  });
});
