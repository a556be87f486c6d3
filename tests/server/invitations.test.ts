// The invitation routes against a real PocketBase:
// GET /api/masterclass/invitations/{attendeeId} tells the sign-up page who is
// invited (and nothing to anyone without a valid link);
// POST /api/masterclass/attendees/{id}/invitation lets administrators, and
// only them, (re)send an invitation through the outbox: captured without
// SMTP, sent with it, re-queued instead of duplicated, 502 when the mail
// server refuses (the email stays queued for the retry cron). The outbox
// shows administrators the link without its token; the working message is in
// email_secrets, which only superusers read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { startTestServer, type TestServer } from '../support/pocketbase';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { allowed, createUser, serverForFile, type TestUser } from './helpers';
import { type Answer } from './registration-helpers';
import {
  INVALID_LINK, arrangeInvitation, getInvitation, invitationSecret, invitationToken, signup, signupBody,
} from './account-helpers';

const APP_URL = 'https://masterclass.example.com';

let server: TestServer;
let su: PocketBase;
let admin: TestUser;
let attendeeUser: TestUser;

serverForFile((started) => ({ server, su } = started), { env: { APP_URL, SMTP_HOST: '' } });

beforeAll(async () => {
  [admin, attendeeUser] = await Promise.all([createUser(server, su, 'administrator'), createUser(server, su, 'attendee')]);
});

describe('GET /api/masterclass/invitations/{attendeeId}', () => {
  it('names the invited attendee and says whether the account exists yet', async () => {
    const invitation = await arrangeInvitation(su);
    const params = { email: invitation.email, token: invitation.token };
    const before = await getInvitation(server, invitation.attendeeId, params);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ attendeeId: invitation.attendeeId, fullName: 'Grace Hopper', email: invitation.email, accountExists: false });

    expect((await signup(server, signupBody(invitation))).status).toBe(201);
    const after = await getInvitation(server, invitation.attendeeId, params);
    expect(after.body.accountExists).toBe(true);
  });

  it('accepts the email in any case', async () => {
    const invitation = await arrangeInvitation(su);
    const answer = await getInvitation(server, invitation.attendeeId, { email: invitation.email.toUpperCase(), token: invitation.token });
    expect(answer.status).toBe(200);
    expect(answer.body.email).toBe(invitation.email);
  });

  it('says the account exists when a user already has the email', async () => {
    const invitation = await arrangeInvitation(su, { email: attendeeUser.email });
    const answer = await getInvitation(server, invitation.attendeeId, { email: invitation.email, token: invitation.token });
    expect(answer.body.accountExists).toBe(true);
  });

  it('refuses a tampered, missing or borrowed token and a mismatched email with the same message', async () => {
    const invitation = await arrangeInvitation(su);
    const other = await arrangeInvitation(su);
    const secret = await invitationSecret(su);
    const stranger = 'someone.else@example.com';
    const attempts: Record<string, string>[] = [
      { email: invitation.email, token: `${invitation.token.slice(0, -2)}ab` },
      { email: invitation.email, token: '' },
      { email: invitation.email },
      { token: invitation.token },
      { email: invitation.email, token: other.token },
      { email: stranger, token: invitation.token },
    ];
    for (const params of attempts) {
      const answer = await getInvitation(server, invitation.attendeeId, params);
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ status: 403, message: INVALID_LINK, data: { token: { code: 'invalid_token', message: INVALID_LINK } } });
    }
    // a genuine link for another address: refused, and no attendee detail in the answer
    const mismatched = await getInvitation(server, invitation.attendeeId, { email: stranger, token: invitationToken(secret, invitation.attendeeId, stranger) });
    expect(mismatched.status).toBe(403);
    expect(JSON.stringify(mismatched.body)).not.toContain(invitation.email);
    expect(JSON.stringify(mismatched.body)).not.toContain('Grace');
  });

  it('answers 404 for an unknown attendee and 403 for one without a confirmed seat', async () => {
    const secret = await invitationSecret(su);
    const unknown = await getInvitation(server, 'abcdefghijklmno', { email: 'ghost@example.com', token: invitationToken(secret, 'abcdefghijklmno', 'ghost@example.com') });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(INVALID_LINK);

    const waitlisted = await arrangeInvitation(su, { registration_status: 'waitlisted' });
    const answer = await getInvitation(server, waitlisted.attendeeId, { email: waitlisted.email, token: waitlisted.token });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe(INVALID_LINK);
  });
});

async function sendInvitation(target: TestServer, attendeeId: string, token?: string): Promise<Answer> {
  const response = await fetch(`${target.url}/api/masterclass/attendees/${attendeeId}/invitation`, {
    method: 'POST',
    headers: token ? { Authorization: token } : {},
  });
  return { status: response.status, body: await response.json() };
}

async function invitationEmails(client: PocketBase, attendeeId: string): Promise<RecordModel[]> {
  return client.collection('emails').getFullList({
    filter: client.filter('attendee = {:attendeeId} && template = "user_account_invite"', { attendeeId }),
    sort: 'created',
  });
}

/** The working copy of an outbox email, as the superuser finds it in the dashboard. */
async function workingCopy(client: PocketBase, emailId: string): Promise<RecordModel> {
  return client.collection('email_secrets').getFirstListItem(client.filter('email = {:emailId}', { emailId }));
}

const invitationLinkIn = (text: string) => new URL(/https:\/\/masterclass\.example\.com\/auth\?\S+/.exec(text)![0]);

describe('POST /api/masterclass/attendees/{id}/invitation', () => {
  it('is refused to guests and to attendees, and sends nothing', async () => {
    const invitation = await arrangeInvitation(su);
    const guest = await sendInvitation(server, invitation.attendeeId);
    expect(guest.status).toBe(401);
    const attendee = await sendInvitation(server, invitation.attendeeId, attendeeUser.client.authStore.token);
    expect(attendee.status).toBe(403);
    expect(attendee.body).toMatchObject({ status: 403, message: 'Only administrators can send invitations.' });
    expect(await invitationEmails(su, invitation.attendeeId)).toHaveLength(0);
    expect((await su.collection('attendees').getOne(invitation.attendeeId)).invitation_sent).toBe(false);
  });

  it('lets an administrator send the invitation: captured with its token hidden from them, working for the superuser, attendee marked', async () => {
    const invitation = await arrangeInvitation(su);
    const answer = await sendInvitation(server, invitation.attendeeId, admin.client.authStore.token);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ attendeeId: invitation.attendeeId, email: invitation.email, delivery: 'captured', invitationSent: true });
    expect(answer.body.invitationSentAt).not.toBe('');
    expect(JSON.stringify(answer.body)).not.toContain(invitation.token);

    // the administrator sees the invitation, but not its token
    const [email] = await invitationEmails(admin.client, invitation.attendeeId);
    expect(email).toMatchObject({ id: answer.body.emailId, to: invitation.email, status: 'captured', registration: invitation.attendee.registration });
    expect(email.subject).toMatch(/^Create your account/);
    const shown = invitationLinkIn(email.text);
    expect(shown.searchParams.get('attendeeId')).toBe(invitation.attendeeId);
    expect(shown.searchParams.get('token')).toBe('[hidden]');
    expect(email.text).toContain('The working link is only in the message sent to the attendee.');
    expect(`${email.html}${email.text}`).not.toContain(invitation.token);
    expect(await allowed(() => admin.client.collection('email_secrets').getFullList())).toBe(false);
    const attendee = await su.collection('attendees').getOne(invitation.attendeeId);
    expect(attendee).toMatchObject({ invitation_sent: true });
    expect(attendee.invitation_sent_at).not.toBe('');

    // the superuser's working copy opens the sign-up
    const working = await workingCopy(su, email.id);
    expect(working.subject).toBe(email.subject);
    const link = invitationLinkIn(working.text as string);
    expect(link.searchParams.get('token')).toBe(invitation.token);
    expect(working.html).toContain(`token=${invitation.token}`);
    const opened = await getInvitation(server, invitation.attendeeId, { email: link.searchParams.get('email')!, token: link.searchParams.get('token')! });
    expect(opened.status).toBe(200);
  });

  it('lets a superuser send it too, and sends again on request', async () => {
    const invitation = await arrangeInvitation(su);
    expect((await sendInvitation(server, invitation.attendeeId, su.authStore.token)).status).toBe(200);
    expect((await sendInvitation(server, invitation.attendeeId, su.authStore.token)).status).toBe(200);
    const emails = await invitationEmails(su, invitation.attendeeId);
    expect(emails.map((email) => email.status)).toEqual(['captured', 'captured']);
  });

  it('sends an attendee who already has an account an access reminder, with no credential, and marks them', async () => {
    const holder = await createUser(server, su, 'attendee');
    const invitation = await arrangeInvitation(su, { user: holder.id });
    const answer = await sendInvitation(server, invitation.attendeeId, admin.client.authStore.token);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ delivery: 'captured', invitationSent: true });

    expect(await invitationEmails(su, invitation.attendeeId)).toHaveLength(0);
    const [reminder] = await admin.client.collection('emails').getFullList({
      filter: admin.client.filter('attendee = {:id} && template = "user_access_reminder"', { id: invitation.attendeeId }),
    });
    expect(reminder).toMatchObject({ id: answer.body.emailId, to: invitation.email, status: 'captured' });
    expect(reminder.subject).toBe('Your access to the AI Champions Masterclass portal');
    expect(reminder.text).toContain(`${APP_URL}/auth`);
    expect(reminder.text).toContain(`${APP_URL}/reset-password`);
    expect(reminder.text).not.toContain('token=');
    expect(await su.collection('email_secrets').getFullList({ filter: su.filter('email = {:id}', { id: reminder.id }) })).toHaveLength(0);
  });

  it('re-queues a failed invitation instead of adding another', async () => {
    const invitation = await arrangeInvitation(su);
    const failed = await su.collection('emails').create({
      to: invitation.email, subject: 'old', html: '<p>old</p>', text: 'old', template: 'user_account_invite', status: 'failed',
      attempts: 6, last_error: '554 refused', registration: invitation.attendee.registration, attendee: invitation.attendeeId,
    });
    const answer = await sendInvitation(server, invitation.attendeeId, admin.client.authStore.token);
    expect(answer.status).toBe(200);
    expect(answer.body.emailId).toBe(failed.id);
    const emails = await invitationEmails(su, invitation.attendeeId);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ status: 'captured', attempts: 0, last_error: '' });
    expect(emails[0].subject).toMatch(/^Create your account/);
    expect(emails[0].text).toContain('token=[hidden]');
    expect((await workingCopy(su, failed.id)).text).toContain(`token=${invitation.token}`);
  });

  it('refuses an unknown attendee and one without a confirmed seat', async () => {
    const token = admin.client.authStore.token;
    const unknown = await sendInvitation(server, 'abcdefghijklmno', token);
    expect(unknown.status).toBe(404);
    expect(unknown.body.data.attendee.code).toBe('not_found');

    const waitlisted = await arrangeInvitation(su, { registration_status: 'waitlisted' });
    const answer = await sendInvitation(server, waitlisted.attendeeId, token);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('Only confirmed attendees can be invited to create an account.');
    expect(await invitationEmails(su, waitlisted.attendeeId)).toHaveLength(0);
  });
});

describe('POST /api/masterclass/attendees/{id}/invitation with SMTP', () => {
  let smtp: TestSmtpServer;
  let mailing: TestServer;
  let mailingSu: PocketBase;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    mailing = await startTestServer({
      env: { APP_URL, SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_USER: '', SMTP_PASSWORD: '', SMTP_TLS: '' },
    });
    mailingSu = await mailing.admin();
  });

  afterAll(async () => {
    await Promise.all([mailing?.stop(), smtp?.stop()]);
  });

  it('sends the invitation, and answers 502 with the email left queued when the mail server refuses', async () => {
    const invitation = await arrangeInvitation(mailingSu);
    const sent = await sendInvitation(mailing, invitation.attendeeId, mailingSu.authStore.token);
    expect(sent.status).toBe(200);
    expect(sent.body.delivery).toBe('sent');
    const [mail] = await smtp.waitFor((message) => message.to.includes(invitation.email.toLowerCase()));
    expect(mail.subject).toMatch(/^Create your account/);
    expect(mail.text).toContain(`token=${invitation.token}`);
    expect(mail.text).not.toContain('The working link is only in the message sent to the attendee.');
    // once sent, the working copy is no longer kept
    const [stored] = await invitationEmails(mailingSu, invitation.attendeeId);
    expect(stored.text).toContain('token=[hidden]');
    expect(await mailingSu.collection('email_secrets').getList(1, 1, { filter: mailingSu.filter('email = {:id}', { id: stored.id }) }))
      .toMatchObject({ totalItems: 0 });

    const refused = await arrangeInvitation(mailingSu);
    smtp.refuse('451 Try again later');
    try {
      const answer = await sendInvitation(mailing, refused.attendeeId, mailingSu.authStore.token);
      expect(answer.status).toBe(502);
      expect(answer.body.message).toBe('The invitation could not be sent right now. It stays queued and will be retried automatically.');
      expect(answer.body.data.email.code).toBe('delivery_failed');
    } finally {
      smtp.refuse(null);
    }
    const [email] = await invitationEmails(mailingSu, refused.attendeeId);
    expect(email).toMatchObject({ status: 'queued', attempts: 1 });
    expect(email.last_error).not.toBe('');
    expect((await mailingSu.collection('attendees').getOne(refused.attendeeId)).invitation_sent).toBe(false);
  });
});
