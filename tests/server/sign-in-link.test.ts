// The emailed sign-in link (pb_hooks/lib/accounts/sign-in-link.js) on a real
// PocketBase and a real SMTP server, behind a trusted proxy header so each
// request names its client address: while a stranger keeps failing passwords
// from four addresses, a device the account does not know is made to wait
// (429); its owner asks for a link, reads it in the email, and signs in with it
// on a new client that holds no device cookie, while the stranger goes on;
// that browser is then a known device (its password sign-in no longer waits),
// the stranger's count is kept, and the link works once. Asking answers every
// address alike and is limited per address and per client; a wrong, used,
// expired or malformed link is one clear 400 and signs nobody in; the outbox
// copy administrators read never holds the code.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../support/smtp';
import { startTestServer, type TestServer } from '../support/pocketbase';
import { unique } from './helpers';

const APP_URL = 'https://masterclass.example.com';
const DELAYED = /^Too many attempts for this account\. Please try again in (\d+) seconds?\.$/;
const ACCEPTED = 'If an account exists for this email address, we will email you a sign-in link within a minute. It works once, for 15 minutes.';
const INVALID = 'This sign-in link is not valid or has expired. Ask for a new one.';
/** Sign-ins hash passwords, the attack runs for a while and the job is run several times: more than 30 s on a busy machine. */
const SLOW = { timeout: 180_000 };

let smtp: TestSmtpServer;
let server: TestServer;
let su: PocketBase;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({
    env: {
      SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_USER: '', SMTP_PASSWORD: '', SMTP_TLS: '',
      APP_URL,
      TRUSTED_PROXY_HEADERS: 'X-Forwarded-For',
      RATE_LIMIT_SIGN_IN_LINK: '3/900',
      RATE_LIMIT_SIGN_IN_LINK_CLIENT: '6/900',
    },
  });
  su = await server.admin();
}, 120_000);

afterAll(async () => {
  await Promise.all([server?.stop(), smtp?.stop()]);
});

interface Answer {
  status: number;
  json: Record<string, unknown>;
  text: string;
  setCookies: string[];
}

let addressCount = 0;
/** A client address no other request used (behind the trusted proxy). */
const newAddress = () => `203.0.113.${(addressCount += 1)}`;

/** A browser: its address and the cookies the server set. */
class Client {
  cookies = new Map<string, string>();
  constructor(public address = newAddress()) {}

  async post(route: string, body: unknown): Promise<Answer> {
    const response = await fetch(`${server.url}${route}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Forwarded-For': this.address,
        ...(this.cookies.size ? { Cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') } : {}),
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    const setCookies = response.headers.getSetCookie();
    for (const header of setCookies) {
      const pair = header.split(';')[0]!.trim();
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const text = await response.text();
    let json: Record<string, unknown> = {};
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      json = {};
    }
    return { status: response.status, json, text, setCookies };
  }

  signIn(email: string, password: string) {
    return this.post('/api/collections/users/auth-with-password', { identity: email, password });
  }

  askForLink(email: unknown) {
    return this.post('/api/masterclass/sign-in-link', { email });
  }

  useLink(link: { id: string; code: string } | unknown) {
    return this.post('/api/masterclass/sign-in-link/use', link);
  }
}

interface Account {
  id: string;
  email: string;
  password: string;
}

async function account(): Promise<Account> {
  const email = `${unique('link-')}@example.com`;
  const password = unique('pw-');
  const record = await su.collection('users').create({
    email, password, passwordConfirm: password, role: 'attendee', verified: true, full_name: 'Lin Kovač',
  });
  return { id: record.id, email, password };
}

/** Runs the sign-in link job now and waits for it to finish without an error. */
async function runLinkJob(): Promise<void> {
  const runs = async () => {
    const found = await su.collection('job_runs').getList(1, 1, { filter: 'job = "signInLinks"' });
    return found.items[0] ? { runs: found.items[0].runs as number, error: found.items[0].last_error as string } : { runs: 0, error: '' };
  };
  const before = (await runs()).runs;
  await su.crons.run('signInLinks');
  await expect.poll(async () => (await runs()).runs, { timeout: 30_000 }).toBeGreaterThan(before);
  expect((await runs()).error).toBe('');
}

const linkMailsTo = (address: string) =>
  smtp.messages.filter((mail) => mail.to.some((to) => to.toLowerCase() === address.toLowerCase()) && mail.subject.includes('sign-in link'));

/** The link's id and code from the button of a received email, after checking where it points. */
function linkIn(mail: ReceivedMail): { id: string; code: string; href: string } {
  const href = /href="([^"]*\/auth\?signin=[^"]*)"/.exec(mail.html)?.[1]?.replaceAll('&amp;', '&');
  if (!href) throw new Error(`No sign-in link in "${mail.subject}"`);
  const url = new URL(href);
  expect(`${url.origin}${url.pathname}`).toBe(`${APP_URL}/auth`);
  expect(mail.text).toContain(href);
  return { id: url.searchParams.get('signin')!, code: url.searchParams.get('code')!, href };
}

/** The newest link emailed to `address` (waits for the SMTP server to receive it). */
async function emailedLink(address: string, count = 1) {
  await expect.poll(() => linkMailsTo(address).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(count);
  const mails = linkMailsTo(address);
  return linkIn(mails[mails.length - 1]!);
}

/**
 * A stranger failing passwords for `email` from four addresses, one attempt
 * every 400 ms (2.5 a second), until stopped; keeps what it was answered.
 */
function startAttack(email: string) {
  const clients = Array.from({ length: 4 }, () => new Client());
  const statuses: number[] = [];
  let last = { delayed: false, retryAfter: 0, at: 0 };
  let running = true;
  const loop = (async () => {
    for (let attempt = 0; running; attempt += 1) {
      const started = Date.now();
      const response = await fetch(`${server.url}/api/collections/users/auth-with-password`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': clients[attempt % clients.length]!.address },
        body: JSON.stringify({ identity: email, password: `wrong-${attempt}` }),
      });
      const answer = (await response.json()) as { message?: string };
      statuses.push(response.status);
      last = { delayed: DELAYED.test(answer.message ?? ''), retryAfter: Number(response.headers.get('Retry-After') ?? 0), at: Date.now() };
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 400 - (Date.now() - started))));
    }
  })();
  return {
    statuses,
    /**
     * Until the stranger was just now told to wait at least `seconds` for the
     * account (not locked out on one address): the account makes unknown
     * devices wait for that long from here (an attempt
     * between two waits would be let through, a chance a test must not take).
     */
    waitingAtLeast: (seconds: number) =>
      expect
        .poll(() => last.delayed && last.retryAfter >= seconds && Date.now() - last.at < 300, { timeout: 60_000, interval: 20 })
        .toBe(true),
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

describe('an emailed sign-in link', () => {
  it('lets the owner in on a new device while a stranger keeps failing from four addresses, makes it a known device, and works once', SLOW, async () => {
    const owner = await account();
    const attack = startAttack(owner.email);
    try {
      // the stranger's failures make every device the account does not know wait, the right password too
      await attack.waitingAtLeast(4);
      const waiting: Answer[] = [];
      for (let attempt = 0; attempt < 3; attempt += 1) waiting.push(await new Client().signIn(owner.email, owner.password));
      expect(waiting.map((answer) => answer.status)).toEqual([429, 429, 429]);
      expect(String(waiting[0]!.json.message)).toMatch(DELAYED);

      // asking for a link is not blocked by the failures, and says nothing about the account
      const asking = new Client();
      const asked = await asking.askForLink(owner.email.toUpperCase());
      const stranger = await new Client().askForLink(`${unique('nobody-')}@example.com`);
      expect([asked.status, stranger.status]).toEqual([202, 202]);
      expect(asked.text).toBe(stranger.text);
      expect(asked.json).toEqual({ message: ACCEPTED });
      // nothing is looked up or sent while answering: the job sends it
      expect(linkMailsTo(owner.email)).toHaveLength(0);
      await runLinkJob();
      const link = await emailedLink(owner.email);
      expect(link.code).toMatch(/^[A-Za-z0-9]{32}$/);
      const [mail] = linkMailsTo(owner.email);
      expect(mail!.subject).toBe('Your sign-in link for the AI Champions Masterclass portal');
      expect(mail!.text).toContain('The link works once and for 15 minutes.');

      // administrators read the outbox copy: the code is hidden there
      const outbox = await su.collection('emails').getFullList({ filter: su.filter('to = {:to} && template = "sign_in_link"', { to: owner.email }) });
      expect(outbox).toHaveLength(1);
      expect(outbox[0]!.status).toBe('sent');
      expect(`${outbox[0]!.html}${outbox[0]!.text}`).not.toContain(link.code);
      expect(outbox[0]!.text).toContain('code=[hidden]');

      // a new client, no device cookie, while the stranger keeps failing: signed in
      const phone = new Client();
      expect(phone.cookies.size).toBe(0);
      const used = await phone.useLink({ id: link.id, code: link.code });
      expect(used.status).toBe(200);
      expect(used.json.token).toEqual(expect.stringMatching(/^eyJ/));
      expect((used.json.record as { id: string }).id).toBe(owner.id);
      const cookie = used.setCookies.find((header) => header.startsWith(`mc_device_${owner.id}=`));
      expect(cookie).toBeDefined();
      expect(cookie).toEqual(expect.stringContaining('Path=/api/collections/'));
      expect(cookie).toEqual(expect.stringContaining('HttpOnly'));

      // the session works
      const me = await fetch(`${server.url}/api/collections/users/records/${owner.id}`, { headers: { Authorization: String(used.json.token) } });
      expect(me.status).toBe(200);

      // the stranger's count is kept: another unknown device still waits …
      await attack.waitingAtLeast(2);
      expect((await new Client().signIn(owner.email, owner.password)).status).toBe(429);
      // … but that browser is now a known device: its password sign-in does not wait, though the attack goes on
      await attack.waitingAtLeast(2);
      const again = await phone.signIn(owner.email, owner.password);
      expect(again.status).toBe(200);

      // once: the same link again, from anywhere, is refused
      for (const client of [phone, new Client()]) {
        const reused = await client.useLink({ id: link.id, code: link.code });
        expect(reused.status).toBe(400);
        expect(reused.json.message).toBe(INVALID);
        expect(reused.json.token).toBeUndefined();
      }
    } finally {
      await attack.stop();
    }
    // the stranger never got in
    expect(attack.statuses.every((status) => status === 400 || status === 429)).toBe(true);
  });

  it('a wrong, expired or malformed link is one clear 400 and signs nobody in; using one link ends the others', SLOW, async () => {
    const owner = await account();
    const client = new Client();
    expect((await client.askForLink(owner.email)).status).toBe(202);
    await runLinkJob();
    const first = await emailedLink(owner.email, 1);
    expect((await client.askForLink(owner.email)).status).toBe(202);
    await runLinkJob();
    const second = await emailedLink(owner.email, 2);
    expect(second.id).not.toBe(first.id);

    const refusedWith = async (body: unknown) => {
      const answer = await new Client().useLink(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.json.token).toBeUndefined();
      expect(answer.setCookies).toEqual([]);
      return answer;
    };
    // the wrong code for a real link, a made-up id, the code of another link
    const wrong = await refusedWith({ id: first.id, code: 'A'.repeat(32) });
    expect(wrong.json).toEqual({ status: 400, message: INVALID, data: { code: { code: 'sign_in_link_invalid', message: INVALID } } });
    await refusedWith({ id: 'aaaaaaaaaaaaaaa', code: first.code });
    await refusedWith({ id: first.id, code: second.code });
    // malformed: never a 500
    for (const body of [{}, { id: first.id }, { id: 5, code: first.code }, { id: [first.id], code: first.code }, { id: first.id, code: `${first.code}'--` }, [], 'not json', 'null']) {
      await refusedWith(body);
    }

    // expired: the first link made 16 minutes ago
    execFileSync('sqlite3', [
      path.join(server.dataDir, 'data.db'),
      '.timeout 10000',
      `update _otps set created = strftime('%Y-%m-%d %H:%M:%fZ', 'now', '-16 minutes') where id = '${first.id}'`,
    ]);
    const expired = await refusedWith({ id: first.id, code: first.code });
    expect(expired.json.message).toBe(INVALID);

    // PocketBase's hourly clean-up keeps a link its 15 minutes; its own OTP routes stay closed
    const users = await su.collections.getOne('users');
    expect(users.otp).toMatchObject({ enabled: false, duration: 900 });
    expect((await new Client().post('/api/collections/users/request-otp', { email: owner.email })).status).toBe(403);
    expect((await new Client().post('/api/collections/users/auth-with-otp', { otpId: second.id, password: second.code })).status).toBe(403);

    // the second works, and takes every other link of the account with it
    expect((await new Client().useLink({ id: second.id, code: second.code })).status).toBe(200);
    const left = await su.collection('_otps').getFullList({ filter: su.filter('recordRef = {:id}', { id: owner.id }) });
    expect(left).toHaveLength(0);
  });

  it('is limited per address (known or not alike) and per client; bad input is a 400 that sends nothing', SLOW, async () => {
    const owner = await account();
    const unknown = `${unique('nobody-')}@example.com`;
    // 3 an address in 15 minutes, the same for an account and an unknown address
    for (const email of [owner.email, unknown]) {
      const answers: number[] = [];
      for (let attempt = 0; attempt < 4; attempt += 1) answers.push((await new Client().askForLink(email)).status);
      expect(answers).toEqual([202, 202, 202, 429]);
    }
    // 6 a client in 15 minutes, whatever the addresses
    const busy = new Client();
    const answers: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) answers.push((await busy.askForLink(`${unique('many-')}@example.com`)).status);
    expect(answers).toEqual([202, 202, 202, 202, 202, 202, 429]);

    for (const body of [{ email: '' }, { email: 'not-an-address' }, { email: 42 }, { email: ['a@example.com'] }, [], 'not json']) {
      const answer = await new Client().post('/api/masterclass/sign-in-link', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    await runLinkJob();
    // the account got one link (an address waits in the queue once); nobody else got anything
    await expect.poll(() => linkMailsTo(owner.email).length, { timeout: 30_000 }).toBe(1);
    expect(linkMailsTo(unknown)).toHaveLength(0);
    const sent = await su.collection('emails').getFullList({ filter: su.filter('to = {:to}', { to: unknown }) });
    expect(sent).toHaveLength(0);
  });
});
