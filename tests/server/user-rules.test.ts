// The account rules for a user created the only way there is, the invitation
// sign-up: nobody creates users through the collection API; a user edits its
// profile but never its email (not even through PocketBase's email change
// routes), role or verified flag; it reads no other user, and of the
// attendees only the rows linked to it.
import { beforeAll, describe, expect, it } from 'vitest';
import PocketBase from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import { allowed, createUser, fieldErrors, serverForFile, unique, type TestUser } from './helpers';
import { arrangeAttendee, arrangeInvitation, signup, signupBody } from './account-helpers';

let server: TestServer;
let su: PocketBase;
let admin: TestUser;
/** Signed up through an invitation; owns two attendee rows. */
let me: PocketBase;
let myId: string;
let myEmail: string;
let myAttendeeIds: string[];
/** Another signed-up attendee. */
let other: PocketBase;
let otherId: string;
let otherAttendeeId: string;
let unlinkedAttendeeId: string;

async function signedUp(): Promise<{ client: PocketBase; userId: string; email: string; attendeeId: string }> {
  const invitation = await arrangeInvitation(su);
  const answer = await signup(server, signupBody(invitation));
  expect(answer.status).toBe(201);
  const client = new PocketBase(server.url);
  client.autoCancellation(false);
  await client.collection('users').authWithPassword(invitation.email, 'correct horse battery');
  return { client, userId: answer.body.userId, email: invitation.email, attendeeId: invitation.attendeeId };
}

serverForFile((started) => ({ server, su } = started), { env: { SMTP_HOST: '' } });

beforeAll(async () => {
  admin = await createUser(server, su, 'administrator');
  const mine = await signedUp();
  ({ client: me, userId: myId, email: myEmail } = mine);
  const second = await arrangeAttendee(su, { email: myEmail, user: myId });
  myAttendeeIds = [mine.attendeeId, second.id];
  const theirs = await signedUp();
  ({ client: other, userId: otherId, attendeeId: otherAttendeeId } = theirs);
  unlinkedAttendeeId = (await arrangeAttendee(su)).id;
});

function newUserBody(role = 'attendee') {
  const password = unique('pw-');
  return { email: `${unique('direct-')}@example.com`, password, passwordConfirm: password, role, verified: true, full_name: 'Direct Create' };
}

describe('users', () => {
  it('cannot be created through the collection API by anyone but a superuser', async () => {
    const before = (await su.collection('users').getList(1, 1)).totalItems;
    for (const client of [server.guest(), me, admin.client]) {
      expect(await allowed(() => client.collection('users').create(newUserBody()))).toBe(false);
      expect(await allowed(() => client.collection('users').create(newUserBody('administrator')))).toBe(false);
    }
    expect((await su.collection('users').getList(1, 1)).totalItems).toBe(before);
  });

  it('are one per email, whatever its case', async () => {
    const body = newUserBody();
    await su.collection('users').create({ ...body, email: body.email.toUpperCase() });
    const errors = await fieldErrors(() => su.collection('users').create(body));
    expect(errors.email?.code).toBe('validation_not_unique');
  });

  it('are created by the invitation sign-up as attendees, whatever the body says', async () => {
    const user = await su.collection('users').getOne(myId);
    expect(user).toMatchObject({ role: 'attendee', verified: true });
  });

  it('update their own profile', async () => {
    const patch = { full_name: 'Grace M. Hopper', company: 'Navy', job_title: 'Admiral', industry: 'technology', linkedin_url: 'https://www.linkedin.com/in/grace' };
    expect(await allowed(() => me.collection('users').update(myId, patch))).toBe(true);
    expect(await su.collection('users').getOne(myId)).toMatchObject(patch);
  });

  it('never change their own email, role or verified flag', async () => {
    for (const patch of [
      { email: `${unique('new-')}@example.com` },
      { role: 'administrator' },
      { verified: false },
      { full_name: 'Sneaky', role: 'administrator' },
    ]) {
      expect(await allowed(() => me.collection('users').update(myId, patch))).toBe(false);
    }
    const user = await su.collection('users').getOne(myId);
    expect(user).toMatchObject({ email: myEmail.toLowerCase(), role: 'attendee', verified: true });
    expect(user.full_name).not.toBe('Sneaky');
  });

  it("refuse PocketBase's email change routes", async () => {
    const response = await fetch(`${server.url}/api/collections/users/request-email-change`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: me.authStore.token },
      body: JSON.stringify({ newEmail: `${unique('new-')}@example.com` }),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ message: 'Email cannot be changed', data: { email: { code: 'email_fixed' } } });

    const confirm = await fetch(`${server.url}/api/collections/users/confirm-email-change`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token: 'x', password: 'y' }),
    });
    // no change token can be had (the request is refused); a made-up one is refused too
    expect(confirm.status).toBe(400);
    expect((await su.collection('users').getOne(myId)).email).toBe(myEmail.toLowerCase());
  });

  it('cannot read other users; administrators read all', async () => {
    expect(await allowed(() => me.collection('users').getOne(otherId))).toBe(false);
    expect(await allowed(() => other.collection('users').getOne(myId))).toBe(false);
    expect((await me.collection('users').getFullList()).map((user) => user.id)).toEqual([myId]);
    expect(await allowed(() => me.collection('users').update(otherId, { full_name: 'Changed by a stranger' }))).toBe(false);
    expect(await allowed(() => me.collection('users').delete(otherId))).toBe(false);

    const seen = (await admin.client.collection('users').getFullList()).map((user) => user.id);
    expect(seen).toEqual(expect.arrayContaining([myId, otherId, admin.id]));
  });
});

describe('attendees', () => {
  it('are readable by a user only where linked to it', async () => {
    const listed = (await me.collection('attendees').getFullList()).map((row) => row.id);
    expect(listed.sort()).toEqual([...myAttendeeIds].sort());
    for (const id of myAttendeeIds) expect(await allowed(() => me.collection('attendees').getOne(id))).toBe(true);
    expect(await allowed(() => me.collection('attendees').getOne(otherAttendeeId))).toBe(false);
    expect(await allowed(() => me.collection('attendees').getOne(unlinkedAttendeeId))).toBe(false);
    expect((await other.collection('attendees').getFullList()).map((row) => row.id)).toEqual([otherAttendeeId]);
    expect(await allowed(() => server.guest().collection('attendees').getOne(myAttendeeIds[0]))).toBe(false);
  });

  it('cannot be changed or claimed by a user, even its own', async () => {
    expect(await allowed(() => me.collection('attendees').update(myAttendeeIds[0], { email: 'changed@example.com' }))).toBe(false);
    expect(await allowed(() => me.collection('attendees').update(unlinkedAttendeeId, { user: myId }))).toBe(false);
    expect(await allowed(() => me.collection('attendees').update(otherAttendeeId, { user: myId }))).toBe(false);
    expect(await allowed(() => me.collection('attendees').delete(myAttendeeIds[0]))).toBe(false);
    expect((await su.collection('attendees').getOne(unlinkedAttendeeId)).user).toBe('');
    expect((await su.collection('attendees').getOne(otherAttendeeId)).user).toBe(otherId);
  });

  it("do not open the registrations or the emails outbox to their user", async () => {
    const row = await me.collection('attendees').getOne(myAttendeeIds[0]);
    expect(await allowed(() => me.collection('registrations').getOne(row.registration))).toBe(false);
    expect((await me.collection('emails').getList(1, 1)).totalItems).toBe(0);
  });
});
