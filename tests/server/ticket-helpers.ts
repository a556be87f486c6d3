// Arrangements for the ticket suites (tickets.test.ts, ticket-emails.test.ts):
// one PocketBase per file delivering mail to a real SMTP server, with sales
// open and the seeded promo code usable, an administrator and two attendees;
// attendee rows of any status made by the superuser; later masterclasses; and
// raw calls to the door check and the ticket replacement (as a guest, an
// attendee or an administrator, so exact status codes can be tested).
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll } from 'vitest';
import { ticketPayload, TICKET_CODE_ALPHABET } from '@/lib/ticket';
import { startTestServer, LIMITS_RAISED, type TestServer } from '../support/pocketbase';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { createUser, unique, type TestUser } from './helpers';
import { minutesFromNow, openSales } from './registration-helpers';

export const APP_URL = 'https://masterclass.example.com';
export const PROMO_CODE = 'CHAMPION2025';
export const VERIFY = '/api/masterclass/admin/tickets/verify';
export const CODE_PATTERN = new RegExp(`^[${TICKET_CODE_ALPHABET}]{26}$`);

export interface TicketServer {
  smtp: TestSmtpServer;
  server: TestServer;
  su: PocketBase;
  /** The featured masterclass, on sale with 500 seats. */
  event: RecordModel;
  admin: TestUser;
  attendeeUser: TestUser;
  otherUser: TestUser;
}

/**
 * Starts the file's SMTP server and PocketBase before its tests and stops
 * them after; `onStarted` hands them to the file's own variables.
 */
export function ticketServerForFile(onStarted: (started: TicketServer) => void): void {
  let smtp: TestSmtpServer | undefined;
  let server: TestServer | undefined;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer({
      env: { ...LIMITS_RAISED, APP_URL, SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_USER: '', SMTP_PASSWORD: '', SMTP_TLS: '' },
    });
    const su = await server.admin();
    const event = await openSales(su, { capacity: 500 });
    const promo = await su.collection('promo_codes').getFirstListItem(`code = "${PROMO_CODE}"`);
    await su.collection('promo_codes').update(promo.id, { expires_at: minutesFromNow(60 * 24 * 365), max_uses: 1000 });
    const [admin, attendeeUser, otherUser] = await Promise.all([
      createUser(server, su, 'administrator'),
      createUser(server, su, 'attendee'),
      createUser(server, su, 'attendee'),
    ]);
    onStarted({ smtp, server, su, event, admin, attendeeUser, otherUser });
  });
  afterAll(async () => {
    await Promise.all([server?.stop(), smtp?.stop()]);
  });
}

/** The payload of a row's ticket, as its QR code carries it. */
export const payloadOf = (row: RecordModel) => ticketPayload(row.event, row.ticket_code);

/** The suite's calls, for the file's started server (`started()` is read when each is called). */
export function ticketCalls(started: () => TicketServer) {
  /** A row made by the superuser (any status, any event), linked to an account if given. */
  async function attendeeRow(status: string, { user, eventId }: { user?: TestUser; eventId?: string } = {}): Promise<RecordModel> {
    const { su, event } = started();
    const target = eventId ?? event.id;
    const email = user?.email ?? `${unique('row-')}@example.com`;
    const registration = await su.collection('registrations').create({
      event: target, kind: 'promo', status: 'completed', primary_email: email, currency: 'AUD', total_amount_cents: 0,
    });
    return su.collection('attendees').create({
      registration: registration.id, event: target, user: user?.id ?? '', email, full_name: 'Grace Hopper',
      company: 'Navy', job_title: 'Rear Admiral', role: 'Senior Manager', registration_status: status, privacy_consent: true,
    });
  }

  /** A published masterclass after the featured one (which stays featured), from 10:30 am Adelaide time on `day`. */
  async function laterEvent(title: string, day: string): Promise<RecordModel> {
    try {
      return await started().su.collection('events').create({
        title, starts_at: `${day} 00:00:00.000Z`, ends_at: `${day} 03:00:00.000Z`, portal_unlock_at: `${day} 00:00:00.000Z`, timezone: 'Australia/Adelaide',
        location: 'Adelaide', venue: 'Hall', capacity: 50, max_per_registration: 10, price_cents: 49500, currency: 'AUD', sales_state: 'open', published: true,
      });
    } catch (error) {
      throw new Error(JSON.stringify((error as { response?: unknown }).response));
    }
  }

  async function verify(client: PocketBase | null, text: string, eventId?: string) {
    const query = new URLSearchParams({ code: text, ...(eventId ? { event: eventId } : {}) });
    const response = await fetch(`${started().server.url}${VERIFY}?${query}`, { headers: client ? { Authorization: client.authStore.token } : {} });
    return { status: response.status, body: await response.json() };
  }

  async function regenerate(client: PocketBase | null, attendeeId: string) {
    const response = await fetch(`${started().server.url}/api/masterclass/admin/attendees/${attendeeId}/ticket`, {
      method: 'POST',
      headers: client ? { Authorization: client.authStore.token } : {},
    });
    return { status: response.status, body: await response.json() };
  }

  return { attendeeRow, laterEvent, verify, regenerate };
}
