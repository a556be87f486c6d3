// Admin → Emails can resend the update email of a changed masterclass (template
// event_update), against a real PocketBase and the SMTP test server: offered
// and sent as a copy naming the original, with the calendar file attached
// afresh; refused (409, nothing queued) once the masterclass changed again
// (or was cancelled, or the ticket replaced: pb_hooks/lib/admin/emails.js), as
// the resend options say.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { UPCOMING_EVENT_TIMES, masterclassEvent } from '../support/masterclassEvent';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { startTestServer, type TestServer } from '../support/pocketbase';
import { arrangeAttendee } from './account-helpers';
import { createUser, type TestUser } from './helpers';
import type { Answer } from './registration-helpers';

let smtp: TestSmtpServer;
let server: TestServer;
let su: PocketBase;
let admin: TestUser;
let event: RecordModel;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({
    env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_USER: '', SMTP_PASSWORD: '', SMTP_TLS: '', APP_URL: 'https://masterclass.example.com' },
  });
  su = await server.admin();
  event = await su.collection('events').update((await masterclassEvent(su)).id, { ...UPCOMING_EVENT_TIMES, sales_state: 'open' });
  admin = await createUser(server, su, 'administrator');
}, 120_000);

afterAll(async () => {
  await Promise.all([server?.stop(), smtp?.stop()]);
});

async function adminCall(path: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`${server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: admin.client.authStore.token },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

const resend = (id: string) => adminCall(`/api/masterclass/emails/${id}/resend`, {});
const option = async (id: string) => (await adminCall(`/api/masterclass/emails/resend-options?ids=${id}`)).body.options[id];
const copiesOf = (id: string) => su.collection('emails').getFullList({ filter: su.filter('resent_from = {:id}', { id }) });

/** The update email the change route queued and delivered to `attendeeId`. */
async function deliveredUpdate(attendeeId: string): Promise<RecordModel> {
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const [email] = await su.collection('emails').getFullList({ filter: su.filter("attendee = {:a} && template = 'event_update' && resent_from = ''", { a: attendeeId }), sort: '-created' });
    if (email && (email.status === 'sent' || email.status === 'captured')) return email;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('The update email was not delivered');
}

describe('resending the update email', () => {
  it('is offered and sent as a copy with the calendar file while the change is the latest; refused once it changed again', async () => {
    const attendee = await arrangeAttendee(su, { event: event.id });
    const changed = await adminCall(`/api/masterclass/admin/events/${event.id}/change`, { patch: { venue: 'Adelaide Convention Centre' }, notify: true });
    expect(changed.status).toBe(200);
    const update = await deliveredUpdate(attendee.id);
    await smtp.waitFor((mail) => mail.to.includes(attendee.email as string) && mail.subject.startsWith('Change to'), 1, 60_000);

    expect(await option(update.id)).toEqual({ allowed: true, reason: '' });
    const sent = await resend(update.id);
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ to: attendee.email, resent_from: update.id });
    const mails = await smtp.waitFor((mail) => mail.to.includes(attendee.email as string) && mail.subject.startsWith('Change to'), 2, 60_000);
    const copy = mails[1];
    expect(copy?.text).toContain('Adelaide Convention Centre');
    expect(copy?.attachments.some((file) => /\.ics$/.test(file.filename))).toBe(true);

    // Changed again (not told): the copy would say an old place.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await adminCall(`/api/masterclass/admin/events/${event.id}/change`, { patch: { venue: 'Lot Fourteen' }, notify: false })).status).toBe(200);
    const stale = await resend(update.id);
    expect(stale.status).toBe(409);
    expect(stale.body.data.email.message).toBe('The masterclass changed again since: tell its attendees of the latest change from its event screen.');
    expect(await option(update.id)).toMatchObject({ allowed: false });
    expect(await copiesOf(update.id)).toHaveLength(1);
  });
});
