// Waitlist first, against a real PocketBase and a real SMTP server: an
// administrator sends early access for a published masterclass still to come
// (POST /api/masterclass/admin/events/{id}/early-access, in batches); everyone
// on the waitlist of an earlier event gets one email per address, only with
// marketing consent, never when unsubscribed, never twice; the first run opens
// the priority window, during which public paid registrations are refused and
// the email's signed link registers its own address; the unsubscribe link
// works and a bad one records nothing; administrators read no working token.
import { createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { startTestServer, type TestServer } from '../support/pocketbase';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../support/smtp';
import { masterclassEvent } from '../support/masterclassEvent';
import { createUser, unique, type TestUser } from './helpers';
import { LIMITS_RAISED, attendee, counts, minutesFromNow, paidBody, promoBody, register, waitlistBody, type Answer } from './registration-helpers';

const APP_URL = 'https://masterclass.example.com';
const DAY = 24 * 60;

let smtp: TestSmtpServer;
let server: TestServer;
let su: PocketBase;
let admin: TestUser;
let attendeeUser: TestUser;
let seeded: RecordModel;
let otherPast: RecordModel;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({
    env: { ...LIMITS_RAISED, APP_URL, SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_USER: '', SMTP_PASSWORD: '', SMTP_TLS: '', EARLY_ACCESS_HOURS: '' },
  });
  su = await server.admin();
  [admin, attendeeUser] = await Promise.all([createUser(server, su, 'administrator'), createUser(server, su, 'attendee')]);
  seeded = await masterclassEvent(su);
  otherPast = await makeEvent(-100 * DAY);
});

afterAll(async () => {
  await Promise.all([server?.stop(), smtp?.stop()]);
});

/** A published event with open sales, `startInMinutes` from now. */
async function makeEvent(startInMinutes: number, patch: Record<string, unknown> = {}): Promise<RecordModel> {
  return su.collection('events').create({
    title: 'AI CHAMPIONS MASTERCLASS',
    starts_at: minutesFromNow(startInMinutes),
    ends_at: minutesFromNow(startInMinutes + 180),
    timezone: 'Australia/Adelaide',
    location: 'Adelaide, South Australia',
    venue: 'Lot Fourteen',
    capacity: 30,
    max_per_registration: 5,
    price_cents: 59500,
    currency: 'AUD',
    sales_state: 'open',
    portal_unlock_at: minutesFromNow(startInMinutes - 60),
    published: true,
    ...patch,
  });
}

async function call(method: string, path: string, client?: PocketBase, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (client) headers.Authorization = client.authStore.token;
  const response = await fetch(`${server.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // a page, not JSON
  }
  return { status: response.status, body: parsed };
}

const earlyAccessPath = (eventId: string) => `/api/masterclass/admin/events/${eventId}/early-access`;

/** Every batch until none remains; the sum of what each batch sent. */
async function runAll(eventId: string, batchSize = 2): Promise<{ sent: number; batches: number; last: Answer }> {
  let sent = 0;
  let batches = 0;
  for (;;) {
    const answer = await call('POST', earlyAccessPath(eventId), admin.client, { batchSize });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    sent += answer.body.sent;
    batches += 1;
    if (answer.body.remaining === 0) return { sent, batches, last: answer };
    if (batches > 100) throw new Error('early access never finished');
  }
}

/** Puts `email` on the waitlist of `eventId` (an earlier masterclass). */
async function joinWaitlist(eventId: string, email: string, marketingConsent = true): Promise<void> {
  const answer = await register(server, waitlistBody({ event: eventId, marketingConsent, attendees: [attendee({ email, fullName: 'Grace Hopper' })] }));
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
}

const earlyMails = (email: string): ReceivedMail[] =>
  smtp.messages.filter((mail) => mail.to.includes(email.toLowerCase()) && mail.subject.startsWith('Early access'));

async function mailLinkSecret(): Promise<string> {
  return (await su.collection('app_secrets').getFirstListItem('name = "mail_link_token"')).value as string;
}

const hmac = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('hex');

/** The register link of the one early-access email `email` received. */
function registerLink(email: string): URL {
  const [mail] = earlyMails(email);
  return new URL(/https:\/\/masterclass\.example\.com\/register\?\S+/.exec(mail.text)![0]);
}

function unsubscribeLink(email: string): URL {
  const [mail] = earlyMails(email);
  return new URL(/https:\/\/masterclass\.example\.com\/api\/masterclass\/unsubscribe\?\S+/.exec(mail.text)![0]);
}

const earlyAccessRows = (eventId: string, email: string) =>
  su.collection('early_access').getFullList({ filter: su.filter('event = {:eventId} && email = {:email}', { eventId, email: email.toLowerCase() }) });

describe('the early-access run', () => {
  it('is for administrators only: a guest gets 401, an attendee 403, and nothing is sent or opened', async () => {
    const next = await makeEvent(30 * DAY);
    const email = `${unique('guestcheck-')}@example.com`;
    await joinWaitlist(seeded.id, email);
    for (const method of ['GET', 'POST']) {
      expect((await call(method, earlyAccessPath(next.id))).status).toBe(401);
      const forbidden = await call(method, earlyAccessPath(next.id), attendeeUser.client, method === 'POST' ? {} : undefined);
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.message).toBe('Only administrators can send early access.');
    }
    expect((await su.collection('events').getOne(next.id)).early_access_starts_at).toBe('');
    expect(await earlyAccessRows(next.id, email)).toHaveLength(0);
    expect(earlyMails(email)).toHaveLength(0);
  });

  it('sends one email per address (any case, several waitlists), with consent only, never to an unsubscribed address, and only once', async () => {
    const twice = `${unique('twice-')}@example.com`;
    const noConsent = `${unique('noconsent-')}@example.com`;
    const withdrawn = `${unique('withdrawn-')}@example.com`;
    const unsubscribed = `${unique('unsub-')}@example.com`;
    await joinWaitlist(seeded.id, twice.toUpperCase());
    await joinWaitlist(otherPast.id, twice);
    await joinWaitlist(seeded.id, noConsent, false);
    // consent given on one waitlist, then withdrawn on a later entry: the latest entry decides
    await joinWaitlist(otherPast.id, withdrawn, true);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await joinWaitlist(seeded.id, withdrawn, false);
    await joinWaitlist(seeded.id, unsubscribed);
    const token = hmac(await mailLinkSecret(), `unsubscribe:${unsubscribed}`);
    expect((await call('POST', `/api/masterclass/unsubscribe?email=${encodeURIComponent(unsubscribed)}&token=${token}`)).status).toBe(200);

    const next = await makeEvent(40 * DAY);
    const before = await call('GET', earlyAccessPath(next.id), admin.client);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ sent: 0, window: null, hours: 48, blocked: '' });
    const pending = before.body.pending as number;
    expect(pending).toBeGreaterThanOrEqual(1);

    const first = await runAll(next.id, 2);
    expect(first.sent).toBe(pending);
    expect(first.last.body.totalSent).toBe(pending);
    await smtp.waitFor((mail) => mail.to.includes(twice) && mail.subject.startsWith('Early access'));
    expect(earlyMails(twice)).toHaveLength(1);
    expect(earlyMails(noConsent)).toHaveLength(0);
    expect(earlyMails(withdrawn)).toHaveLength(0);
    expect(earlyMails(unsubscribed)).toHaveLength(0);
    expect(await earlyAccessRows(next.id, twice)).toHaveLength(1);

    // the window opened with the first run: 48 hours by default
    const event = await su.collection('events').getOne(next.id);
    const length = new Date(event.early_access_ends_at).getTime() - new Date(event.early_access_starts_at).getTime();
    expect(length).toBe(48 * 3600_000);

    // running it again sends nothing
    const again = await call('POST', earlyAccessPath(next.id), admin.client, {});
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ sent: 0, remaining: 0, totalSent: pending });
    expect((await call('GET', earlyAccessPath(next.id), admin.client)).body).toMatchObject({ pending: 0, sent: pending });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(earlyMails(twice)).toHaveLength(1);
    // the window did not move
    expect((await su.collection('events').getOne(next.id)).early_access_starts_at).toBe(event.early_access_starts_at);
  });

  it('is refused for a draft or a masterclass that has started, and a bad batch size changes nothing', async () => {
    const draft = await makeEvent(50 * DAY, { published: false });
    const draftAnswer = await call('POST', earlyAccessPath(draft.id), admin.client, {});
    expect(draftAnswer.status).toBe(409);
    expect(draftAnswer.body.message).toBe('Publish this masterclass before sending early access to the waitlist.');
    const started = await makeEvent(-60);
    expect((await call('POST', earlyAccessPath(started.id), admin.client, {})).status).toBe(409);
    const upcoming = await makeEvent(55 * DAY);
    const bad = await call('POST', earlyAccessPath(upcoming.id), admin.client, { batchSize: 0 });
    expect(bad.status).toBe(400);
    for (const id of [draft.id, started.id, upcoming.id]) {
      expect((await su.collection('events').getOne(id)).early_access_starts_at).toBe('');
      expect((await su.collection('early_access').getList(1, 1, { filter: su.filter('event = {:id}', { id }) })).totalItems).toBe(0);
    }
  });
});

describe('a mail server that refuses', () => {
  it('counts the email as failed, keeps it queued for the retry, and a second run does not send it again', async () => {
    const email = `${unique('bounced-')}@example.com`;
    await joinWaitlist(seeded.id, email);
    const next = await makeEvent(45 * DAY);
    smtp.refuse('451 Try again later');
    let answer: Answer;
    try {
      answer = await call('POST', earlyAccessPath(next.id), admin.client, { batchSize: 50 });
    } finally {
      smtp.refuse(null);
    }
    expect(answer.status).toBe(200);
    expect(answer.body.failed).toBeGreaterThanOrEqual(1);
    expect(answer.body.failures.map((failure: { email: string }) => failure.email)).toContain(email);
    const [queued] = await su.collection('emails').getFullList({ filter: su.filter('to = {:email} && template = "early_access"', { email }) });
    expect(queued.status).toBe('queued');
    expect(queued.last_error).not.toBe('');
    const again = await call('POST', earlyAccessPath(next.id), admin.client, {});
    expect(again.body).toMatchObject({ sent: 0, failed: 0, remaining: 0 });
    expect(await su.collection('emails').getFullList({ filter: su.filter('to = {:email} && template = "early_access"', { email }) })).toHaveLength(1);
  });
});

describe('the priority window', () => {
  let next: RecordModel;
  let invited: string;
  let other: RecordModel;
  let otherInvited: string;

  beforeAll(async () => {
    invited = `${unique('invited-')}@example.com`;
    otherInvited = `${unique('otherinvited-')}@example.com`;
    await joinWaitlist(seeded.id, invited);
    next = await makeEvent(60 * DAY);
    await runAll(next.id, 50);
    await smtp.waitFor((mail) => mail.to.includes(invited) && mail.subject.startsWith('Early access'));
    await joinWaitlist(seeded.id, otherInvited);
    other = await makeEvent(61 * DAY);
    await runAll(other.id, 50);
  });

  async function refusedAndNothingWritten(body: Record<string, unknown>, status: number, field: string, message: RegExp): Promise<void> {
    const before = await counts(su);
    const answer = await register(server, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    expect(answer.body.data[field]).toBeDefined();
    expect(answer.body.message).toMatch(message);
    expect(await counts(su)).toEqual(before);
  }

  it('the summary says when public sales open', async () => {
    const summary = await call('GET', `/api/masterclass/event?event=${next.id}`);
    expect(summary.body.early_access).toMatchObject({ state: 'open' });
    expect(summary.body.early_access.ends_text).toMatch(/ AC[SD]T$/);
  });

  it('refuses a public paid or promo registration while the window is open, saying when public sales open; the waitlist stays open', async () => {
    await refusedAndNothingWritten(paidBody(1, { event: next.id }), 409, 'sales', /^Public sales for this masterclass open on \w+day \d+ \w+ \d{4}, \d+:\d\d [ap]m AC[SD]T\./);    const code = unique('EARLY').toUpperCase();
    await su.collection('promo_codes').create({ code, event: next.id, max_uses: 5, active: true });
    await refusedAndNothingWritten(promoBody(code, { event: next.id }), 409, 'sales', /^Public sales for this masterclass open on /);
    // the waitlist still takes interest
    expect((await register(server, waitlistBody({ event: next.id }))).status).toBe(201);
  });

  it('the emailed link registers its own address as the first attendee', async () => {
    const link = registerLink(invited);
    expect(earlyMails(invited)[0].text).toContain('It registers once, so add any colleagues to the same registration (up to 5 attendees in all).');
    expect(link.searchParams.get('event')).toBe(next.id);
    expect(link.searchParams.get('email')).toBe(invited);
    const token = link.searchParams.get('earlyAccess')!;
    const answer = await register(server, paidBody(1, { event: next.id, earlyAccess: token, attendees: [attendee({ email: invited.toUpperCase() })] }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  });

  it('refuses the link for another email address, another masterclass, a forged token, and a waitlist entry', async () => {
    const token = registerLink(invited).searchParams.get('earlyAccess')!;
    const notValid = /^This early-access link is not valid for this email address and masterclass\./;
    await refusedAndNothingWritten(paidBody(1, { event: next.id, earlyAccess: token }), 403, 'earlyAccess', notValid);
    await refusedAndNothingWritten(paidBody(1, { event: other.id, earlyAccess: token, attendees: [attendee({ email: invited })] }), 403, 'earlyAccess', notValid);
    await refusedAndNothingWritten(
      paidBody(1, { event: next.id, earlyAccess: randomBytes(32).toString('hex'), attendees: [attendee({ email: invited })] }),
      403, 'earlyAccess', notValid,
    );
    await refusedAndNothingWritten(paidBody(1, { event: next.id, earlyAccess: 'not-a-token', attendees: [attendee({ email: invited })] }), 400, 'earlyAccess', /not valid/);
    await refusedAndNothingWritten(
      waitlistBody({ event: next.id, earlyAccess: token, attendees: [attendee({ email: invited })] }),
      400, 'earlyAccess', /not for the waitlist/,
    );
  });

  it('registers once per link: a second registration is refused and creates nothing, also in a promo registration', async () => {
    const email = `${unique('once-')}@example.com`;
    const event = await makeEvent(63 * DAY);
    const token = hmac(await mailLinkSecret(), `early-access:${event.id}:${email}`);
    await su.collection('events').update(event.id, { early_access_starts_at: minutesFromNow(-60), early_access_ends_at: minutesFromNow(DAY) });
    const code = unique('ONCE').toUpperCase();
    await su.collection('promo_codes').create({ code, event: event.id, max_uses: 5, active: true });
    // its own address first, colleagues up to the registration's maximum
    const first = await register(server, promoBody(code, { event: event.id, earlyAccess: token, attendees: [attendee({ email })] }));
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const used = /^This early-access link has already been used to register for this masterclass\./;
    await refusedAndNothingWritten(promoBody(code, { event: event.id, earlyAccess: token, attendees: [attendee({ email: email.toUpperCase() })] }), 409, 'earlyAccess', used);
    await refusedAndNothingWritten(paidBody(1, { event: event.id, earlyAccess: token, attendees: [attendee({ email }), attendee()] }), 409, 'earlyAccess', used);
    // the refused registration spent no promo use
    expect((await su.collection('promo_codes').getFirstListItem(su.filter('code = {:code}', { code }))).used_count).toBe(1);
  });

  it('a checkout of the link holds it until it is cancelled; then the link registers again, and a late payment of the cancelled checkout is not taken', async () => {
    const email = `${unique('held-')}@example.com`;
    const event = await makeEvent(64 * DAY);
    const token = hmac(await mailLinkSecret(), `early-access:${event.id}:${email}`);
    await su.collection('events').update(event.id, { early_access_starts_at: minutesFromNow(-60), early_access_ends_at: minutesFromNow(DAY) });
    const body = () => paidBody(1, { event: event.id, earlyAccess: token, attendees: [attendee({ email }), attendee(), attendee()] });
    const first = await register(server, body());
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const firstSession = (await su.collection('registrations').getOne(first.body.registrationId)).stripe_session_id as string;
    await refusedAndNothingWritten(body(), 409, 'earlyAccess', /^This early-access link is already in a checkout that has not been paid\./);

    expect((await call('POST', `/api/masterclass/checkout/simulated/${firstSession}/cancel`)).status).toBe(200);
    const second = await register(server, body());
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    const secondSession = (await su.collection('registrations').getOne(second.body.registrationId)).stripe_session_id as string;
    expect((await call('POST', `/api/masterclass/checkout/simulated/${secondSession}/pay`)).body.outcome).toBe('fulfilled');

    // the cancelled checkout is paid after all: its seats are not given, the link's registration is the second one
    const late = await call('POST', `/api/masterclass/checkout/simulated/${firstSession}/pay`);
    expect(late.body.outcome).toBe('seats_gone');
    expect((await su.collection('registrations').getOne(first.body.registrationId)).status).toBe('cancelled');
    const confirmed = await su.collection('attendees').getFullList({ filter: su.filter('event = {:event} && registration_status = "confirmed"', { event: event.id }) });
    expect(confirmed.map((row) => row.registration)).toEqual([second.body.registrationId, second.body.registrationId, second.body.registrationId]);
    await refusedAndNothingWritten(body(), 409, 'earlyAccess', /^This early-access link has already been used to register for this masterclass\./);
  });

  it('two registrations sent at once with the same link: exactly one is taken', async () => {
    const email = `${unique('race-')}@example.com`;
    const event = await makeEvent(65 * DAY);
    const token = hmac(await mailLinkSecret(), `early-access:${event.id}:${email}`);
    await su.collection('events').update(event.id, { early_access_starts_at: minutesFromNow(-60), early_access_ends_at: minutesFromNow(DAY) });
    const code = unique('RACE').toUpperCase();
    await su.collection('promo_codes').create({ code, event: event.id, max_uses: 20, active: true });
    const answers = await Promise.all(Array.from({ length: 6 }, (_, index) =>
      register(server, index % 2 === 0
        ? promoBody(code, { event: event.id, earlyAccess: token, attendees: [attendee({ email })] })
        : paidBody(1, { event: event.id, earlyAccess: token, attendees: [attendee({ email })] }))));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const registrations = await su.collection('registrations').getFullList({ filter: su.filter('event = {:event}', { event: event.id }) });
    expect(registrations).toHaveLength(1);
  });

  it('after the window the link is refused and public sales are open', async () => {
    const after = await makeEvent(62 * DAY);
    const email = `${unique('late-')}@example.com`;
    const token = hmac(await mailLinkSecret(), `early-access:${after.id}:${email}`);
    await su.collection('events').update(after.id, { early_access_starts_at: minutesFromNow(-3 * DAY), early_access_ends_at: minutesFromNow(-DAY) });
    await refusedAndNothingWritten(
      paidBody(1, { event: after.id, earlyAccess: token, attendees: [attendee({ email })] }),
      409, 'earlyAccess', /^This early-access link expired on .+\. Public sales are open now: please register without it\./,
    );
    expect((await register(server, paidBody(1, { event: after.id }))).status).toBe(201);
    // and a run for it sends nothing more
    expect((await call('POST', earlyAccessPath(after.id), admin.client, {})).status).toBe(409);
  });
});

describe('unsubscribing', () => {
  it('the link in the email asks first (opening it changes nothing), its button records the address once; a bad token records nothing', async () => {
    const email = `${unique('leaving-')}@example.com`;
    await joinWaitlist(seeded.id, email);
    const next = await makeEvent(70 * DAY);
    await runAll(next.id, 50);
    await smtp.waitFor((mail) => mail.to.includes(email) && mail.subject.startsWith('Early access'));
    const link = unsubscribeLink(email);

    const forged = new URL(link);
    forged.searchParams.set('token', randomBytes(32).toString('hex'));
    const otherAddress = new URL(link);
    otherAddress.searchParams.set('email', `${unique('someone-')}@example.com`);
    for (const bad of [forged, otherAddress, new URL(`${link.origin}${link.pathname}?email=${encodeURIComponent(email)}`)]) {
      for (const method of ['GET', 'POST']) {
        const refused = await call(method, `${bad.pathname}${bad.search}`);
        expect(refused.status).toBe(400);
        expect(refused.body).toContain('This unsubscribe link is not valid');
      }
    }
    const listed = () => su.collection('unsubscribes').getFullList({ filter: su.filter('email = {:email}', { email }) });
    expect(await listed()).toHaveLength(0);

    // Opening the link (as a mail scanner does) only asks; the page's button posts to the same link.
    const opened = await call('GET', `${link.pathname}${link.search}`);
    expect(opened.status).toBe(200);
    expect(opened.body).toContain('Unsubscribe from early-access emails?');
    expect(opened.body).toMatch(/<form method="post" action="\/api\/masterclass\/unsubscribe\?email=[^"]+&amp;token=[0-9a-f]+">/);
    expect(await listed()).toHaveLength(0);

    for (let time = 0; time < 2; time += 1) {
      const answer = await call('POST', `${link.pathname}${link.search}`);
      expect(answer.status).toBe(200);
      expect(answer.body).toContain('You are unsubscribed');
    }
    expect(await listed()).toHaveLength(1);
    // mail programs get the same link as a one-click List-Unsubscribe header, which answers POST
    const [mail] = earlyMails(email);
    expect(mail.headers['list-unsubscribe']).toBe(`<${link.href}>`);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = await fetch(`${server.url}${link.pathname}${link.search}`, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(oneClick.status).toBe(200);
    expect(await listed()).toHaveLength(1);
    // administrators read the list; attendees do not
    expect((await admin.client.collection('unsubscribes').getFullList({ filter: admin.client.filter('email = {:email}', { email }) }))).toHaveLength(1);
    expect(await attendeeUser.client.collection('unsubscribes').getFullList()).toHaveLength(0);

    // the next masterclass's early access skips the address
    const later = await makeEvent(80 * DAY);
    await runAll(later.id, 50);
    expect(await earlyAccessRows(later.id, email)).toHaveLength(0);
    expect(earlyMails(email)).toHaveLength(1);
  });
});

describe('secrets', () => {
  it('administrators read the early-access email without a working token; the working copy is gone once sent', async () => {
    const email = `${unique('secret-')}@example.com`;
    await joinWaitlist(seeded.id, email);
    const next = await makeEvent(90 * DAY);
    await runAll(next.id, 50);
    await smtp.waitFor((mail) => mail.to.includes(email) && mail.subject.startsWith('Early access'));
    const earlyToken = registerLink(email).searchParams.get('earlyAccess')!;
    const unsubscribeToken = unsubscribeLink(email).searchParams.get('token')!;
    expect(earlyMails(email)[0].text).not.toContain('[hidden]');

    const outbox = await admin.client.collection('emails').getFullList({ filter: admin.client.filter('to = {:email} && template = "early_access"', { email }) });
    expect(outbox).toHaveLength(1);
    expect(outbox[0].status).toBe('sent');
    expect(outbox[0].text).toContain('earlyAccess=[hidden]');
    expect(outbox[0].text).toContain('token=[hidden]');
    const records = await admin.client.collection('early_access').getFullList({ filter: admin.client.filter('email = {:email}', { email }) });
    expect(records).toHaveLength(1);
    const readable = JSON.stringify([outbox, records]);
    expect(readable).not.toContain(earlyToken);
    expect(readable).not.toContain(unsubscribeToken);
    expect((await su.collection('email_secrets').getList(1, 1, { filter: su.filter('email = {:id}', { id: outbox[0].id }) })).totalItems).toBe(0);
    // neither the working copies nor the link key are readable by administrators
    await expect(admin.client.collection('email_secrets').getList(1, 1)).rejects.toMatchObject({ status: 403 });
    await expect(admin.client.collection('app_secrets').getList(1, 1)).rejects.toMatchObject({ status: 403 });
    await expect(attendeeUser.client.collection('early_access').getList(1, 1)).resolves.toMatchObject({ totalItems: 0 });
  });
});

describe('EARLY_ACCESS_HOURS', () => {
  let configured: TestServer;
  let configuredSu: PocketBase;
  let configuredAdmin: TestUser;

  beforeAll(async () => {
    configured = await startTestServer({ env: { ...LIMITS_RAISED, APP_URL, SMTP_HOST: '', EARLY_ACCESS_HOURS: '6' } });
    configuredSu = await configured.admin();
    configuredAdmin = await createUser(configured, configuredSu, 'administrator');
  });

  afterAll(async () => {
    await configured?.stop();
  });

  async function windowOf(startInMinutes: number): Promise<number> {
    const event = await configuredSu.collection('events').create({
      title: 'AI CHAMPIONS MASTERCLASS', starts_at: minutesFromNow(startInMinutes), ends_at: minutesFromNow(startInMinutes + 180),
      timezone: 'Australia/Adelaide', location: 'Adelaide, South Australia', venue: 'Lot Fourteen', capacity: 30, max_per_registration: 5,
      price_cents: 59500, currency: 'AUD', sales_state: 'open', portal_unlock_at: minutesFromNow(startInMinutes - 60), published: true,
    });
    const response = await fetch(`${configured.url}${earlyAccessPath(event.id)}`, {
      method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: configuredAdmin.client.authStore.token }, body: '{}',
    });
    expect(response.status).toBe(200);
    const saved = await configuredSu.collection('events').getOne(event.id);
    return new Date(saved.early_access_ends_at).getTime() - new Date(saved.early_access_starts_at).getTime();
  }

  it('sets the window\'s length, which never runs past the masterclass\'s start', async () => {
    expect(await windowOf(30 * DAY)).toBe(6 * 3600_000);
    const short = await windowOf(120);
    expect(short).toBeGreaterThan(115 * 60_000);
    expect(short).toBeLessThanOrEqual(120 * 60_000);
  });
});
