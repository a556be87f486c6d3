// POST /api/masterclass/emails/{id}/retry against a real PocketBase and a real
// SMTP server: only administrators may retry; a failed email is re-queued and
// delivered at once (from its superuser-only working copy when it carries a
// credential, which the answer and the outbox never show); a refused delivery
// leaves it queued for the retry cron; an email that is not failed is refused
// and left as it was; a paid registration whose last email goes out is
// completed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { masterclassEvent } from '../support/masterclassEvent';
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
    env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_USER: '', SMTP_PASSWORD: '', SMTP_TLS: '' },
  });
  su = await server.admin();
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
