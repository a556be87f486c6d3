// The attendee's own data (README "Your data: download and deletion"): the
// export holds the signed-in user's data and nothing of anyone else's, no
// secret; deleting the account removes it and its tool records, anonymises
// its attendee rows, keeps the money, writes tombstones and cancels queued
// mail; administrators anonymise one attendee; the daily retention job
// anonymises masterclasses older than the policy's three years. A real
// PocketBase and a real SMTP server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import PocketBase, { type RecordModel } from 'pocketbase';
import { DATA_RETENTION_YEARS_AFTER_EVENT } from '../../src/features/public-pages/legal/policyFacts';
import { masterclassEvent } from '../support/masterclassEvent';
import type { TestServer } from '../support/pocketbase';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { createUser, serverForFile, unique, type TestUser } from './helpers';

let server: TestServer;
let su: PocketBase;
let smtp: TestSmtpServer;
let eventId: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.stop();
});

serverForFile((started) => ({ server, su } = started), {
  env: {
    // The mail server is set through a getter: serverForFile's beforeAll runs after the one above.
    get SMTP_HOST() { return '127.0.0.1'; },
    get SMTP_PORT() { return String(smtp.port); },
    SMTP_USER: '', SMTP_PASSWORD: '', SMTP_TLS: '',
    RATE_LIMIT_ACCOUNT_EXPORT: '3/3600',
  } as Record<string, string>,
});

beforeAll(async () => {
  eventId = (await masterclassEvent(su)).id;
});

interface Raw {
  status: number;
  headers: Headers;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers are checked field by field
  body: any;
}

async function call(method: 'GET' | 'POST', path: string, token?: string, body?: unknown): Promise<Raw> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...(token ? { Authorization: token } : {}), ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  return { status: response.status, headers: response.headers, text, body: parsed };
}

const exportOf = (user: TestUser, query = '') => call('GET', `/api/masterclass/account/export${query}`, user.client.authStore.token);
const deleteAccount = (user: TestUser, body: unknown) => call('POST', '/api/masterclass/account/delete', user.client.authStore.token, body);
const anonymise = (token: string | undefined, id: string) => call('POST', `/api/masterclass/admin/attendees/${id}/anonymise`, token);

const future = () => new Date(Date.now() + 3_600_000).toISOString();

async function registration(primaryEmail: string, extra: Record<string, unknown> = {}): Promise<RecordModel> {
  return su.collection('registrations').create({
    event: eventId, kind: 'paid', status: 'completed', primary_email: primaryEmail, currency: 'AUD', total_amount_cents: 99000,
    utm_source: 'newsletter', utm_medium: 'email', early_access_email: primaryEmail.toLowerCase(), ...extra,
  });
}

async function attendeeRow(registrationId: string, user: TestUser | null, email: string, extra: Record<string, unknown> = {}) {
  return su.collection('attendees').create({
    registration: registrationId, event: eventId, user: user?.id ?? '', email, full_name: 'Some Person', company: 'Some Co',
    job_title: 'Lead', phone_number: '+61 400 000 001', dietary_requirements: '', role: 'Senior Manager',
    registration_status: 'confirmed', privacy_consent: true, marketing_consent: true, utm_source: 'newsletter', utm_medium: 'email',
    invitation_sent: true, ...extra,
  });
}

async function queuedEmail(to: string, extra: Record<string, unknown> = {}): Promise<RecordModel> {
  const email = await su.collection('emails').create({
    to, subject: 'Your masterclass', html: `<p>Hello ${to}</p>`, text: `Hello ${to}`, template: 'test', status: 'queued', attempts: 0,
    next_attempt_at: future(), ...extra,
  });
  await su.collection('email_secrets').create({ email: email.id, subject: 'Your masterclass', html: '<p>secret</p>', text: 'secret', links: 'x' });
  return email;
}

/** Collections added alongside (waitlist offers) are covered when they exist. */
async function hasCollection(name: string): Promise<boolean> {
  try {
    await su.collections.getOne(name);
    return true;
  } catch {
    return false;
  }
}

const byFilter = (collection: string, filter: string, params: Record<string, unknown>) =>
  su.collection(collection).getFullList({ filter: su.filter(filter, params) });

/** Two attendees whose registrations overlap: each bought one with the other on it. */
async function arrangePair() {
  const alice = await createUser(server, su, 'attendee', { full_name: 'Alice Privacy', company: 'Alice Co' });
  const bob = await createUser(server, su, 'attendee', { full_name: 'Bob Other', company: 'Bob Co' });
  const boughtByAlice = await registration(alice.email, {
    stripe_session_id: unique('cs_test_'), stripe_payment_intent: unique('pi_'), paid_amount_cents: 99000,
  });
  const aliceRow1 = await attendeeRow(boughtByAlice.id, alice, alice.email, { full_name: 'Alice Privacy', dietary_requirements: 'No nuts' });
  const bobRow1 = await attendeeRow(boughtByAlice.id, bob, bob.email, {
    full_name: 'Bob Other', phone_number: '+61 499 999 999', dietary_requirements: 'Strictly vegan',
  });
  const boughtByBob = await registration(bob.email, { utm_source: 'bob-campaign' });
  const aliceRow2 = await attendeeRow(boughtByBob.id, alice, alice.email, { full_name: 'Alice Privacy' });
  const bobRow2 = await attendeeRow(boughtByBob.id, bob, bob.email, { full_name: 'Bob Other', company: 'Bob Secret Co' });
  const refund = await su.collection('payment_actions').create({
    kind: 'refund', registration: boughtByAlice.id, payment_intent: boughtByAlice.stripe_payment_intent, amount_cents: 99000,
    currency: 'AUD', idempotency_key: unique('refund-'), status: 'done', attempts: 1, stripe_id: unique('re_'),
  });
  const tools = {
    readiness: await alice.client.collection('readiness_assessments').create({ owner: alice.id, status: 'in_progress', answers: { 'strategy-vision': 4 } }),
    businessCase: await alice.client.collection('business_cases').create({ owner: alice.id, title: 'Alice automates invoices', status: 'draft' }),
    saved: await alice.client.collection('saved_use_cases').create({ owner: alice.id, title: 'Alice saved this' }),
  };
  const bobCase = await bob.client.collection('business_cases').create({ owner: bob.id, title: 'Bob private business case', status: 'draft' });
  return { alice, bob, boughtByAlice, boughtByBob, aliceRow1, aliceRow2, bobRow1, bobRow2, refund, tools, bobCase };
}

describe('GET /api/masterclass/account/export', () => {
  it('holds the signed-in user\'s own data, nothing of another attendee on a shared registration, and no secret', async () => {
    const pair = await arrangePair();
    const { alice, bob } = pair;
    await su.collection('contact_messages').create({ name: 'Alice Privacy', email: alice.email, subject: 'Question', message: 'Where do I park?' });
    await su.collection('early_access').create({ event: eventId, email: alice.email.toUpperCase(), full_name: 'Alice Privacy', sent_at: future() });

    // Another user's id in the query is ignored: always the signed-in account.
    const answer = await exportOf(alice, `?userId=${bob.id}&id=${bob.id}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('application/json');
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="ai-champions-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = answer.body;

    expect(data.account).toMatchObject({ id: alice.id, email: alice.email, full_name: 'Alice Privacy', company: 'Alice Co', role: 'attendee' });
    expect(data.attendee_rows.map((row: { id: string }) => row.id).sort()).toEqual([pair.aliceRow1.id, pair.aliceRow2.id].sort());
    expect(data.attendee_rows.find((row: { id: string }) => row.id === pair.aliceRow1.id)).toMatchObject({
      dietary_requirements: 'No nuts', email: alice.email, linked_to_your_account: true, event: { id: eventId },
    });

    const mine = data.registrations.find((row: { id: string }) => row.id === pair.boughtByAlice.id);
    expect(mine).toMatchObject({
      your_part: 'buyer and attendee', primary_email: alice.email, total_amount_cents: 99000, paid_amount_cents: 99000, currency: 'AUD',
      other_attendees: 1, your_attendee_rows: [pair.aliceRow1.id], refunds: [{ kind: 'refund', amount_cents: 99000, status: 'done' }],
    });
    const bobs = data.registrations.find((row: { id: string }) => row.id === pair.boughtByBob.id);
    expect(bobs).toMatchObject({ your_part: 'attendee', other_attendees: 1, your_attendee_rows: [pair.aliceRow2.id] });
    for (const buyersOwn of ['primary_email', 'utm_source', 'total_amount_cents', 'paid_amount_cents']) expect(bobs).not.toHaveProperty(buyersOwn);
    expect(bobs.refunds).toEqual([]);
    expect(data.registrations).toHaveLength(2);

    expect(data.readiness_assessments.map((row: { id: string }) => row.id)).toEqual([pair.tools.readiness.id]);
    expect(data.readiness_assessments[0].answers).toEqual({ 'strategy-vision': 4 });
    expect(data.business_cases.map((row: { title: string }) => row.title)).toEqual(['Alice automates invoices']);
    expect(data.saved_use_cases.map((row: { title: string }) => row.title)).toEqual(['Alice saved this']);
    expect(data.contact_messages).toMatchObject([{ message: 'Where do I park?' }]);
    expect(data.early_access).toHaveLength(1);
    expect(data.unsubscribed).toBeNull();

    // Nothing of Bob's, and no secret or internal field, anywhere in the file.
    for (const foreign of [bob.email, bob.id, '+61 499 999 999', 'Strictly vegan', 'Bob Secret Co', 'bob-campaign', 'Bob private business case',
      pair.boughtByAlice.stripe_session_id, pair.boughtByAlice.stripe_payment_intent, pair.refund.stripe_id, pair.refund.idempotency_key]) {
      expect(answer.text).not.toContain(foreign);
    }
    for (const secret of ['password', 'tokenKey', 'client_key', 'client_request', 'email_error_log', 'hold_expires_at', 'ticket_code', 'review_note']) {
      expect(answer.text).not.toContain(secret);
    }

    // Bob's own export shows Alice's registration from his side only.
    const bobsView = (await exportOf(bob)).body;
    const alicesFromBob = bobsView.registrations.find((row: { id: string }) => row.id === pair.boughtByAlice.id);
    expect(alicesFromBob).not.toHaveProperty('primary_email');
    expect(alicesFromBob).not.toHaveProperty('paid_amount_cents');
    expect(alicesFromBob.refunds).toEqual([]);
    expect(JSON.stringify(bobsView)).not.toContain(alice.email);
    expect(JSON.stringify(bobsView)).not.toContain('No nuts');
  });

  it('is refused to guests (401) and superusers (403), and limited per account (429)', async () => {
    expect((await call('GET', '/api/masterclass/account/export')).status).toBe(401);
    expect((await call('GET', '/api/masterclass/account/export', su.authStore.token)).status).toBe(403);
    const carol = await createUser(server, su, 'attendee');
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await exportOf(carol)).status).toBe(200);
    const refused = await exportOf(carol);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
  });
});

describe('POST /api/masterclass/account/delete', () => {
  it('refuses a guest, a missing confirmation or password and a wrong password, changing nothing', async () => {
    const pair = await arrangePair();
    const { alice } = pair;
    expect((await call('POST', '/api/masterclass/account/delete', undefined, { confirmation: 'DELETE', password: alice.password })).status).toBe(401);

    const missing = await deleteAccount(alice, {});
    expect(missing.status).toBe(400);
    expect(missing.body.data.confirmation.message).toBe('Type DELETE or your email address to confirm.');
    expect(missing.body.data.password.message).toBe('Enter your password to confirm.');

    const wrongWord = await deleteAccount(alice, { confirmation: 'delete please', password: alice.password });
    expect(wrongWord.status).toBe(400);
    expect(Object.keys(wrongWord.body.data)).toEqual(['confirmation']);

    const wrong = await deleteAccount(alice, { confirmation: 'DELETE', password: 'not-the-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.password.message).toBe('The password is not correct.');

    expect((await deleteAccount(alice, '{not json')).status).toBe(400);

    expect((await su.collection('users').getOne(alice.id)).email).toBe(alice.email);
    expect((await su.collection('attendees').getOne(pair.aliceRow1.id)).full_name).toBe('Alice Privacy');
    expect(await byFilter('business_cases', 'owner = {:id}', { id: alice.id })).toHaveLength(1);
  });

  it('removes the account and its tool records, anonymises its attendee rows, keeps the money, writes tombstones and cancels queued mail', async () => {
    const pair = await arrangePair();
    const { alice, bob } = pair;
    const aliceMail = await queuedEmail(alice.email.toUpperCase(), { attendee: pair.aliceRow1.id, registration: pair.boughtByAlice.id });
    const sentMail = await su.collection('emails').create({
      to: alice.email, subject: 'Sent before', html: '<p>Dear Alice Privacy</p>', text: 'Dear Alice Privacy', template: 'test', status: 'sent',
    });
    const bobMail = await queuedEmail(bob.email);
    const message = await su.collection('contact_messages').create({ name: 'Alice', email: alice.email, subject: 'Hi', message: 'Hello there' });
    const earlyAccess = await su.collection('early_access').create({ event: eventId, email: alice.email, full_name: 'Alice Privacy', sent_at: future() });
    const offer = (await hasCollection('waitlist_offers'))
      ? await su.collection('waitlist_offers').create({ event: eventId, email: alice.email, full_name: 'Alice Privacy', status: 'expired' })
      : null;
    const before = await su.collection('registrations').getOne(pair.boughtByAlice.id);

    // The confirmation may be the account's email; another user's id in the body is ignored.
    const answer = await deleteAccount(alice, { confirmation: alice.email.toUpperCase(), password: alice.password, userId: bob.id, id: bob.id });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ deleted: true });

    await expect(su.collection('users').getOne(alice.id)).rejects.toMatchObject({ status: 404 });
    expect((await su.collection('users').getOne(bob.id)).email).toBe(bob.email);
    for (const collection of ['readiness_assessments', 'business_cases', 'saved_use_cases']) {
      expect(await byFilter(collection, 'owner = {:id}', { id: alice.id })).toEqual([]);
    }
    expect(await byFilter('business_cases', 'owner = {:id}', { id: bob.id })).toHaveLength(1);

    for (const rowId of [pair.aliceRow1.id, pair.aliceRow2.id]) {
      const row = await su.collection('attendees').getOne(rowId);
      expect(row).toMatchObject({
        full_name: 'Deleted attendee', email: `deleted-attendee-${rowId}@deleted.invalid`, company: '', job_title: '', phone_number: '',
        dietary_requirements: '', utm_source: '', utm_medium: '', user: '', marketing_consent: false,
        registration_status: 'confirmed', privacy_consent: true, event: eventId,
      });
    }
    // Bob's rows on the shared registrations are untouched.
    expect(await su.collection('attendees').getOne(pair.bobRow1.id)).toMatchObject({
      full_name: 'Bob Other', email: bob.email, phone_number: '+61 499 999 999', dietary_requirements: 'Strictly vegan', user: bob.id,
    });

    // The money stays (tax records); only the buyer's contact details go.
    const after = await su.collection('registrations').getOne(pair.boughtByAlice.id);
    for (const field of ['total_amount_cents', 'paid_amount_cents', 'currency', 'stripe_session_id', 'stripe_payment_intent', 'status', 'kind', 'event']) {
      expect(after[field]).toEqual(before[field]);
    }
    expect(after).toMatchObject({ primary_email: `deleted-registration-${after.id}@deleted.invalid`, early_access_email: '', utm_source: '', utm_medium: '' });
    expect((await su.collection('registrations').getOne(pair.boughtByBob.id)).primary_email).toBe(bob.email);
    expect(await su.collection('payment_actions').getOne(pair.refund.id)).toMatchObject({ amount_cents: 99000, status: 'done', stripe_id: pair.refund.stripe_id });

    // Tombstones: the account, its tool records and its attendee rows.
    const tombstones = await byFilter('tombstones', 'owner = {:id}', { id: alice.id });
    const named = tombstones.map((row) => `${row.collection}:${row.record_id}`).sort();
    expect(named).toEqual([
      `attendees:${pair.aliceRow1.id}`, `attendees:${pair.aliceRow2.id}`, `business_cases:${pair.tools.businessCase.id}`,
      `readiness_assessments:${pair.tools.readiness.id}`, `saved_use_cases:${pair.tools.saved.id}`, `users:${alice.id}`,
    ].sort());

    // Mail: the queued one is cancelled and its deliverable copy gone; the sent one keeps no address or content.
    expect(await su.collection('emails').getOne(aliceMail.id)).toMatchObject({ status: 'cancelled', to: `deleted-email-${aliceMail.id}@deleted.invalid` });
    expect(await byFilter('email_secrets', 'email = {:id}', { id: aliceMail.id })).toEqual([]);
    const scrubbed = await su.collection('emails').getOne(sentMail.id);
    expect(scrubbed).toMatchObject({ status: 'sent', subject: 'Sent before' });
    expect(`${scrubbed.to} ${scrubbed.html} ${scrubbed.text}`).not.toContain('Alice');
    await expect(su.collection('contact_messages').getOne(message.id)).rejects.toMatchObject({ status: 404 });
    await expect(su.collection('early_access').getOne(earlyAccess.id)).rejects.toMatchObject({ status: 404 });
    if (offer) {
      expect(await su.collection('waitlist_offers').getOne(offer.id)).toMatchObject({
        email: `deleted-offer-${offer.id}@deleted.invalid`, full_name: 'Deleted attendee', status: 'expired',
      });
    }

    // The retry job then sends Bob's queued mail and never the cancelled one.
    await su.collection('emails').update(bobMail.id, { next_attempt_at: new Date(Date.now() - 1000).toISOString() });
    await su.crons.run('masterclass_email_retry');
    await smtp.waitFor((mail) => mail.to.includes(bob.email));
    expect(smtp.messages.filter((mail) => mail.to.some((to) => to.toLowerCase() === alice.email.toLowerCase()))).toEqual([]);
    // The cron route answers before its job ends: wait for the job's verdict on Alice's email.
    await expect.poll(async () => (await su.collection('emails').getOne(aliceMail.id)).status, { timeout: 10_000 }).toBe('cancelled');

    // Signing in no longer works; the old session is gone, so a second delete is refused.
    await expect(new PocketBase(server.url).collection('users').authWithPassword(alice.email, alice.password)).rejects.toMatchObject({ status: 400 });
    expect((await deleteAccount(alice, { confirmation: 'DELETE', password: alice.password })).status).toBe(401);
    expect((await exportOf(alice)).status).toBe(401);

    // Its devices learn that the account is gone; nobody else's is said to be.
    const check = (body: unknown) => call('POST', '/api/masterclass/account/deleted', undefined, body);
    expect((await check({ id: alice.id })).body).toEqual({ deleted: true });
    expect((await check({ id: bob.id })).body).toEqual({ deleted: false });
    expect((await check({ id: '../users' })).status).toBe(400);
  });

  it('lets an administrator delete their account only while another administrator remains', async () => {
    const admins = await su.collection('users').getFullList({ filter: 'role = "administrator"' });
    for (const admin of admins) await su.collection('users').update(admin.id, { role: 'attendee' });
    const first = await createUser(server, su, 'administrator');
    const refused = await deleteAccount(first, { confirmation: 'DELETE', password: first.password });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('You are the only administrator. Make another account an administrator first, then delete this one.');
    expect((await su.collection('users').getOne(first.id)).role).toBe('administrator');

    await createUser(server, su, 'administrator');
    expect((await deleteAccount(first, { confirmation: 'DELETE', password: first.password })).status).toBe(200);
    await expect(su.collection('users').getOne(first.id)).rejects.toMatchObject({ status: 404 });
  });
});

describe('POST /api/masterclass/admin/attendees/{id}/anonymise', () => {
  it('anonymises one attendee for an administrator, refuses everyone else, an unknown id and a second time', async () => {
    const admin = await createUser(server, su, 'administrator');
    const dave = await createUser(server, su, 'attendee');
    const bought = await registration(dave.email);
    const row = await attendeeRow(bought.id, dave, dave.email, { full_name: 'Dave Door', dietary_requirements: 'Halal', invitation_sent: false });
    const other = await attendeeRow(bought.id, null, `${unique('erin-')}@example.com`, { full_name: 'Erin Else' });
    const mail = await queuedEmail(dave.email, { attendee: row.id, registration: bought.id });

    expect((await anonymise(undefined, row.id)).status).toBe(401);
    const byAttendee = await anonymise(dave.client.authStore.token, row.id);
    expect(byAttendee.status).toBe(403);
    expect(byAttendee.body.message).toBe('Only administrators can anonymise attendees.');
    expect((await su.collection('attendees').getOne(row.id)).full_name).toBe('Dave Door');

    const unknown = await anonymise(admin.client.authStore.token, 'a'.repeat(15));
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Attendee not found.');

    const done = await anonymise(admin.client.authStore.token, row.id);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ id: row.id, full_name: 'Deleted attendee', email: `deleted-attendee-${row.id}@deleted.invalid` });
    expect(await su.collection('attendees').getOne(row.id)).toMatchObject({
      full_name: 'Deleted attendee', dietary_requirements: '', company: '', user: '', registration_status: 'confirmed',
    });
    expect(await su.collection('attendees').getOne(other.id)).toMatchObject({ full_name: 'Erin Else' });
    expect((await su.collection('registrations').getOne(bought.id)).primary_email).toBe(`deleted-registration-${bought.id}@deleted.invalid`);
    expect((await su.collection('emails').getOne(mail.id)).status).toBe('cancelled');
    // The account stays, without this row; its devices drop their copy.
    expect((await su.collection('users').getOne(dave.id)).email).toBe(dave.email);
    expect(await dave.client.collection('attendees').getFullList()).toEqual([]);
    expect((await dave.client.collection('tombstones').getFullList({ filter: `record_id = "${row.id}"` })).map((t) => t.collection)).toEqual(['attendees']);

    const again = await anonymise(admin.client.authStore.token, row.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This attendee has already been anonymised.');

    // Nothing can be sent to the placeholder: the invitation is refused and nothing is queued.
    const emailsBefore = (await su.collection('emails').getList(1, 1)).totalItems;
    const invite = await call('POST', `/api/masterclass/attendees/${row.id}/invitation`, admin.client.authStore.token, {});
    expect(invite.status).toBe(400);
    expect(invite.body.message).toBe("This person's details were deleted: nothing can be sent to them.");
    expect((await su.collection('emails').getList(1, 1)).totalItems).toBe(emailsBefore);
  });
});

describe('daily retention', () => {
  it('anonymises the attendees and registrations of a masterclass that ended longer ago than the privacy policy says, and only those', async () => {
    const base = await masterclassEvent(su);
    const makeEvent = (yearsAgo: number) => {
      const end = new Date(Date.now() - yearsAgo * 365.25 * 86_400_000);
      const start = new Date(end.getTime() - 3 * 3_600_000);
      return su.collection('events').create({
        title: `Past masterclass ${yearsAgo}`, starts_at: start.toISOString(), ends_at: end.toISOString(), timezone: 'Australia/Adelaide',
        location: 'Adelaide', capacity: 50, price_cents: base.price_cents, currency: 'AUD', sales_state: 'closed',
        portal_unlock_at: start.toISOString(), max_per_registration: 10, published: true,
      });
    };
    // The policy's figure: a few days short of it is kept, a few days past it is anonymised.
    const [old, recent] = await Promise.all([makeEvent(DATA_RETENTION_YEARS_AFTER_EVENT + 0.01), makeEvent(DATA_RETENTION_YEARS_AFTER_EVENT - 0.01)]);
    const arrange = async (event: RecordModel) => {
      const email = `${unique('past-')}@example.com`;
      const reg = await su.collection('registrations').create({
        event: event.id, kind: 'paid', status: 'completed', primary_email: email, currency: 'AUD', total_amount_cents: 49500,
      });
      const row = await su.collection('attendees').create({
        registration: reg.id, event: event.id, email, full_name: 'Past Person', company: 'Past Co', registration_status: 'confirmed',
        privacy_consent: true,
      });
      return { reg, row };
    };
    const [gone, kept] = await Promise.all([arrange(old), arrange(recent)]);

    await su.crons.run('accountDataRetention');
    await expect.poll(async () => (await su.collection('attendees').getOne(gone.row.id)).full_name, { timeout: 10_000 }).toBe('Deleted attendee');
    expect(await su.collection('attendees').getOne(gone.row.id)).toMatchObject({ company: '', email: `deleted-attendee-${gone.row.id}@deleted.invalid` });
    expect(await su.collection('registrations').getOne(gone.reg.id)).toMatchObject({
      primary_email: `deleted-registration-${gone.reg.id}@deleted.invalid`, total_amount_cents: 49500, currency: 'AUD',
    });
    expect(await su.collection('attendees').getOne(kept.row.id)).toMatchObject({ full_name: 'Past Person', company: 'Past Co' });
    expect((await su.collection('registrations').getOne(kept.reg.id)).primary_email).toBe(kept.reg.primary_email);
  });
});
