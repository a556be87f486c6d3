// Arrangements for the registration suites: request bodies as the page sends
// them, raw JSON calls to the masterclass routes (so malformed bodies and
// exact status codes can be tested), sales opened by the superuser, and
// record counts to prove a refused request created nothing.
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import { masterclassEvent, UPCOMING_EVENT_TIMES } from '../support/masterclassEvent';
import { unique } from './helpers';

export { LIMITS_RAISED } from '../support/pocketbase';

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers are checked field by field
  body: any;
}

export function attendee(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    fullName: 'Ada Lovelace',
    email: `${unique('ada-')}@example.com`,
    company: 'Analytical Engines',
    jobTitle: 'Head of Data',
    phoneNumber: '+61 400 000 000',
    role: 'Senior Manager',
    dietaryRequirements: '',
    ...overrides,
  };
}

export function paidBody(attendeeCount = 1, overrides: Record<string, unknown> = {}) {
  return {
    mode: 'paid',
    attendees: Array.from({ length: attendeeCount }, () => attendee()),
    privacyConsent: true,
    marketingConsent: false,
    ...overrides,
  };
}

export function promoBody(promoCode: string, overrides: Record<string, unknown> = {}) {
  return { mode: 'promo', attendees: [attendee()], promoCode, privacyConsent: true, marketingConsent: true, ...overrides };
}

export function waitlistBody(overrides: Record<string, unknown> = {}) {
  return { mode: 'waitlist', attendees: [attendee()], privacyConsent: true, marketingConsent: false, ...overrides };
}

/** POSTs a body (an object is sent as JSON, a string as it is). */
export async function post(server: TestServer, path: string, body: unknown = {}): Promise<Answer> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

export async function get(server: TestServer, path: string): Promise<Answer> {
  const response = await fetch(`${server.url}${path}`);
  return { status: response.status, body: await response.json() };
}

export const register = (server: TestServer, body: unknown) => post(server, '/api/masterclass/registrations', body);

/** Sets the event's sales state (and any other field, such as capacity). */
export async function updateEvent(su: PocketBase, patch: Record<string, unknown>): Promise<RecordModel> {
  const event = await masterclassEvent(su);
  return su.collection('events').update(event.id, patch);
}

/** Sales open for an event still to come (the seeded date has passed; see UPCOMING_EVENT_TIMES). */
export const openSales = (su: PocketBase, patch: Record<string, unknown> = {}) =>
  updateEvent(su, { sales_state: 'open', ...UPCOMING_EVENT_TIMES, ...patch });

export async function seatsLeft(server: TestServer): Promise<number> {
  return (await get(server, '/api/masterclass/event')).body.seats_left;
}

export async function counts(su: PocketBase): Promise<{ registrations: number; attendees: number; emails: number }> {
  const total = async (name: string) => (await su.collection(name).getList(1, 1)).totalItems;
  const [registrations, attendees, emails] = await Promise.all([total('registrations'), total('attendees'), total('emails')]);
  return { registrations, attendees, emails };
}

export async function attendeesOf(su: PocketBase, registrationId: string): Promise<RecordModel[]> {
  return su.collection('attendees').getFullList({ filter: su.filter('registration = {:registrationId}', { registrationId }) });
}

export async function emailsOf(su: PocketBase, registrationId: string): Promise<RecordModel[]> {
  return su.collection('emails').getFullList({ filter: su.filter('registration = {:registrationId}', { registrationId }) });
}

/** A date `minutes` from now in the form PocketBase accepts. */
export function minutesFromNow(minutes: number): string {
  return new Date(Date.now() + minutes * 60_000).toISOString();
}
