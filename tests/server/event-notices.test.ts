// Changes that reach attendees, against a real PocketBase, the real SMTP test
// server and stripe-mock: the admin's change route counts the people holding
// seats, previews and sends the update email with the calendar file (read by
// ical.js and Python's icalendar: the confirmation's UID, SEQUENCE rising
// with each change, the new DTSTART); a change saved through the record API
// (the dashboard) is counted untold and told later; a checkout open while the
// date moves confirms with the new date; a refused update email is retried and
// shows in the admin health; cancelling the whole masterclass refunds every
// paid seat through payment_actions (the refunds stripe-mock received), tells
// every attendee and the waitlist, closes sales and does nothing more when
// pressed again; a checkout paid after it is refunded.
import { execFileSync } from 'node:child_process';
import ICAL from 'ical.js';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, LIMITS_RAISED, type TestServer } from '../support/pocketbase';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../support/smtp';
import { startStripeMock, STRIPE_MOCK_START_TIMEOUT_MS, type StripeMock } from '../support/stripe-mock';
import { PYTHON } from '../support/python-readers';
import { createUser, seatAt, type TestUser } from './helpers';
import { attendeesOf, minutesFromNow, openSales, register, waitlistBody } from './registration-helpers';
import { checkoutEvent, deliverWebhook, registerPaid, refundRequests, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } from './stripe-helpers';

// Each test waits for real mail and refunds: judged by outcome, with room for a busy machine.
vi.setConfig({ testTimeout: 180_000 });

const APP_URL = 'https://masterclass.example.com';
const RETRY_CRON = 'masterclass_email_retry';
const PRICE = 49500;

let smtp: TestSmtpServer;
let stripeMock: StripeMock;
let server: TestServer;
let su: PocketBase;
let event: RecordModel;
let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  [smtp, stripeMock] = await Promise.all([startSmtpServer(), startStripeMock()]);
  server = await startTestServer({
    env: {
      ...LIMITS_RAISED, APP_URL, SIMULATED_CHECKOUT: '', STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE: stripeMock.url,
      SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_USER: '', SMTP_PASSWORD: '', SMTP_TLS: '',
    },
  });
  su = await server.admin();
  event = await openSales(su, { capacity: 500, price_cents: PRICE, venue: 'Lot Fourteen', location: 'Adelaide' });
  [admin, member] = await Promise.all([createUser(server, su, 'administrator'), createUser(server, su, 'attendee')]);
}, STRIPE_MOCK_START_TIMEOUT_MS);

afterAll(async () => {
  await server?.stop();
  await Promise.all([stripeMock?.stop(), smtp?.stop()]);
});

async function call(path: string, body?: unknown, token = admin.client.authStore.token) {
  const response = await fetch(`${server.url}/api/masterclass/admin/events/${event.id}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: token } : {}) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** A paid order of `seats` attendees, paid through the webhook; its payment intent. */
async function paidOrder(seats: number) {
  const paid = await registerPaid(server, seats);
  const paymentIntent = `pi_test_${paid.registrationId}`;
  const answer = await deliverWebhook(server, checkoutEvent('checkout.session.completed', { id: paid.sessionId, amount_total: PRICE * seats, payment_intent: paymentIntent }));
  expect(answer.status).toBe(200);
  return { ...paid, paymentIntent, attendees: await attendeesOf(su, paid.registrationId) };
}

interface ReadIcs {
  uid: string;
  sequence: number;
  dtstart: string;
  location: string;
  status: string;
}

/** The calendar file as ical.js reads it. */
function readIcs(text: string): ReadIcs {
  const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!;
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zone = calendar.getFirstSubcomponent('vtimezone');
  const start = (vevent.getFirstPropertyValue('dtstart') as ICAL.Time).clone();
  if (zone) start.zone = new ICAL.Timezone(zone);
  return {
    uid: String(vevent.getFirstPropertyValue('uid')),
    sequence: Number(vevent.getFirstPropertyValue('sequence')),
    dtstart: new Date(start.toUnixTime() * 1000).toISOString(),
    location: String(vevent.getFirstPropertyValue('location')),
    status: String(vevent.getFirstPropertyValue('status')),
  };
}

/** The same file as Python's icalendar reads it (Debian's python3-icalendar): UID, SEQUENCE, DTSTART in UTC. */
function readWithPythonIcalendar(text: string): { uid: string; sequence: number; dtstart: string } {
  const script = [
    'import sys, json, icalendar, datetime',
    'cal = icalendar.Calendar.from_ical(sys.stdin.buffer.read())',
    'ev = next(c for c in cal.walk("VEVENT"))',
    'start = ev.decoded("DTSTART").astimezone(datetime.timezone.utc)',
    'print(json.dumps({"uid": str(ev["UID"]), "sequence": int(ev["SEQUENCE"]), "dtstart": start.strftime("%Y-%m-%dT%H:%M:%S.000Z")}))',
  ].join('\n');
  return JSON.parse(execFileSync(PYTHON, ['-c', script], { input: Buffer.from(text, 'utf8') }).toString('utf8'));
}

const calendarOf = (mail: ReceivedMail) => {
  const file = mail.attachments.find((attachment) => attachment.filename.endsWith('.ics'));
  expect(file, `calendar file in "${mail.subject}"`).toBeDefined();
  return file!.content;
};

const isUpdate = (mail: ReceivedMail) => mail.subject.startsWith('Change to the AI Champions Masterclass');
const to = (email: string) => (mail: ReceivedMail) => mail.to.some((address) => address.toLowerCase() === email.toLowerCase());

async function updatesTo(email: string, count: number) {
  return smtp.waitFor((mail) => isUpdate(mail) && to(email)(mail), count, 60_000);
}

const NEW_TIMES = { starts_at: '2031-07-02 23:30:00.000Z', ends_at: '2031-07-03 06:30:00.000Z' };

let order: Awaited<ReturnType<typeof paidOrder>>;
let base = 0;

describe('changing the date, times or place of a masterclass with seats taken', () => {
  it('counts the seat holders, previews the update email, saves and emails each of them the calendar file with a higher SEQUENCE', async () => {
    order = await paidOrder(2);
    const promo = await seatAt(su, member, event.id);
    await seatAt(su, { id: '', email: 'gone@example.com' }, event.id, 'cancelled');
    await register(server, waitlistBody());
    const holders = [...order.attendees.map((row) => row.email as string), promo.email as string];

    // The confirmation's calendar file: the UID every later file keeps.
    const [confirmation] = await smtp.waitFor((mail) => mail.subject.includes('is confirmed') && to(holders[0])(mail), 1, 60_000);
    const original = readIcs(calendarOf(confirmation));
    // the dates set before anyone held a seat (beforeAll) counted already, told to nobody
    base = original.sequence;

    const status = await call('/notices');
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ holders: 3, untoldChange: false, sequence: base });

    const preview = await call('/change/preview', { patch: NEW_TIMES });
    expect(preview.status).toBe(200);
    expect(preview.body.holders).toBe(3);
    expect(preview.body.changed).toEqual(['starts_at', 'ends_at']);
    expect(preview.body.preview.subject).toBe('Change to the AI Champions Masterclass: new date and time');
    expect(preview.body.preview.text).toContain('Thursday 3 July 2031');
    expect(preview.body.preview.text).toContain('Previously');
    // nothing saved by a preview
    expect((await su.collection('events').getOne(event.id)).starts_at).toBe(event.starts_at);

    const saved = await call('/change', { patch: NEW_TIMES, notify: true });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ notified: 3, sequence: base + 1 });
    expect(saved.body.event.starts_at).toBe(NEW_TIMES.starts_at);

    for (const email of holders) {
      const [mail] = await updatesTo(email, 1);
      expect(mail.text).toContain('Thursday 3 July 2031');
      const ics = calendarOf(mail);
      const read = readIcs(ics);
      expect(read.uid).toBe(original.uid);
      expect(read.sequence).toBe(base + 1);
      expect(read.dtstart).toBe('2031-07-02T23:30:00.000Z');
      expect(readWithPythonIcalendar(ics)).toEqual({ uid: original.uid, sequence: base + 1, dtstart: '2031-07-02T23:30:00.000Z' });
    }
    // the cancelled row and the waitlist entry were not told
    expect(smtp.messages.filter((mail) => isUpdate(mail) && to('gone@example.com')(mail))).toHaveLength(0);

    // A second change (the place): the same UID, SEQUENCE 2.
    const moved = await call('/change', { patch: { venue: 'Adelaide Convention Centre' }, notify: true });
    expect(moved.body).toMatchObject({ notified: 3, sequence: base + 2, changed: ['venue'] });
    const [, second] = await updatesTo(holders[0], 2);
    expect(second.subject).toBe('Change to the AI Champions Masterclass: new place');
    const read = readIcs(calendarOf(second));
    expect(read).toMatchObject({ uid: original.uid, sequence: base + 2, dtstart: '2031-07-02T23:30:00.000Z' });
    expect(read.location).toContain('Adelaide Convention Centre');
    expect(readWithPythonIcalendar(calendarOf(second)).sequence).toBe(base + 2);

    // The ticket's own calendar link and the order page read the event: the new time.
    const ticketIcs = await (await fetch(`${server.url}/api/masterclass/event.ics?event=${event.id}&ticket=${order.attendees[0].ticket_code}`)).text();
    expect(readIcs(ticketIcs)).toMatchObject({ uid: original.uid, sequence: base + 2, dtstart: '2031-07-02T23:30:00.000Z' });
  });

  it('saves without notifying when asked: nobody is emailed, the calendar sequence still rises and nothing is left untold', async () => {
    const before = smtp.messages.filter(isUpdate).length;
    const saved = await call('/change', { patch: { starts_at: '2031-07-02 23:00:00.000Z' }, notify: false });
    expect(saved.body).toMatchObject({ notified: 0, sequence: base + 3 });
    expect((await call('/notices')).body).toMatchObject({ untoldChange: false, sequence: base + 3, notifiedSequence: base + 3 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.messages.filter(isUpdate)).toHaveLength(before);
  });

  it('counts a change saved through the record API (the dashboard) as untold, and tells it once when asked', async () => {
    await su.collection('events').update(event.id, { starts_at: '2031-07-02 23:30:00.000Z' });
    const status = await call('/notices');
    expect(status.body).toMatchObject({ holders: 3, untoldChange: true, sequence: base + 4, notifiedSequence: base + 3 });
    // other fields do not move the sequence
    await su.collection('events').update(event.id, { capacity: 499 });
    expect((await call('/notices')).body.sequence).toBe(base + 4);

    const told = await call('/notify', {});
    expect(told.body).toMatchObject({ notified: 3, sequence: base + 4 });
    const [, , latest] = await updatesTo(order.attendees[1].email as string, 3);
    expect(readIcs(calendarOf(latest)).sequence).toBe(base + 4);
    const again = await call('/notify', {});
    expect(again.status).toBe(409);
    expect((await call('/notices')).body.untoldChange).toBe(false);
  });

  it('refuses guests, attendees and bad input without changing anything', async () => {
    expect((await call('/notices', undefined, '')).status).toBe(401);
    expect((await call('/change', { patch: { venue: 'X' }, notify: true }, member.client.authStore.token)).status).toBe(403);
    const before = await su.collection('events').getOne(event.id);
    for (const body of ['{', [], { patch: 'x', notify: true }, { patch: { venue: 'X' } }, { patch: { calendar_sequence: 0 }, notify: false },
      { patch: { published: false }, notify: false }, { patch: { starts_at: 'not a date' }, notify: true },
      { patch: { ends_at: '2020-01-01 00:00:00.000Z' }, notify: true }, { patch: { capacity: 1 }, notify: true }, { patch: { venue: { a: 1 } }, notify: true }]) {
      const answer = await call('/change', body);
      expect([400, 409], JSON.stringify(body)).toContain(answer.status);
    }
    const after = await su.collection('events').getOne(event.id);
    expect(after).toEqual(before);
    expect((await call('/change/preview', { patch: { nonsense: 1 } })).status).toBe(400);
  });
});

describe('a date changed while a checkout is open', () => {
  it('confirms the buyer who pays afterwards with the new date in the confirmation, its calendar file and the order page', async () => {
    const open = await registerPaid(server, 1);
    const [buyer] = await attendeesOf(su, open.registrationId);
    const saved = await call('/change', { patch: { starts_at: '2031-07-09 23:30:00.000Z', ends_at: '2031-07-10 06:30:00.000Z' }, notify: true });
    // the buyer holds no seat yet: not counted, not sent an update
    expect(saved.body.notified).toBe(3);
    const paid = await deliverWebhook(server, checkoutEvent('checkout.session.completed', { id: open.sessionId, amount_total: PRICE }));
    expect(paid.status).toBe(200);
    const [confirmation] = await smtp.waitFor((mail) => mail.subject.includes('is confirmed') && to(buyer.email as string)(mail), 1, 60_000);
    expect(confirmation.text).toContain('Thursday 10 July 2031');
    expect(confirmation.text).not.toContain('3 July 2031');
    expect(readIcs(calendarOf(confirmation))).toMatchObject({ dtstart: '2031-07-09T23:30:00.000Z', sequence: saved.body.sequence });
    expect(smtp.messages.filter((mail) => isUpdate(mail) && to(buyer.email as string)(mail))).toHaveLength(0);
    // the return page's status answer and the order page read the event as it is now
    const status = await (await fetch(`${server.url}/api/masterclass/checkout/${open.sessionId}`)).json();
    const orderPage = await (await fetch(`${server.url}/api/masterclass/orders/${status.order.id}?key=${status.order.key}`)).json();
    expect(orderPage.event.starts_at).toBe('2031-07-09T23:30:00.000Z');
    expect(orderPage.event.when).toContain('Thursday 10 July 2031');
  });
});

describe('an update email that fails', () => {
  it('is retried with back-off, then counted failed in the admin health with its error', async () => {
    smtp.refuse('451 Mailbox temporarily unavailable');
    let ids: string[] = [];
    try {
      const saved = await call('/change', { patch: { venue: 'Adelaide Oval' }, notify: true });
      expect(saved.body.notified).toBe(4);
      const queued = await su.collection('emails').getFullList({ filter: `template = "event_update" && status = "queued" && attempts = 1` });
      expect(queued).toHaveLength(4);
      ids = queued.map((row) => row.id);
      expect(queued[0].last_error).toMatch(/451/);
      const health = await (await fetch(`${server.url}/api/masterclass/admin/health`, { headers: { Authorization: admin.client.authStore.token } })).json();
      expect(health.emails.retrying).toBeGreaterThanOrEqual(4);
      // the last attempt fails too: failed for good, shown in health
      await su.collection('emails').update(ids[0], { attempts: 5, next_attempt_at: minutesFromNow(-1) });
      await su.crons.run(RETRY_CRON);
      await expect.poll(async () => (await su.collection('emails').getOne(ids[0])).status, { timeout: 30_000, interval: 200 }).toBe('failed');
      const after = await (await fetch(`${server.url}/api/masterclass/admin/health`, { headers: { Authorization: admin.client.authStore.token } })).json();
      expect(after.emails.failed).toBeGreaterThanOrEqual(1);
      expect(after.emails.lastError).toMatch(/451/);
    } finally {
      smtp.refuse(null);
    }
    // the others are delivered by the retry cron once the server accepts again
    for (const id of ids.slice(1)) await su.collection('emails').update(id, { next_attempt_at: minutesFromNow(-1) });
    await su.crons.run(RETRY_CRON);
    await expect.poll(async () => (await su.collection('emails').getFullList({ filter: `template = "event_update" && status = "sent"` })).length, { timeout: 30_000, interval: 200 })
      .toBeGreaterThanOrEqual(3 * 4 + 3);
  });
});

describe('cancelling the whole masterclass', () => {
  it('refunds every paid seat in full through payment_actions, tells attendees and the waitlist, closes sales, and is idempotent', async () => {
    const waitlisted = await su.collection('attendees').getFullList({ filter: su.filter('event = {:id} && registration_status = "waitlisted"', { id: event.id }) });
    expect(waitlisted.length).toBeGreaterThanOrEqual(1);
    const seats = await su.collection('attendees').getFullList({ filter: su.filter('event = {:id} && registration_status = "confirmed"', { id: event.id }) });
    const preview = (await call('/notices')).body.cancel;
    expect(preview).toMatchObject({ cancellable: true, cancelled: false, seats: seats.length, paidSeats: 3, refundCents: 3 * PRICE, waitlist: waitlisted.length });
    expect(preview.refundText).toContain('1,485.00');

    expect((await call('/cancel', {})).status).toBe(400);
    expect((await call('/cancel', { confirm: true }, member.client.authStore.token)).status).toBe(403);
    expect((await su.collection('events').getOne(event.id)).sales_state).toBe('open');

    const pending = await registerPaid(server, 1);
    const done = await call('/cancel', { confirm: true });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ cancelled: true, alreadyCancelled: false, seats: seats.length, refunds: 3, refundCents: 3 * PRICE, waitlist: waitlisted.length });

    // Each paid seat's refund reached Stripe, in full, for its own payment.
    await expect.poll(() => refundRequests(stripeMock, order.paymentIntent).length, { timeout: 30_000 }).toBe(2);
    expect(refundRequests(stripeMock, order.paymentIntent).map((request) => request.form.amount)).toEqual([String(PRICE), String(PRICE)]);
    const after = await su.collection('events').getOne(event.id);
    expect(after.sales_state).toBe('closed');
    for (const row of await su.collection('attendees').getFullList({ filter: su.filter('event = {:id}', { id: event.id }) })) {
      if (row.registration === pending.registrationId) continue;
      expect(row.registration_status).toBe('cancelled');
    }
    for (const row of seats) {
      const [notice] = await smtp.waitFor((mail) => mail.subject.includes('is cancelled') && to(row.email as string)(mail), 1, 60_000);
      expect(notice.text).toContain('has been cancelled');
    }
    for (const row of waitlisted) {
      const [notice] = await smtp.waitFor((mail) => mail.subject.includes('is cancelled') && to(row.email as string)(mail), 1, 60_000);
      expect(notice.text).toContain('waitlist is closed');
    }
    const calendar = readIcs(await (await fetch(`${server.url}/api/masterclass/event.ics?event=${event.id}`)).text());
    expect(calendar.status).toBe('CANCELLED');

    // Pressed again: nothing more refunded or sent.
    const mails = smtp.messages.length;
    const again = await call('/cancel', { confirm: true });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ alreadyCancelled: true, seats: 0, refunds: 0, refundCents: 0, waitlist: 0 });
    expect(refundRequests(stripeMock, order.paymentIntent)).toHaveLength(2);
    expect(smtp.messages.length).toBe(mails);
    expect((await call('/change', { patch: { venue: 'Elsewhere' }, notify: true })).status).toBe(409);

    // A checkout open at the cancellation and paid afterwards is refunded, not confirmed.
    const intent = `pi_test_${pending.registrationId}`;
    await deliverWebhook(server, checkoutEvent('checkout.session.completed', { id: pending.sessionId, amount_total: PRICE, payment_intent: intent }));
    await expect.poll(() => refundRequests(stripeMock, intent).length, { timeout: 30_000 }).toBe(1);
    const [late] = await attendeesOf(su, pending.registrationId);
    expect(late.registration_status).toBe('cancelled');
  });
});
