// Failed sign-ins nobody can weaponise (lib/accounts/sign-in-limits.js), on a
// real PocketBase behind a trusted proxy header, so each request names its
// client address: a stranger's wrong passwords from many addresses slow the
// account down for clients it does not know (a growing wait, capped) but never
// stop its owner on a device that signed in before; the stranger's own client
// is locked; the reset email is the way back; a success starts the counts
// again. The same for an administrator and a superuser. Administrators read
// the decisions (security_events): one row when a client is locked and one
// when an account starts making strangers wait, however many attempts; the
// daily job deletes them after the retention.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { startTestServer, type TestServer } from '../support/pocketbase';
import { createUser, unique } from './helpers';

const DELAYED = /^Too many attempts for this account\. Please try again in (\d+) seconds?\.$/;
const LOCKED = /^Too many failed sign-ins from this device\. Please try again in (\d+) minutes?, or reset your password by email to sign in straight away\.$/;
const JWT = /eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/;

type Collection = 'users' | '_superusers';

interface Answer {
  status: number;
  message: string;
  retryAfter: string | null;
  /** the session token of a successful sign-in */
  token: string;
}

/** A browser: its client address (X-Forwarded-For, trusted by the server) and the cookies the server set. */
class Device {
  cookies = new Map<string, string>();
  constructor(readonly server: TestServer, public address: string) {}

  async post(path: string, body: unknown): Promise<Answer> {
    const response = await fetch(`${this.server.url}${path}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Forwarded-For': this.address,
        ...(this.cookies.size ? { Cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') } : {}),
      },
      body: JSON.stringify(body),
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(';').map((part) => part.trim());
      const at = pair!.indexOf('=');
      expect(attributes).toEqual(expect.arrayContaining(['Path=/api/collections/', 'HttpOnly', 'SameSite=Strict']));
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    const text = await response.text();
    const json = text ? JSON.parse(text) : {};
    return { status: response.status, message: json.message ?? '', retryAfter: response.headers.get('Retry-After'), token: json.token ?? '' };
  }

  signIn(collection: Collection, identity: string, password: string) {
    return this.post(`/api/collections/${collection}/auth-with-password`, { identity, password });
  }
}

interface Account {
  collection: Collection;
  id: string;
  email: string;
  password: string;
}

/** Dozens of sign-ins (each a password hash) and waits of seconds: more than the suite's default 30 s on a busy machine. */
const SLOW = { timeout: 90_000 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const waitOf = (answer: Answer) => Number(DELAYED.exec(answer.message)?.[1]);

async function startServer(env: Record<string, string> = {}) {
  const server = await startTestServer({ env: { TRUSTED_PROXY_HEADERS: 'X-Forwarded-For', SMTP_HOST: '', ...env } });
  return { server, su: await server.admin() };
}

async function administrator(server: TestServer, su: PocketBase): Promise<Account> {
  const user = await createUser(server, su, 'administrator');
  return { collection: 'users', id: user.id, email: user.email, password: user.password };
}

async function superuser(su: PocketBase): Promise<Account> {
  const email = `${unique('organiser-')}@test.local`;
  const password = unique('pw-');
  const record = await su.collection('_superusers').create({ email, password, passwordConfirm: password });
  return { collection: '_superusers', id: record.id, email, password };
}

/** The decisions recorded for one account, oldest first, as `reader` may list them. */
async function decisionsFor(reader: PocketBase, email: string): Promise<RecordModel[]> {
  return reader.collection('security_events').getFullList({ filter: reader.filter('account = {:email}', { email: email.toLowerCase() }), sort: 'created' });
}

/** A client with the session a device's successful sign-in returned. */
function clientWith(server: TestServer, token: string): PocketBase {
  const client = new PocketBase(server.url);
  client.autoCancellation(false);
  client.authStore.save(token);
  return client;
}

let counter = 0;
/** A client address nobody has used yet. */
const freshAddress = () => {
  counter += 1;
  return `198.51.${Math.floor(counter / 250)}.${(counter % 250) + 1}`;
};

describe('with the default limits', () => {
  let server: TestServer;
  let su: PocketBase;
  beforeAll(async () => ({ server, su } = await startServer()));
  afterAll(async () => server?.stop());

  for (const kind of ['administrator', 'superuser'] as const) {
    it(`a stranger's 50 wrong passwords from other addresses do not stop the ${kind} on their own device`, SLOW, async () => {
      const account = kind === 'administrator' ? await administrator(server, su) : await superuser(su);
      const laptop = new Device(server, '10.20.0.1');
      expect((await laptop.signIn(account.collection, account.email, account.password)).status).toBe(200);
      expect([...laptop.cookies.keys()]).toEqual([`mc_device_${account.id}`]);

      const stranger = new Device(server, '');
      const answers: Answer[] = [];
      for (let attempt = 0; attempt < 50; attempt += 1) {
        stranger.address = freshAddress();
        answers.push(await stranger.signIn(account.collection, account.email, `guess-${attempt}`));
      }
      // Five wrong passwords are simply wrong; then each further one makes strangers wait, never long.
      expect(answers.slice(0, 6).map((answer) => answer.status)).toEqual([400, 400, 400, 400, 400, 400]);
      const waiting = answers.filter((answer) => answer.status === 429);
      expect(waiting.length).toBeGreaterThan(40);
      for (const answer of waiting) {
        expect(answer.message).toMatch(DELAYED);
        expect(waitOf(answer)).toBeLessThanOrEqual(30);
        expect(answer.retryAfter).toBe(String(waitOf(answer)));
      }
      expect(answers.every((answer) => answer.status === 400 || answer.status === 429)).toBe(true);

      // The owner's laptop signs in at once, at home and on the stranger's own network alike.
      expect((await laptop.signIn(account.collection, account.email, account.password)).status).toBe(200);
      stranger.address = freshAddress();
      expect((await stranger.signIn(account.collection, account.email, 'one-more-guess')).status).toBe(400);
      laptop.address = stranger.address;
      expect((await laptop.signIn(account.collection, account.email, account.password)).status).toBe(200);
    });
  }

  it(`a stranger's 50 wrong passwords from 50 addresses leave one row for administrators, which attendees cannot read`, SLOW, async () => {
    const account = await administrator(server, su);
    const laptop = new Device(server, freshAddress());
    expect((await laptop.signIn('users', account.email, account.password)).status).toBe(200);
    const stranger = new Device(server, '');
    const before = Date.now();
    for (let attempt = 0; attempt < 50; attempt += 1) {
      stranger.address = freshAddress();
      await stranger.signIn('users', account.email, `guess-${attempt}`);
    }

    // The real administrator still signs in on their laptop, and reads exactly one decision: the
    // account started making strangers wait (no address failed 10 times, so none is locked).
    const signedIn = await laptop.signIn('users', account.email, account.password);
    expect(signedIn.status).toBe(200);
    const rows = await decisionsFor(clientWith(server, signedIn.token), account.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'sign_in_slowed', collection: 'users', account: account.email.toLowerCase(), failures: 6 });
    expect(rows[0]!.client).toMatch(/^198\.51\.\d+\.\d+$/);
    // until: 15 minutes after the failure that started the wait
    const until = Date.parse(String(rows[0]!.until).replace(' ', 'T'));
    expect(until).toBeGreaterThanOrEqual(before + 15 * 60_000 - 1000);
    expect(until).toBeLessThanOrEqual(Date.now() + 15 * 60_000 + 1000);

    // An attendee reads none of it; a guest neither.
    const attendee = await createUser(server, su, 'attendee');
    expect((await attendee.client.collection('security_events').getList(1, 50)).totalItems).toBe(0);
    expect((await server.guest().collection('security_events').getList(1, 50)).totalItems).toBe(0);
  });

  it('the wait for strangers grows 1, 2, 4 seconds, and a device the account never used waits too', SLOW, async () => {
    const account = await administrator(server, su);
    const stranger = new Device(server, freshAddress());
    for (let attempt = 0; attempt < 6; attempt += 1) {
      stranger.address = freshAddress();
      expect((await stranger.signIn('users', account.email, `guess-${attempt}`)).status).toBe(400);
    }
    for (const seconds of [1, 2, 4]) {
      const phone = new Device(server, freshAddress());
      const refused = await phone.signIn('users', account.email, account.password);
      expect(refused).toMatchObject({ status: 429, retryAfter: String(seconds) });
      expect(refused.message).toBe(`Too many attempts for this account. Please try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`);
      await sleep(seconds * 1000 + 100);
      stranger.address = freshAddress();
      expect((await stranger.signIn('users', account.email, 'another-guess')).status).toBe(400);
    }
  });

  it('a success starts the counts again: the device may fail 9 more times, and strangers no longer wait', SLOW, async () => {
    const account = await administrator(server, su);
    const laptop = new Device(server, freshAddress());
    expect((await laptop.signIn('users', account.email, account.password)).status).toBe(200);
    for (let attempt = 0; attempt < 9; attempt += 1) expect((await laptop.signIn('users', account.email, 'typo')).status).toBe(400);
    expect((await laptop.signIn('users', account.email, account.password)).status).toBe(200);
    for (let attempt = 0; attempt < 10; attempt += 1) expect((await laptop.signIn('users', account.email, 'typo')).status).toBe(400);
    const locked = await laptop.signIn('users', account.email, account.password);
    expect(locked.status).toBe(429);
    expect(locked.message).toMatch(LOCKED);

    // Strangers' failures make the account wait; the owner's success ends the wait.
    const other = await administrator(server, su);
    const desk = new Device(server, freshAddress());
    expect((await desk.signIn('users', other.email, other.password)).status).toBe(200);
    const stranger = new Device(server, freshAddress());
    for (let attempt = 0; attempt < 6; attempt += 1) expect((await stranger.signIn('users', other.email, 'guess')).status).toBe(400);
    const newcomer = new Device(server, freshAddress());
    expect((await newcomer.signIn('users', other.email, other.password)).status).toBe(429);
    expect((await desk.signIn('users', other.email, other.password)).status).toBe(200);
    expect((await newcomer.signIn('users', other.email, other.password)).status).toBe(200);
  });

  it('a forged or another account’s device cookie is a stranger’s', SLOW, async () => {
    const [account, other] = [await administrator(server, su), await administrator(server, su)];
    const laptop = new Device(server, freshAddress());
    expect((await laptop.signIn('users', other.email, other.password)).status).toBe(200);
    const [otherCookie] = [...laptop.cookies.values()];
    const stranger = new Device(server, freshAddress());
    for (let attempt = 0; attempt < 6; attempt += 1) expect((await stranger.signIn('users', account.email, 'guess')).status).toBe(400);
    // the other account's valid cookie under this account's name, and a made-up one
    for (const value of [otherCookie!, `${Math.floor(Date.now() / 1000)}.AAAAAAAAAAAAAAAA.${'0'.repeat(64)}`]) {
      const forger = new Device(server, freshAddress());
      forger.cookies.set(`mc_device_${account.id}`, value);
      expect((await forger.signIn('users', account.email, account.password)).status).toBe(429);
    }
  });
});

describe('with a one-second wait', () => {
  let server: TestServer;
  let su: PocketBase;
  beforeAll(async () => ({ server, su } = await startServer({ RATE_LIMIT_SIGN_IN_DELAY: '5/1' })));
  afterAll(async () => server?.stop());

  /** Fails ten times from `device`, waiting out the account's wait between tries. */
  async function failTenTimes(device: Device, account: Account) {
    for (let failed = 0; failed < 10;) {
      const answer = await device.signIn(account.collection, account.email, `guess-${failed}`);
      if (answer.status === 400) failed += 1;
      else {
        expect(answer.message).toMatch(DELAYED);
        await sleep(1000);
      }
    }
  }

  for (const kind of ['administrator', 'superuser'] as const) {
    it(`the stranger's own client is locked for 15 minutes, even with the right password, while the ${kind} signs in elsewhere`, SLOW, async () => {
      const account = kind === 'administrator' ? await administrator(server, su) : await superuser(su);
      const stranger = new Device(server, '203.0.113.7');
      await failTenTimes(stranger, account);
      const locked = await stranger.signIn(account.collection, account.email, account.password);
      expect(locked).toMatchObject({ status: 429 });
      expect(locked.message).toMatch(LOCKED);
      expect(Number(LOCKED.exec(locked.message)![1])).toBe(15);
      expect(Number(locked.retryAfter)).toBeGreaterThan(14 * 60);

      await sleep(1000);
      const office = new Device(server, freshAddress());
      expect((await office.signIn(account.collection, account.email, account.password)).status).toBe(200);
      expect((await stranger.signIn(account.collection, account.email, account.password)).status).toBe(429);

      // Twenty more refused tries from the locked client add nothing: one row for the lock (this
      // client, 10 failures, until the 15 minutes are up) and one for the wait the account started.
      for (let attempt = 0; attempt < 20; attempt += 1) {
        expect((await stranger.signIn(account.collection, account.email, `again-${attempt}`)).status).toBe(429);
      }
      const rows = await decisionsFor(su, account.email);
      expect(rows.map((row) => row.kind)).toEqual(['sign_in_slowed', 'sign_in_locked']);
      expect(rows[0]).toMatchObject({ collection: account.collection, account: account.email.toLowerCase(), client: '203.0.113.7', failures: 6 });
      expect(rows[1]).toMatchObject({ collection: account.collection, account: account.email.toLowerCase(), client: '203.0.113.7', failures: 10 });
      const lockedUntil = Date.parse(String(rows[1]!.until).replace(' ', 'T'));
      expect(lockedUntil - Date.now()).toBeGreaterThan(13 * 60_000);
      expect(lockedUntil - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    });

    it(`the reset email unlocks the ${kind}'s locked device, and administrators never read its link`, SLOW, async () => {
      const account = kind === 'administrator' ? await administrator(server, su) : await superuser(su);
      const laptop = new Device(server, freshAddress());
      expect((await laptop.signIn(account.collection, account.email, account.password)).status).toBe(200);
      await failTenTimes(laptop, account);
      expect((await laptop.signIn(account.collection, account.email, account.password)).message).toMatch(LOCKED);
      // a known device's failures lock only it and never make strangers wait: one row, naming no address
      expect((await decisionsFor(su, account.email)).map((row) => [row.kind, row.client, row.failures]))
        .toEqual([['sign_in_locked', 'a known device', 10]]);

      expect((await laptop.post(`/api/collections/${account.collection}/request-password-reset`, { email: account.email })).status).toBe(204);
      const email = await waitForResetEmail(su, account.email);
      expect(JSON.stringify(email)).not.toMatch(JWT);
      const copy = await su.collection('email_secrets').getFirstListItem(su.filter('email = {:id}', { id: email.id }));
      const token = JWT.exec(String(copy.html))![0];
      const password = unique('new-pw-');
      const cookieBefore = laptop.cookies.get(`mc_device_${account.id}`);
      const confirmed = await laptop.post(`/api/collections/${account.collection}/confirm-password-reset`, {
        token, password, passwordConfirm: password,
      });
      expect(confirmed.status).toBe(204);
      expect(laptop.cookies.get(`mc_device_${account.id}`)).not.toBe(cookieBefore);
      expect((await laptop.signIn(account.collection, account.email, password)).status).toBe(200);
    });
  }
});

async function waitForResetEmail(su: PocketBase, to: string): Promise<RecordModel> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const [found] = await su.collection('emails').getFullList({ filter: su.filter('to = {:to} && subject ~ "reset"', { to }) });
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No reset email to ${to}`);
    await sleep(100);
  }
}

describe('lock-out records are kept for the retention, then deleted by the daily job', () => {
  let server: TestServer;
  let su: PocketBase;
  // A retention of five seconds (SECURITY_EVENT_RETENTION_DAYS may be a fraction): room for a busy machine.
  beforeAll(async () => ({ server, su } = await startServer({ SECURITY_EVENT_RETENTION_DAYS: String(5 / 86400) })));
  afterAll(async () => server?.stop());

  it('a row older than the retention is deleted, a newer one kept', SLOW, async () => {
    const row = (account: string) => su.collection('security_events').create({
      kind: 'sign_in_locked', collection: 'users', account, client: '203.0.113.50', until: new Date(Date.now() + 15 * 60_000).toISOString(), failures: 10,
    });
    const old = await row('old@test.local');
    await sleep(6000);
    const fresh = await row('fresh@test.local');

    // PocketBase starts the job and answers at once: wait for it to have deleted.
    await su.crons.run('accountDataRetention');
    await vi.waitFor(async () => expect((await su.collection('security_events').getList(1, 10, { filter: su.filter('id = {:id}', { id: old.id }) })).totalItems).toBe(0), {
      timeout: 10_000, interval: 200,
    });
    expect((await su.collection('security_events').getOne(fresh.id)).account).toBe('fresh@test.local');
  });
});
