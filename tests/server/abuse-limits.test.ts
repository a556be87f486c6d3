// Abuse limits, tried as an attacker would: one request (or one client)
// holding every seat, promo codes guessed through the registration route,
// the waitlist used to mail any address, and limits that must still let a
// venue full of attendees on one address sign in. Each server here starts
// with its own limits, so one test's counters never decide another's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { startTestServer, type TestServer } from '../support/pocketbase';
import { masterclassEvent } from '../support/masterclassEvent';
import { createUser, unique, type TestUser } from './helpers';
import {
  attendee, counts, minutesFromNow, openSales, paidBody, post, promoBody, register, seatsLeft, waitlistBody,
} from './registration-helpers';

interface Started {
  server: TestServer;
  su: PocketBase;
}

/** One PocketBase per describe block, with sales open and the given limits. */
function serverForBlock(env: Record<string, string>): () => Started {
  let started: Started | undefined;
  beforeAll(async () => {
    const server = await startTestServer({ env: { SIMULATED_CHECKOUT: 'on', ...env } });
    const su = await server.admin();
    await openSales(su, { capacity: 50 });
    started = { server, su };
  });
  afterAll(async () => {
    await started?.server.stop();
  });
  return () => started!;
}

const rateCode = (answer: { body: { data?: Record<string, { code: string }> } }, field: string) => answer.body.data?.[field]?.code;

const requestReset = (server: TestServer, email: string) => fetch(`${server.url}/api/collections/users/request-password-reset`, {
  method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email }),
});

const resetMails = (su: PocketBase) => su.collection('emails').getFullList({ filter: 'subject ~ "Reset"' });

function postFrom(server: TestServer, path: string, body: unknown, headers: Record<string, string>) {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  }).then(async (response) => ({ status: response.status, body: await response.json() }));
}

describe('seats one registration may hold', () => {
  const ctx = serverForBlock({});

  it('offers the event maximum (10 by default) and refuses an 11-attendee order, holding nothing', async () => {
    const { server, su } = ctx();
    expect((await (await fetch(`${server.url}/api/masterclass/event`)).json()).max_per_registration).toBe(10);
    const before = await counts(su);
    const answer = await register(server, paidBody(11));
    expect(answer.status).toBe(400);
    expect(answer.body.data.attendees).toEqual({
      code: 'too_many',
      message: 'A registration can have at most 10 attendees. Please register larger groups in several registrations or contact us.',
    });
    expect(await counts(su)).toEqual(before);
    expect(await seatsLeft(server)).toBe(50);
  });

  it('follows the maximum an administrator sets on the event', async () => {
    const { server, su } = ctx();
    const event = await masterclassEvent(su);
    await su.collection('events').update(event.id, { max_per_registration: 3 });
    expect((await register(server, paidBody(4))).status).toBe(400);
    expect((await register(server, paidBody(3))).status).toBe(201);
    await su.collection('events').update(event.id, { max_per_registration: 10 });
  });
});

describe('seats held in unpaid checkouts', () => {
  const ctx = serverForBlock({ HOLD_SEATS_PER_EMAIL: '10', HOLD_SEATS_PER_CLIENT: '20' });

  it('refuses a second checkout that would hold more than 10 seats for one email address (any case)', async () => {
    const { server, su } = ctx();
    const buyer = `${unique('hoarder-')}@example.com`;
    const first = paidBody(8);
    first.attendees[0] = attendee({ email: buyer });
    expect((await register(server, first)).status).toBe(201);
    const before = await counts(su);
    const second = paidBody(3);
    second.attendees[0] = attendee({ email: buyer.toUpperCase() });
    const answer = await register(server, second);
    expect(answer.status).toBe(429);
    expect(rateCode(answer, 'holds')).toBe('held_seats_email');
    expect(answer.body.message).toContain('8 seats are already held for this email address');
    expect(await counts(su)).toEqual(before);
  });

  it('refuses a client holding more than 20 seats through different email addresses', async () => {
    const { server, su } = ctx();
    // 8 seats are held by the test above, from the same address.
    expect((await register(server, paidBody(10))).status).toBe(201);
    const before = await counts(su);
    const left = await seatsLeft(server);
    const answer = await register(server, paidBody(3));
    expect(answer.status).toBe(429);
    expect(rateCode(answer, 'holds')).toBe('held_seats_client');
    expect(await counts(su)).toEqual(before);
    expect(await seatsLeft(server)).toBe(left);
    // Two more seats still fit under the client's 20.
    expect((await register(server, paidBody(2))).status).toBe(201);
  });

  it('frees the allowance once a checkout is cancelled', async () => {
    const { server, su } = ctx();
    // The client holds its 20 seats now: one more is refused …
    expect((await register(server, paidBody(1))).status).toBe(429);
    // … until one of its checkouts is cancelled.
    const pending = await su.collection('registrations').getFirstListItem('status = "pending" && kind = "paid"', { sort: 'created' });
    const cancelled = await post(server, `/api/masterclass/checkout/simulated/${pending.stripe_session_id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect((await register(server, paidBody(1))).status).toBe(201);
  });
});

describe('registration rates per mode', () => {
  const ctx = serverForBlock({ RATE_LIMIT_REGISTER_WAITLIST: '3/600', RATE_LIMIT_REGISTER_PAID: '2/600', HOLD_SEATS_PER_CLIENT: '50' });

  it('answers 429 past the waitlist rate and writes nothing', async () => {
    const { server, su } = ctx();
    for (let i = 0; i < 3; i += 1) expect((await register(server, waitlistBody())).status).toBe(201);
    const before = await counts(su);
    const answer = await register(server, waitlistBody());
    expect(answer.status).toBe(429);
    expect(answer.body.message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
    expect(await counts(su)).toEqual(before);
  });

  it('keeps each mode its own budget', async () => {
    const { server } = ctx();
    expect((await register(server, paidBody(1))).status).toBe(201);
    expect((await register(server, paidBody(1))).status).toBe(201);
    expect((await register(server, paidBody(1))).status).toBe(429);
  });
});

describe('promo code guesses', () => {
  const ctx = serverForBlock({ RATE_LIMIT_PROMO_CHECKS: '5/600' });

  it('share one budget between /promo/validate and promo registrations: the right code is refused once it is spent', async () => {
    const { server, su } = ctx();
    const event = await masterclassEvent(su);
    const code = unique('REAL').toUpperCase();
    await su.collection('promo_codes').create({ code, event: event.id, max_uses: 10, used_count: 0, expires_at: minutesFromNow(60), active: true });
    for (let i = 0; i < 3; i += 1) expect((await register(server, promoBody(`GUESS${i}`))).status).toBe(400);
    for (let i = 0; i < 2; i += 1) expect((await post(server, '/api/masterclass/promo/validate', { code: `GUESS-${i}` })).status).toBe(400);
    const before = await counts(su);
    const guessed = await register(server, promoBody(code));
    expect(guessed.status).toBe(429);
    expect((await post(server, '/api/masterclass/promo/validate', { code })).status).toBe(429);
    expect(await counts(su)).toEqual(before);
    const promo = await su.collection('promo_codes').getFirstListItem(su.filter('code = {:code}', { code }));
    expect(promo.used_count).toBe(0);
  });

  it('sees real client addresses behind a proxy only when its header is trusted', async () => {
    const { server } = ctx();
    // Not trusted here: a forged X-Forwarded-For does not buy a fresh budget.
    const forged = await postFrom(server, '/api/masterclass/promo/validate', { code: 'NOPE' }, { 'X-Forwarded-For': '203.0.113.7' });
    expect(forged.status).toBe(429);
  });
});

describe('trusted proxy headers', () => {
  const ctx = serverForBlock({ RATE_LIMIT_PROMO_CHECKS: '2/600', TRUSTED_PROXY_HEADERS: 'X-Forwarded-For' });

  it('keeps each forwarded client its own budget', async () => {
    const { server } = ctx();
    const check = (address: string) => postFrom(server, '/api/masterclass/promo/validate', { code: 'NOPE' }, { 'X-Forwarded-For': address });
    expect((await check('198.51.100.1')).status).toBe(400);
    expect((await check('198.51.100.1')).status).toBe(400);
    expect((await check('198.51.100.1')).status).toBe(429);
    expect((await check('198.51.100.2')).status).toBe(400);
    const { settings } = { settings: await (await ctx().server.admin()).settings.getAll() };
    expect(settings.trustedProxy.headers).toEqual(['X-Forwarded-For']);
  });
});

describe('waitlist abuse', () => {
  const ctx = serverForBlock({});

  it('takes one entry per email and event: a second one answers kindly and sends nothing', async () => {
    const { server, su } = ctx();
    const email = `${unique('again-')}@example.com`;
    expect((await register(server, waitlistBody({ attendees: [attendee({ email })] }))).status).toBe(201);
    const before = await counts(su);
    const again = await register(server, waitlistBody({ attendees: [attendee({ email: email.toUpperCase(), fullName: 'Someone Else' })] }));
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ alreadyOnWaitlist: true, status: 'pending', emailWarning: false, registrationId: '' });
    expect(again.body.message).toContain("You're already on the waitlist");
    expect(await counts(su)).toEqual(before);
  });

  it('refuses names that could carry a link into the email, and over-long ones', async () => {
    const { server, su } = ctx();
    const before = await counts(su);
    for (const fullName of ['Visit evil.com now', 'http://x.test', 'www.example', '<a href=x>Ada</a>', 'ada@example.com', 'A'.repeat(101)]) {
      const answer = await register(server, waitlistBody({ attendees: [attendee({ fullName })] }));
      expect(answer.status, fullName).toBe(400);
      expect(['invalid_name', 'too_long']).toContain(answer.body.data['attendees.0.fullName'].code);
    }
    expect(await counts(su)).toEqual(before);
    expect((await register(server, waitlistBody({ attendees: [attendee({ fullName: "J.R.R. O'Neil-Smith" })] }))).status).toBe(201);
  });
});

describe('emails the store refuses', () => {
  const ctx = serverForBlock({});

  it('answers the field message, not a server error, for an address PocketBase would refuse', async () => {
    const { server, su } = ctx();
    const before = await counts(su);
    for (const email of ['.x@example.com', 'x.@example.com', 'a..b@example.com', 'a@example.c0m', 'a@e.x']) {
      const answer = await register(server, waitlistBody({ attendees: [attendee({ email })] }));
      expect(answer.status, email).toBe(400);
      expect(answer.body.data['attendees.0.email'], email).toEqual({ code: 'invalid_email', message: 'Invalid email address' });
    }
    expect(await counts(su)).toEqual(before);
  });

  it('finds the event by its stable key, whatever its title says', async () => {
    const { server, su } = ctx();
    const event = await masterclassEvent(su);
    await su.collection('events').update(event.id, { title: 'AI Champions Masterclass – Adelaide' });
    const summary = await (await fetch(`${server.url}/api/masterclass/event`)).json();
    expect(summary.id).toBe(event.id);
    expect((await register(server, waitlistBody())).status).toBe(201);
  });
});

describe('account limits', () => {
  const ctx = serverForBlock({});
  let users: TestUser[] = [];

  // 50 accounts, each a password hash and a sign-in: minutes on a loaded 2-core runner, not the default minute.
  beforeAll(async () => {
    const { server, su } = ctx();
    users = await Promise.all(Array.from({ length: 50 }, () => createUser(server, su, 'attendee')));
  }, 180_000);

  it('lets 50 attendees on one venue address sign in within a minute', async () => {
    const { server } = ctx();
    const answers = await Promise.all(users.map((user) =>
      postFrom(server, '/api/collections/users/auth-with-password', { identity: user.email, password: user.password }, {})));
    expect(answers.map((answer) => answer.status)).toEqual(users.map(() => 200));
  });

  it('makes one account wait after 6 failed passwords, even for the right one, and no other account', async () => {
    // (the lock per client, the growing wait and the way back: sign-in-limits.test.ts)
    const { server } = ctx();
    const [target, neighbour] = users as [TestUser, TestUser];
    const signIn = (identity: string, password: string) =>
      postFrom(server, '/api/collections/users/auth-with-password', { identity, password }, {});
    for (let i = 0; i < 6; i += 1) expect((await signIn(target.email, `wrong-${i}`)).status).toBe(400);
    const waiting = await signIn(target.email.toUpperCase(), target.password);
    expect(waiting.status).toBe(429);
    expect(waiting.body.message).toMatch(/^Too many attempts for this account\. Please try again in \d+ seconds?\.$/);
    expect((await signIn(neighbour.email, neighbour.password)).status).toBe(200);
    // An address with no account is counted the same way: the answer reveals nothing.
    const nobody = `${unique('nobody-')}@example.com`;
    for (let i = 0; i < 6; i += 1) expect((await signIn(nobody, 'wrong-password')).status).toBe(400);
    const alike = await signIn(nobody, 'wrong-password');
    expect(alike.status).toBe(429);
    expect(alike.body.message).toMatch(/^Too many attempts for this account\. Please try again in \d+ seconds?\.$/);
  });

  it('lets 50 attendees on one address ask for a password reset within a minute', async () => {
    const { server, su } = ctx();
    const answers = await Promise.all(users.map((user) => requestReset(server, user.email)));
    expect(answers.map((answer) => answer.status)).toEqual(users.map(() => 204));
    // PocketBase sends reset mails in the background: wait for all of them.
    await expect.poll(async () => {
      const mails = await resetMails(su);
      return users.map((user) => mails.filter((mail) => mail.to === user.email).length);
    }, { timeout: 15_000 }).toEqual(users.map(() => 1));
  });

  it('sends one account at most 3 reset mails an hour, however many requests arrive at once, answering each alike', async () => {
    const { server, su } = ctx();
    const { email } = await createUser(server, su, 'attendee');
    const answers = await Promise.all(Array.from({ length: 8 }, () => requestReset(server, email)));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 204));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const sent = (await resetMails(su)).filter((mail) => mail.to === email).length;
    expect(sent).toBeGreaterThanOrEqual(1);
    expect(sent).toBeLessThanOrEqual(3);
  });
});

describe('invitation guessing', () => {
  const ctx = serverForBlock({ RATE_LIMIT_INVITATION_LOOKUP: '3/600', RATE_LIMIT_SIGNUP: '2/600' });

  it('limits lookups and sign-up attempts per invitation, not per address', async () => {
    const { server } = ctx();
    const lookup = (attendeeId: string) =>
      fetch(`${server.url}/api/masterclass/invitations/${attendeeId}?email=a%40example.com&token=${'0'.repeat(64)}`).then((answer) => answer.status);
    const target = unique('att').slice(0, 15);
    expect([await lookup(target), await lookup(target), await lookup(target)]).toEqual([404, 404, 404]);
    expect(await lookup(target)).toBe(429);
    expect(await lookup(unique('other').slice(0, 15))).toBe(404);

    const signUp = () => post(server, '/api/masterclass/signup', { attendeeId: target, email: 'a@example.com', token: 'f'.repeat(64), password: 'long-enough-1' });
    expect((await signUp()).status).toBe(404);
    expect((await signUp()).status).toBe(404);
    expect((await signUp()).status).toBe(429);
  });
});
