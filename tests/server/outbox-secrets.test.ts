// Nothing an administrator can read holds a working credential (DESIGN
// decision 13). Every kind of mail that carries one is triggered — the
// superuser's password reset, a user's reset, a verification, a one-time code,
// a promo registration's invitation and the administrator's re-send — then,
// signed in as an administrator, every collection it can list is read whole
// and every token-shaped string in it is tried where it would work: each one
// is refused. The superuser still finds the working messages in
// email_secrets (captured mail in development), and with SMTP configured the
// recipient receives the working link.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import PocketBase, { ClientResponseError } from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import { startTestServer } from '../support/pocketbase';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { createUser, serverForFile, unique, type TestUser } from './helpers';
import { minutesFromNow, openSales, promoBody, register } from './registration-helpers';
import { arrangeAttendee, getInvitation } from './account-helpers';

const APP_URL = 'https://masterclass.example.com';
const PROMO_CODE = 'CHAMPION2025';
const JWT = /eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g;
const TOKEN_PARAM = /token=([^&"'\s<>\\]+)/g;
const HEX_64 = /(?<![0-9a-f])[0-9a-f]{64}(?![0-9a-f])/gi;

let server: TestServer;
let su: PocketBase;
let admin: TestUser;

serverForFile((started) => ({ server, su } = started), { env: { APP_URL, SMTP_HOST: '' } });

async function prepareSales(client: PocketBase) {
  await openSales(client);
  const promo = await client.collection('promo_codes').getFirstListItem(`code = "${PROMO_CODE}"`);
  await client.collection('promo_codes').update(promo.id, { expires_at: minutesFromNow(60 * 24 * 365), max_uses: 1000 });
}

async function postJson(target: TestServer, path: string, body: unknown, token?: string): Promise<number> {
  const response = await fetch(`${target.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  return response.status;
}

async function waitForEmail(client: PocketBase, to: string, subject: RegExp, status: string): Promise<RecordModel> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = (await client.collection('emails').getFullList({ filter: client.filter('to = {:to}', { to }), sort: '-created' }))
      .find((email) => subject.test(email.subject) && email.status === status);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No ${status} email "${subject}" to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The working copy of an outbox email (superusers only). */
async function workingCopy(emailId: string): Promise<RecordModel> {
  return su.collection('email_secrets').getFirstListItem(su.filter('email = {:emailId}', { emailId }));
}

const matches = (text: string, pattern: RegExp, group = 0) => [...new Set([...text.matchAll(pattern)].map((match) => match[group]))];

interface Triggered {
  resetUser: TestUser;
  unverifiedUser: TestUser;
  otpUser: TestUser;
  otpId: string;
  otpLength: number;
  /** Attendees with an invitation: one from a promo registration (also re-sent), one invited by the administrator. */
  invited: RecordModel[];
  /** What the administrator's re-send route answered. */
  adminAnswers: string[];
}

let triggered: Triggered;

beforeAll(async () => {
  admin = await createUser(server, su, 'administrator');
  await prepareSales(su);
  // one-time codes are off in this product; switched on here, their mails must not leak either
  const users = await su.collections.update('users', { otp: { enabled: true } });
  const otpLength = (users.otp as { length: number }).length;

  const [resetUser, unverifiedUser, otpUser] = await Promise.all([
    createUser(server, su, 'attendee'),
    createUser(server, su, 'attendee', { verified: false }),
    createUser(server, su, 'attendee'),
  ]);

  expect(await postJson(server, '/api/collections/_superusers/request-password-reset', { email: server.superuser.email })).toBe(204);
  expect(await postJson(server, '/api/collections/users/request-password-reset', { email: resetUser.email })).toBe(204);
  expect(await postJson(server, '/api/collections/users/request-verification', { email: unverifiedUser.email })).toBe(204);
  const { otpId } = await server.guest().collection('users').requestOTP(otpUser.email);

  const promo = promoBody(PROMO_CODE);
  const registered = await register(server, promo);
  expect(registered.status).toBe(201);
  const promoAttendee = await su.collection('attendees').getFirstListItem(su.filter('registration = {:id}', { id: registered.body.registrationId }));
  const arranged = await arrangeAttendee(su);
  const adminAnswers: string[] = [];
  for (const attendee of [promoAttendee, arranged]) {
    const response = await fetch(`${server.url}/api/masterclass/attendees/${attendee.id}/invitation`, {
      method: 'POST', headers: { Authorization: admin.client.authStore.token },
    });
    expect(response.status).toBe(200);
    adminAnswers.push(await response.text());
  }

  await Promise.all([
    waitForEmail(su, server.superuser.email, /reset/i, 'captured'),
    waitForEmail(su, resetUser.email, /reset/i, 'captured'),
    waitForEmail(su, unverifiedUser.email, /verif/i, 'captured'),
    waitForEmail(su, otpUser.email, /./, 'captured'),
    waitForEmail(su, arranged.email as string, /^Create your account/, 'captured'),
  ]);
  triggered = { resetUser, unverifiedUser, otpUser, otpId, otpLength, invited: [promoAttendee, arranged], adminAnswers };
});

describe('what an administrator can read', () => {
  it('holds no working reset, verification, one-time code or invitation token', async () => {
    // every collection there is, system ones included; read whole where the administrator is let in
    const readable: Record<string, RecordModel[]> = {};
    for (const collection of await su.collections.getFullList()) {
      try {
        readable[collection.name] = await admin.client.collection(collection.name).getFullList({ batch: 500 });
      } catch (error) {
        if (!(error instanceof ClientResponseError) || ![400, 403, 404].includes(error.status)) throw error;
      }
    }
    expect(Object.keys(readable)).toEqual(expect.arrayContaining(['emails', 'registrations', 'attendees', 'users', 'contact_messages', 'tombstones']));
    expect(Object.keys(readable)).not.toContain('email_secrets');
    expect(Object.keys(readable)).not.toContain('_superusers');
    const dump = [JSON.stringify(readable), ...triggered.adminAnswers].join('\n');

    // the scan sees the mails themselves: their subjects and the invitation links without a token
    expect(readable.emails.filter((email) => email.template === 'pocketbase').map((email) => email.to)).toEqual(
      expect.arrayContaining([server.superuser.email, triggered.resetUser.email, triggered.unverifiedUser.email, triggered.otpUser.email]),
    );
    for (const attendee of triggered.invited) expect(dump).toContain(`attendeeId=${attendee.id}`);

    // JWTs: none resets or verifies a user or a superuser
    for (const token of matches(dump, JWT)) {
      for (const collection of ['users', '_superusers']) {
        const password = 'an administrator took over';
        expect(await postJson(server, `/api/collections/${collection}/confirm-password-reset`, { token, password, passwordConfirm: password })).toBe(400);
        expect(await postJson(server, `/api/collections/${collection}/confirm-verification`, { token })).toBe(400);
      }
    }

    // token= parameters and 64-hex strings: none opens an invitation
    const candidates = [...matches(dump, TOKEN_PARAM, 1).map(decodeURIComponent), ...matches(dump, HEX_64)];
    expect(candidates.length).toBeGreaterThan(0);
    for (const token of new Set(candidates)) {
      for (const attendee of triggered.invited) {
        const answer = await getInvitation(server, attendee.id, { email: attendee.email as string, token });
        expect(answer.status, `token ${token} for ${attendee.email}`).toBe(403);
      }
    }

    // one-time codes: none signs in
    const codes = matches(dump, new RegExp(`(?<![0-9])[0-9]{${triggered.otpLength}}(?![0-9])`, 'g'));
    for (const code of codes) {
      const refused = await server.guest().collection('users').authWithOTP(triggered.otpId, code).then(() => null, (error: unknown) => error);
      expect(refused, `code ${code}`).toBeInstanceOf(ClientResponseError);
    }

    // and the working copies are out of the administrator's reach
    for (const name of ['email_secrets', 'app_secrets']) {
      const refused = await admin.client.collection(name).getList(1, 1).then(() => null, (error: unknown) => error);
      expect((refused as ClientResponseError).status).toBe(403);
    }
  });
});

describe('what the superuser finds in email_secrets', () => {
  it('a working user password reset link', async () => {
    const email = await waitForEmail(su, triggered.resetUser.email, /reset/i, 'captured');
    // the copy lists its links one a line, as a developer copies them from the dashboard
    const links = String((await workingCopy(email.id)).links).split('\n');
    const token = new URL(links.find((link) => link.startsWith(`${APP_URL}/reset-password?`))!).searchParams.get('token')!;
    const password = `new-${unique()}`;
    await server.guest().collection('users').confirmPasswordReset(token, password, password);
    await server.guest().collection('users').authWithPassword(triggered.resetUser.email, password);
  });

  it('a working verification link', async () => {
    const email = await waitForEmail(su, triggered.unverifiedUser.email, /verif/i, 'captured');
    const [token] = matches((await workingCopy(email.id)).html, JWT);
    await server.guest().collection('users').confirmVerification(token);
    expect((await su.collection('users').getOne(triggered.unverifiedUser.id)).verified).toBe(true);
  });

  it('a working one-time code', async () => {
    const email = await waitForEmail(su, triggered.otpUser.email, /./, 'captured');
    const copy = await workingCopy(email.id);
    const [code] = matches(`${copy.html}`, new RegExp(`(?<![0-9#])[0-9]{${triggered.otpLength}}(?![0-9])`, 'g'));
    const signedIn = await server.guest().collection('users').authWithOTP(triggered.otpId, code);
    expect(signedIn.record.id).toBe(triggered.otpUser.id);
  });

  it('working invitation links, for the promo registration and the re-sent one', async () => {
    for (const attendee of triggered.invited) {
      const email = await waitForEmail(su, attendee.email as string, /^Create your account/, 'captured');
      const copy = await workingCopy(email.id);
      const link = new URL(/https:\/\/masterclass\.example\.com\/auth\?\S+/.exec(copy.text)![0]);
      expect(String(copy.links).split('\n')).toContain(link.href);
      expect(link.searchParams.get('attendeeId')).toBe(attendee.id);
      const answer = await getInvitation(server, attendee.id, { email: link.searchParams.get('email')!, token: link.searchParams.get('token')! });
      expect(answer.status).toBe(200);
    }
  });

  it("a working reset link for the superuser's own account", async () => {
    const email = await waitForEmail(su, server.superuser.email, /reset/i, 'captured');
    const [token] = matches((await workingCopy(email.id)).html, JWT);
    const password = `superuser-${unique()}`;
    expect(await postJson(server, '/api/collections/_superusers/confirm-password-reset', { token, password, passwordConfirm: password })).toBe(204);
    // the reset signs every session out: sign in again with the new password for what follows
    await su.collection('_superusers').authWithPassword(server.superuser.email, password);
  });
});

describe('with SMTP configured', () => {
  let smtp: TestSmtpServer;
  let mailing: TestServer;
  let mailingSu: PocketBase;
  let mailingAdmin: TestUser;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    mailing = await startTestServer({
      env: { APP_URL, SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_USER: '', SMTP_PASSWORD: '', SMTP_TLS: '' },
    });
    mailingSu = await mailing.admin();
    mailingAdmin = await createUser(mailing, mailingSu, 'administrator');
    await prepareSales(mailingSu);
  });

  afterAll(async () => {
    await Promise.all([mailing?.stop(), smtp?.stop()]);
  });

  it('the recipient receives the working links; the outbox keeps none and no working copy stays behind', async () => {
    const user = await createUser(mailing, mailingSu, 'attendee');
    expect(await postJson(mailing, '/api/collections/users/request-password-reset', { email: user.email })).toBe(204);
    const promo = promoBody(PROMO_CODE);
    const invitee = promo.attendees[0].email as string;
    expect((await register(mailing, promo)).status).toBe(201);

    const [reset] = await smtp.waitFor((mail) => mail.to.includes(user.email));
    const [invitation] = await smtp.waitFor((mail) => mail.to.includes(invitee.toLowerCase()) && mail.subject.startsWith('Create your account'));

    const resetToken = /\/reset-password\?token=([A-Za-z0-9._-]+)/.exec(reset.html)![1];
    const link = new URL(/https:\/\/masterclass\.example\.com\/auth\?\S+/.exec(invitation.text)![0]);
    const invitationToken = link.searchParams.get('token')!;
    expect(invitation.text).not.toContain('[hidden]');

    // the administrator's outbox shows both, sent, without the credentials
    const outbox = await Promise.all([
      waitForEmail(mailingAdmin.client, user.email, /reset/i, 'sent'),
      waitForEmail(mailingAdmin.client, invitee, /^Create your account/, 'sent'),
    ]);
    const readable = JSON.stringify(outbox);
    expect(readable).not.toContain(resetToken);
    expect(readable).not.toContain(invitationToken);
    expect((await mailingSu.collection('email_secrets').getList(1, 1, {
      filter: mailingSu.filter('email = {:a} || email = {:b}', { a: outbox[0].id, b: outbox[1].id }),
    })).totalItems).toBe(0);

    // and the received links work
    expect((await getInvitation(mailing, link.searchParams.get('attendeeId')!, { email: link.searchParams.get('email')!, token: invitationToken })).status).toBe(200);
    const password = `new-${unique()}`;
    await mailing.guest().collection('users').confirmPasswordReset(resetToken, password, password);
    await mailing.guest().collection('users').authWithPassword(user.email, password);
  });
});
