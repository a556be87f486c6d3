// Arrangements for the cancellation suites: raw calls to the cancellation
// routes (as a guest, an attendee or an administrator, so exact status codes
// and malformed bodies can be tested), cancellation links signed the way the
// server signs them (HMAC-SHA256 of `cancel:<attendee>:<expires>` with the
// app_secrets key), events moved so a given refund tier applies, and a
// snapshot of everything a cancellation writes, to prove a refusal wrote nothing.
import { createHmac } from 'node:crypto';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import { masterclassEvent } from '../support/masterclassEvent';
import type { Answer } from './registration-helpers';

export const DAY_MS = 24 * 60 * 60 * 1000;

export const TIER_WORDS = {
  full: 'Full refund for cancellations made up to 14 days before the event.',
  half: '50% refund for cancellations made between 14 and 7 days before the event.',
  none: 'No refund for cancellations made within 7 days of the event.',
} as const;

function headers(authToken?: string): Record<string, string> {
  return { 'Content-Type': 'application/json', ...(authToken ? { Authorization: authToken } : {}) };
}

async function answer(response: Response): Promise<Answer> {
  return { status: response.status, body: await response.json() };
}

export async function preview(server: TestServer, params: Record<string, string>, authToken?: string): Promise<Answer> {
  const query = new URLSearchParams(params).toString();
  return answer(await fetch(`${server.url}/api/masterclass/cancellations/preview?${query}`, { headers: headers(authToken) }));
}

export async function cancel(server: TestServer, body: unknown, authToken?: string): Promise<Answer> {
  return answer(await fetch(`${server.url}/api/masterclass/cancellations`, {
    method: 'POST',
    headers: headers(authToken),
    body: typeof body === 'string' ? body : JSON.stringify(body),
  }));
}

export async function adminStatus(server: TestServer, attendeeId: string, authToken?: string): Promise<Answer> {
  return answer(await fetch(`${server.url}/api/masterclass/admin/attendees/${attendeeId}/cancellation`, { headers: headers(authToken) }));
}

export async function adminCancel(server: TestServer, attendeeId: string, body: unknown, authToken?: string): Promise<Answer> {
  return answer(await fetch(`${server.url}/api/masterclass/admin/attendees/${attendeeId}/cancel`, {
    method: 'POST',
    headers: headers(authToken),
    body: typeof body === 'string' ? body : JSON.stringify(body),
  }));
}

export async function cancellationSecret(su: PocketBase): Promise<string> {
  return (await su.collection('app_secrets').getFirstListItem('name = "cancellation_link_token"')).value as string;
}

/** A link token as the server makes it: `<expires>.<hmac>`. */
export function linkToken(secret: string, attendeeId: string, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${expires}.${createHmac('sha256', secret).update(`cancel:${attendeeId}:${expires}`).digest('hex')}`;
}

/** Moves the masterclass so that it starts `days` from now (3 hours long). */
export async function startEventIn(su: PocketBase, days: number): Promise<RecordModel> {
  const event = await masterclassEvent(su);
  const start = new Date(Date.now() + days * DAY_MS);
  return su.collection('events').update(event.id, {
    starts_at: start.toISOString(),
    ends_at: new Date(start.getTime() + 3 * 60 * 60 * 1000).toISOString(),
  });
}

/** Everything a cancellation of this attendee writes, to compare before and after a refusal. */
export async function snapshot(su: PocketBase, attendeeId: string) {
  const attendee = await su.collection('attendees').getOne(attendeeId);
  const filter = su.filter('registration = {:registration}', { registration: attendee.registration });
  const [actions, emails] = await Promise.all([
    su.collection('payment_actions').getFullList({ filter }),
    su.collection('emails').getFullList({ filter }),
  ]);
  return {
    status: attendee.registration_status as string,
    cancelledAt: attendee.cancelled_at as string,
    updated: attendee.updated as string,
    actions: actions.map((action) => action.id),
    emails: emails.map((email) => email.id),
  };
}

export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
