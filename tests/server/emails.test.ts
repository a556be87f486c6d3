// The emails outbox against a real SMTP server started by the test: paid,
// promo and waitlist registrations send their emails (html + text, the .ics
// attached, a signed invitation link); a refusing server leaves them queued
// with back-off and a note on the registration, and the retry cron delivers
// them later and completes the registration; without SMTP they are captured;
// PocketBase's own mails go through the outbox too. Administrators read the
// outbox, so messages with a credential are stored there redacted: the
// working copy is in email_secrets (superusers only) until it is sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { startTestServer, type TestServer } from '../support/pocketbase';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../support/smtp';
import { loadHookModule } from '../support/hook-module';
import { UPCOMING_EVENT_DATE } from '../support/masterclassEvent';
import { createUser, unique } from './helpers';
import {
  attendee, attendeesOf, emailsOf, minutesFromNow, openSales, paidBody, post, promoBody, register, waitlistBody,
} from './registration-helpers';

const APP_URL = 'https://masterclass.example.com';
const PROMO_CODE = 'CHAMPION2025';
const RETRY_CRON = 'masterclass_email_retry';

let smtp: TestSmtpServer;
let mailing: TestServer;
let capturing: TestServer;
let mailingSu: PocketBase;
let capturingSu: PocketBase;

async function prepare(su: PocketBase) {
  await openSales(su, { capacity: 200 });
  const promo = await su.collection('promo_codes').getFirstListItem(`code = "${PROMO_CODE}"`);
  await su.collection('promo_codes').update(promo.id, { expires_at: minutesFromNow(60 * 24 * 365), max_uses: 1000 });
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  const common = { APP_URL, STRIPE_SECRET_KEY: '', SMTP_USER: '', SMTP_PASSWORD: '', SMTP_TLS: '' };
  [mailing, capturing] = await Promise.all([
    startTestServer({
      env: { ...common, SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), MAIL_FROM: 'Masterclass Team <team@masterclass.example.com>' },
    }),
    startTestServer({ env: { ...common, SMTP_HOST: '' } }),
  ]);
  [mailingSu, capturingSu] = await Promise.all([mailing.admin(), capturing.admin()]);
  await Promise.all([prepare(mailingSu), prepare(capturingSu)]);
});

afterAll(async () => {
  await Promise.all([mailing?.stop(), capturing?.stop(), smtp?.stop()]);
});

/** Registers and pays through the simulated checkout; returns the registration id. */
async function registerAndPay(server: TestServer, body: Record<string, unknown>): Promise<string> {
  const created = await register(server, body);
  expect(created.status).toBe(201);
  const paid = await post(server, `/api/masterclass/checkout/simulated/${created.body.sessionId}/pay`);
  expect(paid.status).toBe(200);
  return created.body.registrationId;
}

const to = (address: string) => (mail: ReceivedMail) => mail.to.includes(address.toLowerCase()) || mail.to.includes(address);
const isConfirmation = (mail: ReceivedMail) => mail.subject.startsWith('Your place at');
const isInvitation = (mail: ReceivedMail) => mail.subject.startsWith('Create your account');

function invitationLink(mail: ReceivedMail): URL {
  const match = /https:\/\/masterclass\.example\.com\/auth\?\S+/.exec(mail.text);
  expect(match).not.toBeNull();
  return new URL(match![0]);
}

async function invitationSecret(su: PocketBase): Promise<string> {
  const secret = await su.collection('app_secrets').getFirstListItem('name = "invitation_token"');
  return secret.value as string;
}

const hmac = (secret: string, attendeeId: string, email: string) =>
  createHmac('sha256', secret).update(`${attendeeId}:${email.toLowerCase()}`).digest('hex');

async function workingCopies(su: PocketBase, emailId: string): Promise<RecordModel[]> {
  return su.collection('email_secrets').getFullList({ filter: su.filter('email = {:emailId}', { emailId }) });
}

async function waitUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('with SMTP configured', () => {
  it('sends each attendee of a paid registration a confirmation and an invitation, then completes it', async () => {
    // names cannot carry markup or links (the registration refuses < > / @), but & and quotes still need escaping
    const first = attendee({ fullName: 'Jo "JB" O\'Bloggs & Co' });
    const second = attendee({ fullName: 'Sam Smith' });
    const registrationId = await registerAndPay(mailing, paidBody(2, { attendees: [first, second] }));

    const confirmations = await smtp.waitFor((mail) => isConfirmation(mail) && (to(first.email as string)(mail) || to(second.email as string)(mail)), 2);
    await smtp.waitFor((mail) => isInvitation(mail) && (to(first.email as string)(mail) || to(second.email as string)(mail)), 2);

    const confirmation = confirmations.find(to(first.email as string))!;
    expect(confirmation.subject).toBe('Your place at the AI Champions Masterclass is confirmed');
    expect(confirmation.headers.from).toContain('team@masterclass.example.com');
    for (const part of [confirmation.text, confirmation.html]) {
      // one date format in every email (pb_hooks/lib/events/format.js formatWhen); sales are open for the upcoming date
      expect(part).toContain(`${UPCOMING_EVENT_DATE}, 11:30 am – 2:30 pm ACST`);
      expect(part).toContain('Lot Fourteen, North Terrace, Adelaide SA 5000');
      expect(part).toContain('Sam Smith');
      expect(part).toContain('AUD 990.00');
      expect(part).toContain(`${APP_URL}/api/masterclass/event.ics`);
    }
    expect(confirmation.text).toContain('Jo "JB" O\'Bloggs & Co');
    expect(confirmation.html).toContain('Jo &quot;JB&quot; O&#39;Bloggs &amp; Co');
    expect(confirmation.html).not.toContain('"JB"');
    expect(confirmation.html).toMatch(/#1c2a5e/i);
    expect(confirmation.html).toMatch(/#ffab09/i);

    // the calendar, the attendee's ticket (tests/server/ticket-emails.test.ts reads the ticket back) and,
    // for the buyer of a paid order, its tax invoice (tests/server/invoices.test.ts reads it back)
    expect(confirmation.attachments.map((attachment) => attachment.filename?.replace(/INV-\d{6}/, 'INV-n')).sort())
      .toEqual(['ai-champions-masterclass.ics', 'masterclass-ticket.png', 'tax-invoice-INV-n.pdf']);
    const calendar = confirmation.attachments.find((attachment) => attachment.filename === 'ai-champions-masterclass.ics')!;
    expect(calendar.contentType).toBe('text/calendar');
    expect(calendar.content).toContain('DTSTART;TZID=Australia/Adelaide:20310618T113000');
    expect(calendar.content).toContain('DTEND;TZID=Australia/Adelaide:20310618T143000');

    const registration = await waitUntil(() => mailingSu.collection('registrations').getOne(registrationId), (r) => r.status === 'completed');
    expect(registration.email_error_log).toBe('');
    const emails = await emailsOf(mailingSu, registrationId);
    expect(emails).toHaveLength(4);
    for (const email of emails) expect(email).toMatchObject({ status: 'sent', attempts: 1, last_error: '', next_attempt_at: '' });
    for (const email of emails) expect(email.sent_at).not.toBe('');
    for (const person of await attendeesOf(mailingSu, registrationId)) expect(person.invitation_sent).toBe(true);
  });

  it('puts a signed invitation link in the invitation email', async () => {
    const person = attendee({ email: `${unique('Mixed.Case-')}@Example.com` });
    const registrationId = await registerAndPay(mailing, paidBody(1, { attendees: [person] }));
    const [invitation] = await smtp.waitFor((mail) => isInvitation(mail) && to(person.email as string)(mail));
    const [attendeeRecord] = await attendeesOf(mailingSu, registrationId);

    expect(invitation.html).toMatch(/#ffab09/i);
    const link = invitationLink(invitation);
    expect(`${link.origin}${link.pathname}`).toBe(`${APP_URL}/auth`);
    expect(link.searchParams.get('attendeeId')).toBe(attendeeRecord.id);
    expect(link.searchParams.get('email')).toBe(attendeeRecord.email);
    const token = link.searchParams.get('token')!;
    const secret = await invitationSecret(mailingSu);
    expect(token).toBe(hmac(secret, attendeeRecord.id, attendeeRecord.email));

    // the token binds attendee, address and secret: any change gives another one
    const other = await mailingSu.collection('attendees').getFirstListItem(`id != "${attendeeRecord.id}"`);
    expect(hmac(secret, other.id, attendeeRecord.email)).not.toBe(token);
    expect(hmac(secret, attendeeRecord.id, 'someone.else@example.com')).not.toBe(token);
    expect(hmac(`${secret}x`, attendeeRecord.id, attendeeRecord.email)).not.toBe(token);
  });

  it('sends a promo registration its emails at once, showing the amount as FREE', async () => {
    const body = promoBody(PROMO_CODE);
    const email = body.attendees[0].email as string;
    const created = await register(mailing, body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'completed', emailWarning: false });

    const [confirmation] = await smtp.waitFor((mail) => isConfirmation(mail) && to(email)(mail));
    expect(confirmation.text).toMatch(/Amount paid: FREE/);
    await smtp.waitFor((mail) => isInvitation(mail) && to(email)(mail));
    const emails = await emailsOf(mailingSu, created.body.registrationId);
    expect(emails.map((e) => e.status)).toEqual(['sent', 'sent']);
  });

  it('sends a waitlist registration its confirmation and leaves it pending', async () => {
    const body = waitlistBody();
    const email = body.attendees[0].email as string;
    const created = await register(mailing, body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'pending', emailWarning: false });

    const [mail] = await smtp.waitFor(to(email));
    expect(mail.subject).toBe("We've registered your interest in the AI Champions Masterclass");
    // sales are open here: never called fully booked
    expect(mail.text).toContain('are on sale now');
    expect(mail.text).not.toContain('fully booked');
    expect(mail.html).toContain('Interest registered');
    const registration = await mailingSu.collection('registrations').getOne(created.body.registrationId);
    expect(registration.status).toBe('pending');
    expect((await emailsOf(mailingSu, registration.id)).map((e) => e.status)).toEqual(['sent']);
  });

  it('queues the emails again, once, when a payment is confirmed twice', async () => {
    const created = await register(mailing, paidBody(1));
    const pay = () => post(mailing, `/api/masterclass/checkout/simulated/${created.body.sessionId}/pay`);
    await pay();
    await pay();
    const emails = await emailsOf(mailingSu, created.body.registrationId);
    expect(emails.map((e) => e.template).sort()).toEqual(['registration_confirmation', 'user_account_invite']);
  });

  it('keeps refused emails queued with back-off and a note, then the retry cron delivers them and completes the registration', async () => {
    const body = paidBody(1);
    const email = body.attendees[0].email as string;
    const created = await register(mailing, body);
    smtp.refuse('451 Mailbox temporarily unavailable');
    let emails: RecordModel[] = [];
    try {
      const before = Date.now();
      const paid = await post(mailing, `/api/masterclass/checkout/simulated/${created.body.sessionId}/pay`);
      expect(paid.status).toBe(200);

      emails = await emailsOf(mailingSu, created.body.registrationId);
      expect(emails).toHaveLength(2);
      for (const queued of emails) {
        expect(queued).toMatchObject({ status: 'queued', attempts: 1 });
        expect(queued.last_error).toMatch(/451/);
        const next = new Date(queued.next_attempt_at).getTime();
        expect(next).toBeGreaterThanOrEqual(before + 55_000);
        expect(next).toBeLessThanOrEqual(Date.now() + 65_000);
      }
      const registration = await mailingSu.collection('registrations').getOne(created.body.registrationId);
      expect(registration.status).toBe('paid');
      expect(registration.email_error_log).toMatch(/registration_confirmation to .*attempt 1 failed \(.*451.*\); next attempt at/);
      expect(registration.email_error_log).toMatch(/user_account_invite to .*attempt 1 failed/);
    } finally {
      smtp.refuse(null);
    }
    expect(smtp.messages.filter(to(email))).toHaveLength(0);

    // the retry is due (as it would be a minute later); the cron delivers it
    await Promise.all(emails.map((queued) => mailingSu.collection('emails').update(queued.id, { next_attempt_at: minutesFromNow(-1) })));
    await mailingSu.crons.run(RETRY_CRON);
    await smtp.waitFor(to(email), 2);
    const registration = await waitUntil(
      () => mailingSu.collection('registrations').getOne(created.body.registrationId),
      (r) => r.status === 'completed',
    );
    expect(registration.email_error_log).toMatch(/attempt 1 failed/);
    for (const sent of await emailsOf(mailingSu, registration.id)) expect(sent).toMatchObject({ status: 'sent', attempts: 2, last_error: '' });
  });

  it('shows the email warning when the first attempt fails and gives up after the last attempt', async () => {
    smtp.refuse('554 Rejected');
    let registrationId = '';
    try {
      const created = await register(mailing, waitlistBody());
      expect(created.status).toBe(201);
      expect(created.body.emailWarning).toBe(true);
      registrationId = created.body.registrationId;

      const [queued] = await emailsOf(mailingSu, registrationId);
      await mailingSu.collection('emails').update(queued.id, { attempts: 5, next_attempt_at: minutesFromNow(-1) });
      await mailingSu.crons.run(RETRY_CRON);
      const failed = await waitUntil(() => mailingSu.collection('emails').getOne(queued.id), (e) => e.status !== 'queued');
      expect(failed).toMatchObject({ status: 'failed', attempts: 6, next_attempt_at: '' });
      expect(failed.last_error).toMatch(/554/);
    } finally {
      smtp.refuse(null);
    }
    const registration = await mailingSu.collection('registrations').getOne(registrationId);
    expect(registration.email_error_log).toMatch(/attempt 6 failed .*; giving up/);
  });

  it("delivers PocketBase's own mails through the outbox", async () => {
    const user = await createUser(mailing, mailingSu, 'attendee');
    await mailing.guest().collection('users').requestPasswordReset(user.email);
    const [mail] = await smtp.waitFor(to(user.email));
    expect(mail.subject).toMatch(/reset/i);
    expect(mail.html).toContain('https://masterclass.example.com/reset-password?token=');
    const [stored] = await waitUntil(
      () => mailingSu.collection('emails').getFullList({ filter: mailingSu.filter('to = {:to}', { to: user.email }) }),
      (list) => list.length === 1 && list[0].status === 'sent',
    );
    expect(stored).toMatchObject({ template: 'pocketbase', attempts: 1, subject: mail.subject });
    expect(`${stored.html}${stored.text}`).not.toContain('reset-password?token=');
    expect(await workingCopies(mailingSu, stored.id)).toHaveLength(0);
  });
});

describe('without SMTP', () => {
  it('captures the emails of paid, promo and waitlist registrations and completes the paid one', async () => {
    const paidId = await registerAndPay(capturing, paidBody(2));
    const promo = await register(capturing, promoBody(PROMO_CODE));
    const waitlist = await register(capturing, waitlistBody());
    expect(promo.body.emailWarning).toBe(false);
    expect(waitlist.body.emailWarning).toBe(false);

    const paidEmails = await emailsOf(capturingSu, paidId);
    expect(paidEmails).toHaveLength(4);
    for (const registrationId of [paidId, promo.body.registrationId, waitlist.body.registrationId]) {
      for (const email of await emailsOf(capturingSu, registrationId)) {
        expect(email).toMatchObject({ status: 'captured', attempts: 0, last_error: '', next_attempt_at: '' });
        expect(email.html).toContain('<!DOCTYPE html>');
        expect(email.text).not.toBe('');
      }
    }
    expect((await capturingSu.collection('registrations').getOne(paidId)).status).toBe('completed');

    // a captured invitation shows its link without the token; the superuser's working copy carries it
    const invitation = paidEmails.find((email) => email.template === 'user_account_invite')!;
    const shown = new URL(/https:\/\/masterclass\.example\.com\/auth\?\S+/.exec(invitation.text)![0]);
    expect(shown.searchParams.get('token')).toBe('[hidden]');
    const [working] = await workingCopies(capturingSu, invitation.id);
    const link = new URL(/https:\/\/masterclass\.example\.com\/auth\?\S+/.exec(working.text)![0]);
    const secret = await invitationSecret(capturingSu);
    expect(link.searchParams.get('token')).toBe(hmac(secret, invitation.attendee, link.searchParams.get('email')!));
    // the confirmation's one credential is its cancellation link: hidden in the outbox, working in the superuser's copy
    const confirmation = paidEmails.find((email) => email.template === 'registration_confirmation')!;
    expect(confirmation.text).toContain(`/cancel?attendee=${confirmation.attendee}&token=[hidden]`);
    const [workingConfirmation] = await workingCopies(capturingSu, confirmation.id);
    expect(workingConfirmation.text).toMatch(new RegExp(`/cancel\\?attendee=${confirmation.attendee}&token=\\d+\\.[0-9a-f]{64}`));
  });

  it("captures PocketBase's own mails", async () => {
    const user = await createUser(capturing, capturingSu, 'attendee');
    await capturing.guest().collection('users').requestPasswordReset(user.email);
    const [stored] = await waitUntil(
      () => capturingSu.collection('emails').getFullList({ filter: capturingSu.filter('to = {:to}', { to: user.email }) }),
      (list) => list.length === 1 && list[0].status !== 'queued',
    );
    expect(stored).toMatchObject({ template: 'pocketbase', status: 'captured' });
    expect(stored.subject).toMatch(/reset/i);
    expect(`${stored.html}${stored.text}`).not.toContain('reset-password?token=');
    const [working] = await workingCopies(capturingSu, stored.id);
    expect(working.subject).toBe(stored.subject);
    expect(working.html).toContain('https://masterclass.example.com/reset-password?token=');
  });
});

describe('invitation tokens (lib/accounts/invitations.js with Node standing in for $security)', () => {
  interface Invitations {
    invitationToken: (app: unknown, attendeeId: string, email: string) => string;
    verifyInvitationToken: (app: unknown, attendeeId: string, email: string, token: unknown) => boolean;
  }
  const secret = 'a'.repeat(64);
  const security = {
    hs256: (payload: string, key: string) => createHmac('sha256', key).update(payload).digest('hex'),
    equal: (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b)),
  };
  const cache = new Map<string, unknown>();
  const app = {
    findFirstRecordByData: (collection: string, field: string, value: string) => {
      expect([collection, field, value]).toEqual(['app_secrets', 'name', 'invitation_token']);
      return { getString: () => secret };
    },
    // The secret is read once and kept in the app store (lib/core/app-secrets.js).
    store: () => ({ get: (key: string) => cache.get(key), set: (key: string, value: unknown) => cache.set(key, value) }),
  };
  const invitations = loadHookModule<Invitations>('accounts/invitations', { $security: security });

  it('signs attendee id and lower-cased email, and verifies only that pair', () => {
    const token = invitations.invitationToken(app, 'abc123', 'Jo@Example.com');
    expect(token).toBe(hmac(secret, 'abc123', 'jo@example.com'));
    expect(invitations.verifyInvitationToken(app, 'abc123', 'jo@example.com', token)).toBe(true);
    expect(invitations.verifyInvitationToken(app, 'abc123', 'JO@EXAMPLE.COM', token)).toBe(true);
    expect(invitations.verifyInvitationToken(app, 'abc124', 'jo@example.com', token)).toBe(false);
    expect(invitations.verifyInvitationToken(app, 'abc123', 'jo@example.org', token)).toBe(false);
    expect(invitations.verifyInvitationToken(app, 'abc123', 'jo@example.com', `${token.slice(0, -1)}0`)).toBe(false);
    expect(invitations.verifyInvitationToken(app, 'abc123', 'jo@example.com', '')).toBe(false);
    expect(invitations.verifyInvitationToken(app, 'abc123', 'jo@example.com', undefined)).toBe(false);
    expect(invitations.verifyInvitationToken(app, '', 'jo@example.com', token)).toBe(false);
  });
});

describe('refund notice (lib/email/templates.js)', () => {
  interface Templates {
    refundEmail: (data: Record<string, unknown>) => { template: string; subject: string; html: string; text: string };
  }
  const templates = loadHookModule<Templates>('email/templates');

  it('tells the buyer the amount refunded and offers the waitlist, escaping user data', () => {
    const email = templates.refundEmail({
      fullName: 'Jo <i>Bloggs</i>',
      amount: 'AUD 990.00',
      waitlistUrl: `${APP_URL}/register?waitlist=true&a=b`,
      event: { title: 'AI CHAMPIONS MASTERCLASS', date: 'Wednesday 18 June 2025' },
    });
    expect(email.template).toBe('refund_notice');
    expect(email.subject).toBe('Your payment for the AI Champions Masterclass has been refunded');
    expect(email.text).toContain('Your payment of AUD 990.00 has been refunded in full');
    expect(email.text).toContain(`Register for Future Events: ${APP_URL}/register?waitlist=true&a=b`);
    expect(email.html).toContain('Hi Jo &lt;i&gt;Bloggs&lt;/i&gt;,');
    expect(email.html).toContain(`href="${APP_URL}/register?waitlist=true&amp;a=b"`);
  });
});
