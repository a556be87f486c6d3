// Administrators and the waitlist: the queue (position, name, email, waiting
// since) and the offers of one masterclass, offering a free seat by hand
// (refused while no seat is free) and skipping a person or withdrawing their
// offer; every route refused to guests (401) and attendees (403) before
// anything is read or written. And the waitlisted person's own status link
// (from the waitlist email): their place in the queue and their offer.
import { describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import { createUser, serverForFile, type TestUser } from './helpers';
import { LIMITS_RAISED, get } from './registration-helpers';
import { joinWaitlist, newEvent, offersOf, seat, waitForOffers, waitlistLinks } from './waitlist-offer-helpers';

let server: TestServer;
let su: PocketBase;

serverForFile((started) => ({ server, su } = started), { env: LIMITS_RAISED });

async function call(user: TestUser | null, method: 'GET' | 'POST', path: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(user ? { Authorization: user.client.authStore.token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

describe('admin routes', () => {
  it('refuse guests (401) and attendees (403), and change nothing', async () => {
    const event = await newEvent(su, { capacity: 1 });
    await seat(su, event.id, 1);
    const [person] = await joinWaitlist(server, su, event.id, 1);
    const attendeeUser = await createUser(server, su, 'attendee');
    for (const [user, status] of [[null, 401], [attendeeUser, 403]] as const) {
      expect((await call(user, 'GET', `/api/masterclass/admin/waitlist/${event.id}`)).status).toBe(status);
      expect((await call(user, 'POST', `/api/masterclass/admin/waitlist/${event.id}/offer`, { attendeeId: person.attendeeId })).status).toBe(status);
      expect((await call(user, 'POST', `/api/masterclass/admin/waitlist/${event.id}/skip`, { attendeeId: person.attendeeId })).status).toBe(status);
    }
    expect(await offersOf(su, event.id)).toHaveLength(0);
    const admin = await createUser(server, su, 'administrator');
    expect((await call(admin, 'GET', '/api/masterclass/admin/waitlist/nope')).status).toBe(400);
    expect((await call(admin, 'GET', '/api/masterclass/admin/waitlist/aaaaaaaaaaaaaaa')).status).toBe(404);
    const bad = await call(admin, 'POST', `/api/masterclass/admin/waitlist/${event.id}/offer`, { attendeeId: 'x', extra: 1 });
    expect(bad.status).toBe(400);
  });

  it('show the queue, offer a free seat by hand only while one is free, and skip a person or withdraw an offer', async () => {
    const admin = await createUser(server, su, 'administrator');
    const event = await newEvent(su, { capacity: 2, sales_state: 'sold_out' });
    await seat(su, event.id, 1);
    // Confirmed without an offer pass, so the free seat is still unoffered.
    const people = await joinWaitlist(server, su, event.id, 4, {}, { confirm: 'quietly' });

    const queue = await call(admin, 'GET', `/api/masterclass/admin/waitlist/${event.id}`);
    expect(queue.status).toBe(200);
    expect(queue.body.event).toMatchObject({ capacity: 2, seats_taken: 1, seats_free: 1, claim_hours: 24, offers_paused: '' });
    expect(queue.body.queue.map((entry: { position: number; attendee_id: string }) => [entry.position, entry.attendee_id])).toEqual(
      people.map((person, index) => [index + 1, person.attendeeId]),
    );
    expect(queue.body.queue[0]).toMatchObject({ full_name: 'Waiting Person 1', email: people[0].email.toLowerCase() });
    expect(queue.body.queue[0].waiting_since).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);

    // By hand, to the third person: the one free seat is theirs.
    const offered = await call(admin, 'POST', `/api/masterclass/admin/waitlist/${event.id}/offer`, { attendeeId: people[2].attendeeId });
    expect(offered.status, JSON.stringify(offered.body)).toBe(201);
    expect(offered.body.offer).toMatchObject({ status: 'open', attendee_id: people[2].attendeeId, trigger: 'administrator', by_administrator: true });
    const stored = await su.collection('waitlist_offers').getOne(offered.body.offer.id);
    expect(stored.triggered_by).toBe(admin.id);
    expect((await su.collection('emails').getOne(stored.outbox_email)).template).toBe('waitlist_offer');

    const noSeat = await call(admin, 'POST', `/api/masterclass/admin/waitlist/${event.id}/offer`, { attendeeId: people[0].attendeeId });
    expect(noSeat).toMatchObject({ status: 409, body: { message: 'No seat is free: every seat is taken, held in a checkout or held for an open offer.' } });
    expect(await offersOf(su, event.id)).toHaveLength(1);

    // Skip a waiting person: out of the queue, no seat, no email.
    const skipped = await call(admin, 'POST', `/api/masterclass/admin/waitlist/${event.id}/skip`, { attendeeId: people[0].attendeeId });
    expect(skipped).toMatchObject({ status: 200, body: { offer: { status: 'skipped', attendee_id: people[0].attendeeId } } });
    expect((await su.collection('waitlist_offers').getOne(skipped.body.offer.id)).outbox_email).toBe('');

    // Withdraw the open offer: its seat goes to the next person still waiting (the second).
    const withdrawn = await call(admin, 'POST', `/api/masterclass/admin/waitlist/${event.id}/skip`, { attendeeId: people[2].attendeeId });
    expect(withdrawn.body.offer.status).toBe('skipped');
    const [next] = await waitForOffers(su, event.id, 1);
    expect(next).toMatchObject({ attendee: people[1].attendeeId, trigger: 'offer_skipped' });

    const again = await call(admin, 'POST', `/api/masterclass/admin/waitlist/${event.id}/skip`, { attendeeId: people[0].attendeeId });
    expect(again.status).toBe(409);
    const after = await call(admin, 'GET', `/api/masterclass/admin/waitlist/${event.id}`);
    expect(after.body.queue.map((entry: { attendee_id: string }) => entry.attendee_id)).toEqual([people[3].attendeeId]);
    expect(after.body.offers.map((offer: { status: string }) => offer.status)).toEqual(['open', 'skipped', 'skipped']);
  });
});

describe('the claim window', () => {
  it('is set per masterclass by administrators (1–168 hours, 0 for the default) and used by the next offers', async () => {
    const admin = await createUser(server, su, 'administrator');
    const attendeeUser = await createUser(server, su, 'attendee');
    const event = await newEvent(su, { capacity: 1 });
    await expect(admin.client.collection('events').update(event.id, { waitlist_claim_hours: 500 })).rejects.toMatchObject({ status: 400 });
    await expect(admin.client.collection('events').update(event.id, { waitlist_claim_hours: 2.5 })).rejects.toMatchObject({ status: 400 });
    await expect(attendeeUser.client.collection('events').update(event.id, { waitlist_claim_hours: 2 })).rejects.toMatchObject({ status: 404 });
    expect((await su.collection('events').getOne(event.id)).waitlist_claim_hours).toBe(0);
    await admin.client.collection('events').update(event.id, { waitlist_claim_hours: 2 });
    expect((await call(admin, 'GET', `/api/masterclass/admin/waitlist/${event.id}`)).body.event).toMatchObject({ claim_hours: 2, waitlist_claim_hours: 2, default_claim_hours: 24 });

    const [taken] = await seat(su, event.id, 1);
    await joinWaitlist(server, su, event.id, 1);
    await su.collection('attendees').update(taken.id, { registration_status: 'cancelled' });
    const [offer] = await waitForOffers(su, event.id, 1);
    const held = (Date.parse(offer.expires_at.replace(' ', 'T')) - Date.parse(offer.offered_at.replace(' ', 'T'))) / 3600_000;
    expect(held).toBeCloseTo(2, 3);
  });
});

describe('the status link of the waitlist email', () => {
  it('shows the place in the queue, then the offer; a forged link is refused', async () => {
    const event = await newEvent(su, { capacity: 1 });
    const [taken] = await seat(su, event.id, 1);
    const [first, second] = await joinWaitlist(server, su, event.id, 2);
    const [mail] = await su.collection('emails').getFullList({ filter: su.filter('registration = {:id}', { id: second.registrationId }) });
    expect(mail.template).toBe('waitlist_confirmation');
    expect(mail.text).toContain('If a seat at the AI CHAMPIONS MASTERCLASS frees up, we offer it to the people on its waitlist in the order they joined');
    // The outbox copy shows the links without their tokens; the working ones are in the message sent.
    expect(mail.text).toMatch(/See your place in the queue at any time: \S+\/waitlist-status\?attendee=\w+&token=\[hidden\]/);
    const link = (await waitlistLinks(su, server, second.attendeeId)).status;
    expect(link.pathname).toBe('/waitlist-status');
    expect(link.searchParams.get('attendee')).toBe(second.attendeeId);
    const statusPath = `/api/masterclass/waitlist-status${link.search}`;

    const waiting = await get(server, statusPath);
    expect(waiting.status).toBe(200);
    expect(waiting.body).toMatchObject({ state: 'waiting', position: 2, waitingCount: 2, offer: null, person: { fullName: 'Waiting Person 2' } });
    expect(waiting.body.event).toMatchObject({ id: event.id, title: 'AI CHAMPIONS MASTERCLASS' });

    await su.collection('attendees').update(taken.id, { registration_status: 'cancelled' });
    await waitForOffers(su, event.id, 1);
    const firstStatus = await get(server, `/api/masterclass/waitlist-status?attendee=${first.attendeeId}&token=${link.searchParams.get('token')}`);
    expect(firstStatus.status).toBe(403);
    expect((await get(server, statusPath)).body).toMatchObject({ state: 'waiting', position: 1, waitingCount: 1 });

    const forged = await get(server, `/api/masterclass/waitlist-status?attendee=${second.attendeeId}&token=${'b'.repeat(64)}`);
    expect(forged).toMatchObject({ status: 403, body: { message: 'This waitlist status link is not valid. Please open the link in your waitlist email exactly as it was sent.' } });
  });
});
