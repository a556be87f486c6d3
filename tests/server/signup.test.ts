// POST /api/masterclass/signup against a real PocketBase: an invitation
// becomes a verified attendee account linked to its attendee rows; a tampered
// or mismatched link, a used invitation, a short password and malformed
// bodies are refused with nothing created. Also PocketBase's own password
// reset: the same answer for unknown emails, the email captured (the outbox
// record without its link, the working copy with the app's
// /reset-password?token= link in email_secrets), and the 8-character minimum.
import { describe, expect, it } from 'vitest';
import PocketBase, { ClientResponseError } from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import { createUser, serverForFile, unique } from './helpers';
import { post } from './registration-helpers';
import {
  ALREADY_USED, INVALID_LINK, PASSWORD_TOO_SHORT, arrangeAttendee, arrangeInvitation, invitationSecret, invitationToken,
  signup, signupBody, type Invitation,
} from './account-helpers';

const APP_URL = 'https://masterclass.example.com';

let server: TestServer;
let su: PocketBase;

serverForFile((started) => ({ server, su } = started), { env: { APP_URL, SMTP_HOST: '' } });

async function usersWithEmail(email: string): Promise<RecordModel[]> {
  return su.collection('users').getFullList({ filter: su.filter('email ~ {:email}', { email: email.toLowerCase() }) });
}

async function signIn(email: string, password: string): Promise<PocketBase> {
  const client = new PocketBase(server.url);
  client.autoCancellation(false);
  await client.collection('users').authWithPassword(email, password);
  return client;
}

async function waitUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Proves a refused sign-up changed nothing. */
async function expectNothingCreated(invitation: Invitation) {
  expect(await usersWithEmail(invitation.email)).toHaveLength(0);
  expect((await su.collection('attendees').getOne(invitation.attendeeId)).user).toBe('');
}

describe('sign-up through an invitation', () => {
  it('creates a verified attendee with the attendee details and links every attendee row with that email', async () => {
    const invitation = await arrangeInvitation(su);
    const earlier = await arrangeAttendee(su, { email: invitation.email.toUpperCase(), registration_status: 'waitlisted' });

    const answer = await signup(server, signupBody(invitation, { role: 'administrator', verified: false }));
    expect(answer.status).toBe(201);
    expect(Object.keys(answer.body)).toEqual(['userId']);

    const user = await su.collection('users').getOne(answer.body.userId);
    expect(user).toMatchObject({
      email: invitation.email.toLowerCase(),
      verified: true,
      role: 'attendee',
      full_name: 'Grace Hopper',
      company: 'Compilers Inc',
      job_title: 'Rear Admiral',
    });
    expect((await su.collection('attendees').getOne(invitation.attendeeId)).user).toBe(user.id);
    expect((await su.collection('attendees').getOne(earlier.id)).user).toBe(user.id);

    // the new account signs in (whatever the case of the email) and reads its own attendee rows
    const client = await signIn(invitation.email.toUpperCase(), 'correct horse battery');
    const own = await client.collection('attendees').getFullList({ sort: 'created' });
    expect(own.map((row) => row.id).sort()).toEqual([invitation.attendeeId, earlier.id].sort());
  });

  it('uses the name sent with the sign-up, or the attendee name when none is sent', async () => {
    const named = await arrangeInvitation(su);
    const answer = await signup(server, signupBody(named, { fullName: '  Grace B. Hopper ' }));
    expect(answer.status).toBe(201);
    expect((await su.collection('users').getOne(answer.body.userId)).full_name).toBe('Grace B. Hopper');

    const unnamed = await arrangeInvitation(su, { full_name: 'Alan Turing' });
    const second = await signup(server, signupBody(unnamed, { fullName: undefined }));
    expect(second.status).toBe(201);
    expect((await su.collection('users').getOne(second.body.userId)).full_name).toBe('Alan Turing');
  });

  it('accepts the invited email in any case', async () => {
    const invitation = await arrangeInvitation(su, { email: `${unique('Mixed.Case-')}@Example.COM` });
    const answer = await signup(server, signupBody(invitation, { email: `  ${invitation.email.toLowerCase()}  ` }));
    expect(answer.status).toBe(201);
    expect((await su.collection('users').getOne(answer.body.userId)).email).toBe(invitation.email.toLowerCase());
  });

  it('refuses a tampered token', async () => {
    const invitation = await arrangeInvitation(su);
    const flipped = `${invitation.token.slice(0, -1)}${invitation.token.endsWith('0') ? '1' : '0'}`;
    for (const token of [flipped, invitation.token.toUpperCase(), `${invitation.token}00`, 'x']) {
      const answer = await signup(server, signupBody(invitation, { token }));
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ status: 403, message: INVALID_LINK, data: { token: { code: 'invalid_token', message: INVALID_LINK } } });
    }
    await expectNothingCreated(invitation);
  });

  it("refuses another attendee's token and a token made for another email", async () => {
    const invitation = await arrangeInvitation(su);
    const other = await arrangeInvitation(su);
    const secret = await invitationSecret(su);

    const borrowed = await signup(server, signupBody(invitation, { token: other.token }));
    expect(borrowed.status).toBe(403);
    expect(borrowed.body.data.token.code).toBe('invalid_token');

    // a valid link for someone else's address does not open this attendee
    const stranger = 'someone.else@example.com';
    const mismatched = await signup(server, signupBody(invitation, { email: stranger, token: invitationToken(secret, invitation.attendeeId, stranger) }));
    expect(mismatched.status).toBe(403);
    expect(mismatched.body.data.email.code).toBe('email_mismatch');
    expect(mismatched.body.message).toBe('This invitation was sent to a different email address.');

    // the email the link carries must be the one the token was made for
    const swapped = await signup(server, signupBody(invitation, { email: stranger }));
    expect(swapped.status).toBe(403);
    expect(swapped.body.message).toBe(INVALID_LINK);
    await expectNothingCreated(invitation);
    expect(await usersWithEmail(stranger)).toHaveLength(0);
  });

  it('refuses an unknown attendee and an attendee without a confirmed seat', async () => {
    const secret = await invitationSecret(su);
    const unknown = await signup(server, {
      attendeeId: 'abcdefghijklmno', email: 'ghost@example.com', token: invitationToken(secret, 'abcdefghijklmno', 'ghost@example.com'), password: 'long enough',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ status: 404, message: INVALID_LINK, data: { attendeeId: { code: 'not_found', message: INVALID_LINK } } });

    for (const status of ['waitlisted', 'cancelled', '']) {
      const invitation = await arrangeInvitation(su, { registration_status: status });
      const answer = await signup(server, signupBody(invitation));
      expect(answer.status).toBe(403);
      expect(answer.body.data.attendeeId.code).toBe('not_confirmed');
      await expectNothingCreated(invitation);
    }
    const observer = await arrangeInvitation(su, { registration_status: 'confirmed_observer' });
    expect((await signup(server, signupBody(observer))).status).toBe(201);
  });

  it('refuses an invitation already used, and an email that already has an account', async () => {
    const invitation = await arrangeInvitation(su);
    expect((await signup(server, signupBody(invitation))).status).toBe(201);
    const again = await signup(server, signupBody(invitation, { password: 'another password' }));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ status: 409, message: ALREADY_USED, data: { attendeeId: { code: 'already_used', message: ALREADY_USED } } });
    // the first password still works: nothing changed
    await signIn(invitation.email, 'correct horse battery');

    const existing = await createUser(server, su, 'attendee');
    const sameEmail = await arrangeInvitation(su, { email: existing.email.toUpperCase() });
    const taken = await signup(server, signupBody(sameEmail));
    expect(taken.status).toBe(409);
    expect(taken.body.data.email).toEqual({ code: 'account_exists', message: ALREADY_USED });
    expect(await usersWithEmail(existing.email)).toHaveLength(1);
  });

  it('lets exactly one of two simultaneous sign-ups through', async () => {
    const invitation = await arrangeInvitation(su);
    const answers = await Promise.all([
      signup(server, signupBody(invitation, { password: 'first password' })),
      signup(server, signupBody(invitation, { password: 'second password' })),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(await usersWithEmail(invitation.email)).toHaveLength(1);
  });

  it('refuses a password under 8 characters, and a missing one', async () => {
    const invitation = await arrangeInvitation(su);
    const short = await signup(server, signupBody(invitation, { password: '1234567' }));
    expect(short.status).toBe(400);
    expect(short.body).toEqual({
      status: 400, message: PASSWORD_TOO_SHORT, data: { password: { code: 'validation_min_text_constraint', message: PASSWORD_TOO_SHORT } },
    });
    const missing = await signup(server, signupBody(invitation, { password: undefined }));
    expect(missing.status).toBe(400);
    expect(missing.body.data.password.code).toBe('validation_required');
    const long = await signup(server, signupBody(invitation, { password: 'x'.repeat(72) }));
    expect(long.status).toBe(400);
    expect(long.body.data.password.code).toBe('validation_max_text_constraint');
    await expectNothingCreated(invitation);

    expect((await signup(server, signupBody(invitation, { password: '12345678' }))).status).toBe(201);
  });

  it('answers malformed bodies with field errors', async () => {
    const invitation = await arrangeInvitation(su);
    const empty = await signup(server, {});
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.data).sort()).toEqual(['attendeeId', 'email', 'password', 'token']);
    expect(empty.body.data.token.message).toBe(INVALID_LINK);

    const badName = await signup(server, signupBody(invitation, { fullName: 'G' }));
    expect(badName.body.data.fullName.message).toBe('Full name must be at least 2 characters');
    expect((await signup(server, signupBody(invitation, { attendeeId: 42 }))).body.data.attendeeId.code).toBe('validation_required');

    for (const raw of ['not json', '[]', 'null']) {
      const answer = await post(server, '/api/masterclass/signup', raw);
      expect(answer.status).toBe(400);
      expect(answer.body.data.body.code).toBe('invalid_json');
    }
    await expectNothingCreated(invitation);
  });

  it('links an attendee row registered later when the user signs in', async () => {
    const invitation = await arrangeInvitation(su);
    expect((await signup(server, signupBody(invitation))).status).toBe(201);
    const later = await arrangeAttendee(su, { email: invitation.email });
    expect(later.user).toBe('');
    const client = await signIn(invitation.email, 'correct horse battery');
    expect((await su.collection('attendees').getOne(later.id)).user).toBe(client.authStore.record!.id);
  });
});

describe("PocketBase's password reset", () => {
  async function resetEmails(email: string): Promise<RecordModel[]> {
    return su.collection('emails').getFullList({ filter: su.filter('to = {:to}', { to: email }) });
  }

  /** The message as sent: the outbox record shows administrators no link, the superuser's copy has it. */
  async function workingCopy(emailId: string): Promise<RecordModel> {
    return su.collection('email_secrets').getFirstListItem(su.filter('email = {:emailId}', { emailId }));
  }

  it('answers the same for an unknown email and sends nothing', async () => {
    const unknown = `${unique('nobody-')}@example.com`;
    const answer = await fetch(`${server.url}/api/collections/users/request-password-reset`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: unknown }),
    });
    expect(answer.status).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await resetEmails(unknown)).toHaveLength(0);
  });

  it("captures the reset email with the app's /reset-password link, and the new password needs 8 characters", async () => {
    const invitation = await arrangeInvitation(su);
    expect((await signup(server, signupBody(invitation))).status).toBe(201);
    const email = invitation.email.toLowerCase();

    // typed in another case, the request still finds the account
    const answer = await fetch(`${server.url}/api/collections/users/request-password-reset`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: email.toUpperCase() }),
    });
    expect(answer.status).toBe(204);

    const [stored] = await waitUntil(() => resetEmails(email), (list) => list.length > 0 && list[0].status !== 'queued');
    expect(stored).toMatchObject({ template: 'pocketbase', status: 'captured', subject: 'Reset your AI Champions Masterclass password' });
    expect(stored.html).not.toContain('/reset-password?token=');
    const sent = await workingCopy(stored.id);
    expect(sent.html).toContain('<!DOCTYPE html>');
    expect(sent.html).not.toContain('/_/#/auth/confirm-password-reset/');
    expect(sent.html).not.toMatch(/\{(APP_URL|TOKEN|APP_NAME)\}/);
    const link = /https:\/\/masterclass\.example\.com\/reset-password\?token=([A-Za-z0-9._-]+)/.exec(sent.html);
    expect(link).not.toBeNull();
    const token = link![1];

    const users = server.guest().collection('users');
    const refusal = await users.confirmPasswordReset(token, '1234567', '1234567').catch((error: ClientResponseError) => error);
    expect(refusal).toBeInstanceOf(ClientResponseError);
    expect((refusal as ClientResponseError).status).toBe(400);
    expect(Object.keys((refusal as ClientResponseError).response.data)).toContain('password');

    await users.confirmPasswordReset(token, 'a brand new password', 'a brand new password');
    await signIn(email, 'a brand new password');
    await expect(signIn(email, 'correct horse battery')).rejects.toBeInstanceOf(ClientResponseError);
  });
});
