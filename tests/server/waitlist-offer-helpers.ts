// Arrangements for the waitlist offer suites: a masterclass of its own per
// test (so queues never mix; Sold out, the one sales state in which seats are
// offered), confirmed seats made by the superuser, people joining its
// waitlist through the public route (in order) and confirming their address
// with the link in their email, the offers and
// their emailed links (from the superuser-only working copies), and the seat
// count as the public summary gives it.
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { expect } from 'vitest';
import type { TestServer } from '../support/pocketbase';
import { UPCOMING_EVENT_TIMES } from '../support/masterclassEvent';
import { unique } from './helpers';
import { attendee, get, post, register } from './registration-helpers';

export async function newEvent(su: PocketBase, patch: Record<string, unknown> = {}): Promise<RecordModel> {
  return su.collection('events').create({
    title: 'AI CHAMPIONS MASTERCLASS', ...UPCOMING_EVENT_TIMES, timezone: 'Australia/Adelaide', location: 'Adelaide, South Australia',
    venue: 'Lot Fourteen', capacity: 5, max_per_registration: 10, price_cents: 49500, currency: 'AUD', sales_state: 'sold_out',
    portal_unlock_at: '2031-06-17 23:30:00.000Z', published: true, ...patch,
  });
}

/** `count` confirmed attendees of the event (a completed promo registration each), oldest first. */
export async function seat(su: PocketBase, eventId: string, count: number): Promise<RecordModel[]> {
  const rows: RecordModel[] = [];
  for (let index = 0; index < count; index += 1) {
    const email = `${unique('seated-')}@example.com`;
    const registration = await su.collection('registrations').create({
      event: eventId, kind: 'promo', status: 'completed', primary_email: email, currency: 'AUD', total_amount_cents: 0,
    });
    rows.push(await su.collection('attendees').create({
      registration: registration.id, event: eventId, email, full_name: 'Seated Attendee', company: 'Test Co', job_title: 'Lead',
      role: 'Senior Manager', registration_status: 'confirmed', privacy_consent: true,
    }));
  }
  return rows;
}

export interface Waiting {
  attendeeId: string;
  email: string;
  registrationId: string;
}

/** The working links of the waitlist email of an entry (from its superuser-only copy): the status link and the confirmation link. */
export async function waitlistLinks(su: PocketBase, server: TestServer, attendeeId: string): Promise<{ status: URL; confirm: URL }> {
  const mail = await su.collection('emails').getFirstListItem(su.filter('attendee = {:id} && template = "waitlist_confirmation"', { id: attendeeId }), { sort: '-created' });
  const secret = await su.collection('email_secrets').getFirstListItem(su.filter('email = {:id}', { id: mail.id }));
  const links = String(secret.links).split('\n').map((href) => new URL(href)).filter((url) => url.pathname === '/waitlist-status');
  const confirm = links.find((url) => url.searchParams.has('confirmToken'));
  const status = links.find((url) => !url.searchParams.has('confirmToken'));
  if (!confirm || !status) throw new Error(`No status and confirmation links in the waitlist email: ${secret.links}`);
  const local = (url: URL) => new URL(`${url.pathname}${url.search}`, server.url);
  return { status: local(status), confirm: local(confirm) };
}

/** Confirms an entry's address as its page does: the confirmation link's attendee and token, POSTed. */
export async function confirmEntry(su: PocketBase, server: TestServer, attendeeId: string) {
  const { confirm } = await waitlistLinks(su, server, attendeeId);
  const answer = await post(server, '/api/masterclass/waitlist-confirm', { attendee: confirm.searchParams.get('attendee'), token: confirm.searchParams.get('confirmToken') });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer;
}

/**
 * `count` people join the event's waitlist through the public route, one after another (so in this order),
 * and confirm their address with the link in their email (`confirm: false`: they do not; `'quietly'`: the
 * superuser marks them confirmed, so no offer pass runs, for a free seat nobody has been offered yet).
 */
export async function joinWaitlist(
  server: TestServer, su: PocketBase, eventId: string, count: number, overrides: Record<string, unknown> = {},
  options: { confirm?: boolean | 'quietly' } = {},
): Promise<Waiting[]> {
  const people: Waiting[] = [];
  for (let index = 0; index < count; index += 1) {
    const person = attendee({ fullName: `Waiting Person ${index + 1}`, email: `${unique(`wait${index + 1}-`)}@example.com`, ...overrides });
    const answer = await register(server, { mode: 'waitlist', event: eventId, attendees: [person], privacyConsent: true, marketingConsent: false });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const row = await su.collection('attendees').getFirstListItem(su.filter('registration = {:id}', { id: answer.body.registrationId }));
    people.push({ attendeeId: row.id, email: row.email, registrationId: answer.body.registrationId });
  }
  for (const person of people) {
    if (options.confirm === 'quietly') await su.collection('attendees').update(person.attendeeId, { waitlist_confirmed_at: new Date().toISOString() });
    else if (options.confirm !== false) await confirmEntry(su, server, person.attendeeId);
  }
  return people;
}

export function offersOf(su: PocketBase, eventId: string, status?: string): Promise<RecordModel[]> {
  const filter = status ? su.filter('event = {:eventId} && status = {:status}', { eventId, status }) : su.filter('event = {:eventId}', { eventId });
  return su.collection('waitlist_offers').getFullList({ filter, sort: 'created,id' });
}

/** Waits until the event has `count` offers with `status` (passes run after the save that freed the seat commits). */
export async function waitForOffers(su: PocketBase, eventId: string, count: number, status = 'open'): Promise<RecordModel[]> {
  await expect.poll(async () => (await offersOf(su, eventId, status)).length, { timeout: 10_000, interval: 50 }).toBe(count);
  return offersOf(su, eventId, status);
}

/** Runs the offers cron now (the API starts it in the background) and gives it time to finish. */
export async function runOffersCron(su: PocketBase, until: () => Promise<boolean>): Promise<void> {
  await su.crons.run('waitlistOffers');
  await expect.poll(until, { timeout: 10_000, interval: 50 }).toBe(true);
}

/** The working link to `path` in an offer's email (from its superuser-only copy), as a URL on the test server. */
export async function offerLink(su: PocketBase, server: TestServer, offer: RecordModel, path: string): Promise<URL> {
  const secret = await su.collection('email_secrets').getFirstListItem(su.filter('email = {:id}', { id: offer.outbox_email }));
  const href = String(secret.links).split('\n').find((link) => link.includes(path));
  if (!href) throw new Error(`No ${path} link in the offer email: ${secret.links}`);
  const url = new URL(href);
  return new URL(`${url.pathname}${url.search}`, server.url);
}

/** The claim link's `{offer, token}` as the page sends it. */
export async function claimOf(su: PocketBase, server: TestServer, offer: RecordModel): Promise<{ offer: string; token: string }> {
  const link = await offerLink(su, server, offer, '/register?');
  return { offer: link.searchParams.get('offer') ?? '', token: link.searchParams.get('offerToken') ?? '' };
}

/** A registration body claiming an offer for `email`. */
export function claimBody(eventId: string, email: string, waitlistOffer: unknown, mode: 'paid' | 'promo' = 'paid', extra: Record<string, unknown> = {}) {
  return {
    mode, event: eventId, attendees: [attendee({ fullName: 'Claiming Person', email, dietaryRequirements: 'Vegetarian' })],
    privacyConsent: true, marketingConsent: false, waitlistOffer, ...extra,
  };
}

export async function seatsLeftAt(server: TestServer, eventId: string): Promise<number> {
  return (await get(server, `/api/masterclass/event?event=${eventId}`)).body.seats_left;
}

/** The seats counted for the event right now, each way a seat can be taken (confirmed, a live checkout, an open offer). */
export async function seatCount(su: PocketBase, eventId: string): Promise<{ confirmed: number; held: number; offers: number }> {
  const now = new Date().toISOString().replace('T', ' ');
  const attendees = await su.collection('attendees').getFullList({ filter: su.filter('event = {:eventId}', { eventId }) });
  const registrations = await su.collection('registrations').getFullList({ filter: su.filter('event = {:eventId} && kind = "paid"', { eventId }) });
  const live = registrations.filter((registration) => registration.status === 'pending' && registration.hold_expires_at > now);
  const open = (await offersOf(su, eventId, 'open')).filter((offer) => offer.expires_at > now && !live.some((registration) => registration.id === offer.registration));
  return {
    confirmed: attendees.filter((row) => row.registration_status === 'confirmed').length,
    held: live.reduce((sum, registration) => sum + registration.held_seats, 0),
    offers: open.length,
  };
}
