// POST /api/masterclass/emails/{id}/retry against a real PocketBase and a real
// SMTP server: only administrators may retry; a failed email is re-queued and
// delivered at once (from its superuser-only working copy when it carries a
// credential, which the answer and the outbox never show); a refused delivery
// leaves it queued for the retry cron; an email that is not failed is refused
// and left as it was; a paid registration whose last email goes out is
// completed.
// POST /api/masterclass/emails/{id}/resend: a delivered email goes out again as
// a copy that names the original and the administrator: a confirmation and an
// invitation rendered afresh (current ticket, working links), a notice copied;
// refused (409, with the reason, nothing queued) where a link would no longer
// work or the recipient should no longer get it; counted per recipient.
// GET /api/masterclass/emails/resend-options tells the screen which rows get
// Resend and why the others do not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { UPCOMING_EVENT_TIMES, masterclassEvent } from '../support/masterclassEvent';
import { arrangeAttendee, invitationSecret, invitationToken } from './account-helpers';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { startTestServer, type TestServer } from '../support/pocketbase';
import { allowed, createUser, unique, type TestUser } from './helpers';
import type { Answer } from './registration-helpers';

let smtp: TestSmtpServer;
let server: TestServer;
let su: PocketBase;
let admin: TestUser;
let attendee: TestUser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({
    env: {
      SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_USER: '', SMTP_PASSWORD: '', SMTP_TLS: '',
      APP_URL: 'https://masterclass.example.com', RATE_LIMIT_EMAIL_RESEND_RECIPIENT: '2/3600',
    },
  });
  su = await server.admin();
  await su.collection('events').update((await masterclassEvent(su)).id, UPCOMING_EVENT_TIMES);
  [admin, attendee] = await Promise.all([createUser(server, su, 'administrator'), createUser(server, su, 'attendee')]);
});

afterAll(async () => {
  await Promise.all([server?.stop(), smtp?.stop()]);
});

async function retry(id: string, token?: string): Promise<Answer> {
  const response = await fetch(`${server.url}/api/masterclass/emails/${id}/retry`, {
    method: 'POST',
    headers: token ? { Authorization: token } : {},
  });
  return { status: response.status, body: await response.json() };
}

async function failedEmail(fields: Record<string, unknown> = {}): Promise<RecordModel> {
  return su.collection('emails').create({
    to: `${unique('recipient')}@example.com`,
    subject: `Your masterclass details ${unique()}`,
    html: '<p>See you in Adelaide.</p>',
    text: 'See you in Adelaide.',
    template: 'registration_confirmation',
    status: 'failed',
    attempts: 6,
    last_error: '554 Mailbox unavailable',
    ...fields,
  });
}

describe('POST /api/masterclass/emails/{id}/retry', () => {
  it('is refused to guests and attendees, and leaves the email failed and unsent', async () => {
    const email = await failedEmail();
    const guest = await retry(email.id);
    expect(guest.status).toBe(401);
    const byAttendee = await retry(email.id, attendee.client.authStore.token);
    expect(byAttendee.status).toBe(403);
    expect(byAttendee.body).toMatchObject({ status: 403, message: 'Only administrators can retry emails.' });
    expect(await su.collection('emails').getOne(email.id)).toMatchObject({ status: 'failed', attempts: 6, last_error: '554 Mailbox unavailable' });
    expect(smtp.messages.filter((mail) => mail.to.includes(email.to))).toHaveLength(0);
    // nor can an attendee re-queue it through the collection API
    expect(await allowed(() => attendee.client.collection('emails').update(email.id, { status: 'queued' }))).toBe(false);
    expect(await allowed(() => admin.client.collection('emails').update(email.id, { status: 'queued' }))).toBe(false);
  });

  it('lets an administrator retry a failed email: delivered now, with a fresh count of attempts', async () => {
    const email = await failedEmail();
    const answer = await retry(email.id, admin.client.authStore.token);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: email.id, status: 'sent', attempts: 1, last_error: '', next_attempt_at: '' });
    expect(answer.body.sent_at).not.toBe('');
    const [mail] = await smtp.waitFor((message) => message.to.includes(email.to));
    expect(mail.subject).toBe(email.subject);
    expect(await admin.client.collection('emails').getOne(email.id)).toMatchObject({ status: 'sent', attempts: 1, last_error: '' });
  });

  it('sends the working copy of a message that carries a credential, and shows the administrator neither', async () => {
    const token = 'a'.repeat(64);
    const email = await failedEmail({
      template: 'user_account_invite',
      subject: 'Create your account',
      text: 'Open https://masterclass.example.com/auth?attendeeId=x&token=[hidden]',
      html: '<a href="https://masterclass.example.com/auth?attendeeId=x&amp;token=[hidden]">Create</a>',
    });
    await su.collection('email_secrets').create({
      email: email.id,
      subject: 'Create your account',
      text: `Open https://masterclass.example.com/auth?attendeeId=x&token=${token}`,
      html: `<a href="https://masterclass.example.com/auth?attendeeId=x&amp;token=${token}">Create</a>`,
    });
    const answer = await retry(email.id, admin.client.authStore.token);
    expect(answer.status).toBe(200);
    expect(JSON.stringify(answer.body)).not.toContain(token);
    const [mail] = await smtp.waitFor((message) => message.to.includes(email.to));
    expect(mail.text).toContain(`token=${token}`);
    const shown = await admin.client.collection('emails').getOne(email.id);
    expect(`${shown.html}${shown.text}`).not.toContain(token);
    // sent: the working copy is no longer kept
    expect((await su.collection('email_secrets').getList(1, 1, { filter: su.filter('email = {:id}', { id: email.id }) })).totalItems).toBe(0);
  });

  it('completes a paid registration once its failed email goes out', async () => {
    const event = await masterclassEvent(su);
    const registration = await su.collection('registrations').create({
      event: event.id, kind: 'paid', status: 'paid', primary_email: `${unique('buyer')}@example.com`, currency: 'AUD', total_amount_cents: 49500,
    });
    const email = await failedEmail({ registration: registration.id });
    expect((await retry(email.id, admin.client.authStore.token)).status).toBe(200);
    expect((await su.collection('registrations').getOne(registration.id)).status).toBe('completed');
  });

  it('answers 502 and leaves the email queued for the cron when the mail server refuses again', async () => {
    const email = await failedEmail();
    smtp.refuse('451 Try again later');
    let answer: Answer;
    try {
      answer = await retry(email.id, admin.client.authStore.token);
    } finally {
      smtp.refuse(null);
    }
    expect(answer.status).toBe(502);
    expect(answer.body.message).toBe('The email could not be sent right now. It stays queued and will be retried automatically.');
    expect(answer.body.data.email).toMatchObject({ code: 'delivery_failed' });
    expect(answer.body.data.email.message).toContain('451');
    const stored = await su.collection('emails').getOne(email.id);
    expect(stored).toMatchObject({ status: 'queued', attempts: 1 });
    expect(stored.last_error).toContain('451');
    expect(stored.next_attempt_at).not.toBe('');
  });

  it('refuses to retry an email that was sent, captured or is still queued, and changes nothing', async () => {
    const recipients: string[] = [];
    for (const status of ['sent', 'captured', 'queued']) {
      const email = await failedEmail({ status, attempts: 1, last_error: '', sent_at: status === 'sent' ? '2026-01-01 10:00:00.000Z' : '' });
      const answer = await retry(email.id, admin.client.authStore.token);
      expect(answer.status, status).toBe(409);
      expect(answer.body).toMatchObject({ status: 409, message: 'Only a failed email can be retried.', data: { email: { code: 'not_failed' } } });
      const stored = await su.collection('emails').getOne(email.id);
      expect(stored, status).toMatchObject({ status, attempts: 1 });
      expect(stored.updated).toBe(email.updated);
      recipients.push(email.to);
    }
    expect(smtp.messages.filter((mail) => recipients.some((to) => mail.to.includes(to)))).toHaveLength(0);
  });

  it('answers 404 for an unknown email', async () => {
    const answer = await retry('abcdefghijklmno', admin.client.authStore.token);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('Email not found.');
  });
});

async function resend(id: string, token?: string): Promise<Answer> {
  const response = await fetch(`${server.url}/api/masterclass/emails/${id}/resend`, {
    method: 'POST',
    headers: token ? { Authorization: token } : {},
  });
  return { status: response.status, body: await response.json() };
}

async function resendOptions(ids: string[], token: string): Promise<Answer> {
  const response = await fetch(`${server.url}/api/masterclass/emails/resend-options?ids=${ids.map(encodeURIComponent).join(',')}`, {
    headers: { Authorization: token },
  });
  return { status: response.status, body: await response.json() };
}

/** A confirmed attendee with a ticket and a delivered confirmation naming it (as the registration wrote it). */
async function deliveredConfirmation(overrides: Record<string, unknown> = {}) {
  const attendee = await arrangeAttendee(su, overrides);
  const email = await su.collection('emails').create({
    to: attendee.email, subject: 'Your place at the AI Champions Masterclass is confirmed', template: 'registration_confirmation',
    status: 'sent', attempts: 1, registration: attendee.registration, attendee: attendee.id,
    html: `<p>Ticket code: ${attendee.ticket_code}</p><img src="cid:masterclass-ticket.png" alt="QR code">`, text: `Ticket code: ${attendee.ticket_code}`,
  });
  return { attendee, email };
}

const copiesOf = (id: string) => su.collection('emails').getFullList({ filter: su.filter('resent_from = {:id}', { id }) });
const mailsTo = (address: string) => smtp.messages.filter((mail) => mail.to.some((to) => to.toLowerCase() === address.toLowerCase()));

describe('POST /api/masterclass/emails/{id}/resend', () => {
  it('is refused to guests and attendees, and queues nothing', async () => {
    const { email } = await deliveredConfirmation();
    expect((await resend(email.id)).status).toBe(401);
    const refused = await resend(email.id, attendee.client.authStore.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only administrators can resend emails.');
    expect(await copiesOf(email.id)).toHaveLength(0);
  });

  it('sends a confirmation again, rendered afresh with the current ticket, as a copy naming the original and the administrator', async () => {
    const { attendee: row, email } = await deliveredConfirmation();
    const answer = await resend(email.id, admin.client.authStore.token);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ status: 'sent', to: row.email, resent_from: email.id });
    const [copy] = await copiesOf(email.id);
    expect(copy).toMatchObject({ id: answer.body.id, resent_by: admin.id, template: 'registration_confirmation', attendee: row.id, status: 'sent' });
    // the original is left as it was
    expect(await su.collection('emails').getOne(email.id)).toMatchObject({ status: 'sent', attempts: 1 });
    const [mail] = await smtp.waitFor((message) => message.to.includes(row.email as string));
    expect(mail.subject).toContain('confirmed');
    expect(mail.text).toContain(row.ticket_code);
    // the QR code inside the message and a working cancellation link (its token hidden in the outbox copy only)
    expect(mail.attachments.some((file) => file.contentId === 'masterclass-ticket.png')).toBe(true);
    expect(mail.text).toMatch(/\/cancel\?attendee=[a-z0-9]{15}&token=\d+\.[0-9a-f]{64}/);
    expect(copy.text).toContain('token=[hidden]');
  });

  it('sends an invitation again with a working link while the attendee has no account; the outbox copy hides it', async () => {
    const row = await arrangeAttendee(su);
    const email = await su.collection('emails').create({
      to: row.email, subject: 'Create your account', template: 'user_account_invite', status: 'sent', attempts: 1, attendee: row.id,
      html: '<p>token=[hidden]</p>', text: 'token=[hidden]',
    });
    expect((await resend(email.id, admin.client.authStore.token)).status).toBe(201);
    const [mail] = await smtp.waitFor((message) => message.to.includes(row.email as string));
    expect(mail.text).toContain(`token=${invitationToken(await invitationSecret(su), row.id, row.email as string)}`);
    const [copy] = await copiesOf(email.id);
    expect(copy.text).not.toMatch(/token=[0-9a-f]{64}/);
  });

  it('refuses, with the reason and nothing queued, what would not work or should not go out', async () => {
    const token = admin.client.authStore.token;
    const cases: { email: RecordModel; reason: string }[] = [];
    const add = (email: RecordModel, reason: string) => cases.push({ email, reason });

    add(await failedEmail(), 'It was never delivered: use Retry.');
    const cancelled = await deliveredConfirmation();
    await su.collection('attendees').update(cancelled.attendee.id, { registration_status: 'cancelled' });
    add(cancelled.email, 'The attendee no longer holds a ticket.');
    const waitlisted = await deliveredConfirmation({ registration_status: 'waitlisted' });
    add(waitlisted.email, 'The attendee no longer holds a ticket.');
    const member = await arrangeAttendee(su, { email: attendee.email });
    add(
      await su.collection('emails').create({ to: member.email, subject: 'Create your account', template: 'user_account_invite', status: 'sent', attendee: member.id, html: '<p>x</p>', text: 'x' }),
      'They have created their account, so the invitation is used. They sign in, or reset their password.',
    );
    add(
      await su.collection('emails').create({ to: `${unique('reset')}@example.com`, subject: 'Reset your password', template: 'pocketbase', status: 'sent', html: '<p>x</p>', text: 'x' }),
      'Sign-in links and codes expire: the person asks for a new one (Forgot password?).',
    );
    add(
      await su.collection('emails').create({ to: `${unique('offer')}@example.com`, subject: 'A seat for you', template: 'waitlist_offer', status: 'sent', html: '<p>x</p>', text: 'x' }),
      'Waitlist offers expire: make a new offer from Event & Promo Codes.',
    );
    const event = await masterclassEvent(su);
    const ended = await deliveredConfirmation();
    await su.collection('events').update(event.id, { starts_at: '2024-06-18 02:00:00.000Z', ends_at: '2024-06-18 05:00:00.000Z' });
    try {
      const answer = await resend(ended.email.id, token);
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe('The masterclass has ended.');
    } finally {
      await su.collection('events').update(event.id, UPCOMING_EVENT_TIMES);
    }

    const before = (await su.collection('emails').getList(1, 1)).totalItems;
    for (const { email, reason } of cases) {
      const answer = await resend(email.id, token);
      expect(answer.status, reason).toBe(409);
      expect(answer.body).toEqual({ status: 409, message: reason, data: { email: { code: 'not_resendable', message: reason } } });
    }
    expect((await su.collection('emails').getList(1, 1)).totalItems).toBe(before);
    expect((await resend('abcdefghijklmno', token)).status).toBe(404);

    // the screen is told the same, row by row
    const options = await resendOptions([...cases.map((item) => item.email.id), ended.email.id], token);
    expect(options.status).toBe(200);
    for (const { email, reason } of cases) expect(options.body.options[email.id]).toEqual({ allowed: false, reason });
    expect(options.body.options[ended.email.id]).toEqual({ allowed: true, reason: '' });
    expect((await resendOptions(['not an id'], token)).status).toBe(400);
    expect((await resendOptions(Array.from({ length: 101 }, () => 'abcdefghijklmno'), token)).status).toBe(400);
  });

  it('copies a notice as it was sent, and counts resends per recipient', async () => {
    const to = `${unique('notice')}@example.com`;
    const email = await su.collection('emails').create({
      to, subject: 'Your registration is cancelled', template: 'cancellation_notice', status: 'captured', html: '<p>We have cancelled your place.</p>', text: 'We have cancelled your place.',
    });
    const token = admin.client.authStore.token;
    expect((await resend(email.id, token)).status).toBe(201);
    expect((await resend(email.id, token)).status).toBe(201);
    const limited = await resend(email.id, token);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
    await smtp.waitFor((message) => message.to.includes(to), 2);
    expect(mailsTo(to).map((mail) => mail.text.trim())).toEqual(['We have cancelled your place.', 'We have cancelled your place.']);
    expect(await copiesOf(email.id)).toHaveLength(2);
  });
});
