// The order page's route against a real PocketBase and a real SMTP server:
// GET /api/masterclass/orders/{id}?key=… answers the order to whoever holds
// its link (the completion page learns it from the checkout status or the
// promo answer; the buyer's confirmation email carries it), shows each
// attendee's ticket as it is now (a replaced ticket's old code never, a
// cancelled attendee none, an order not paid yet none), and answers every
// wrong, missing or malformed key like an unknown id. Wrong keys are counted
// per client; the last test spends that budget.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { ticketPayload } from '@/lib/ticket';
import { startTestServer, type TestServer } from '../support/pocketbase';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../support/smtp';
import { createUser, type TestUser } from './helpers';
import { adminCancel } from './cancellation-helpers';
import { attendee, attendeesOf, emailsOf, minutesFromNow, openSales, paidBody, post, promoBody, register, waitlistBody } from './registration-helpers';

const APP_URL = 'https://masterclass.example.com';
const PROMO_CODE = 'CHAMPION2025';
const KEY_FAILURES = 25;
const NOT_FOUND = {
  status: 404,
  message: 'This order link is not valid. Please use the link in your confirmation email, or contact us.',
  data: { order: { code: 'not_found', message: 'This order link is not valid. Please use the link in your confirmation email, or contact us.' } },
};

let smtp: TestSmtpServer;
let server: TestServer;
let su: PocketBase;
let event: RecordModel;
let admin: TestUser;
let secret: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  // Rate limits on (the last test is about one), the registration ones out of the way.
  server = await startTestServer({
    env: {
      APP_URL, SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_USER: '', SMTP_PASSWORD: '', SMTP_TLS: '',
      RATE_LIMIT_REGISTER_PAID: '1000/600', RATE_LIMIT_REGISTER_PROMO: '1000/600', RATE_LIMIT_PROMO_CHECKS: '1000/600',
      RATE_LIMIT_REGISTER_WAITLIST: '1000/600', HOLD_SEATS_PER_CLIENT: '100000', HOLD_SEATS_PER_EMAIL: '100000',
      RATE_LIMIT_ORDER_KEY_FAILURES: `${KEY_FAILURES}/600`,
    },
  });
  su = await server.admin();
  event = await openSales(su, { capacity: 500 });
  const promo = await su.collection('promo_codes').getFirstListItem(`code = "${PROMO_CODE}"`);
  await su.collection('promo_codes').update(promo.id, { expires_at: minutesFromNow(60 * 24 * 365), max_uses: 1000 });
  admin = await createUser(server, su, 'administrator');
  secret = (await su.collection('app_secrets').getFirstListItem('name = "order_link_token"')).value as string;
});

afterAll(async () => {
  await Promise.all([server?.stop(), smtp?.stop()]);
});

const keyOf = (registrationId: string) => createHmac('sha256', secret).update(`order:${registrationId}`).digest('hex');

async function order(id: string, key: string | null) {
  const query = key === null ? '' : `?key=${encodeURIComponent(key)}`;
  const response = await fetch(`${server.url}/api/masterclass/orders/${id}${query}`);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers are checked field by field
  return { status: response.status, body: (await response.json()) as any, cacheControl: response.headers.get('cache-control') };
}

const simulated = (sessionId: string, action: 'pay' | 'cancel') =>
  post(server, `/api/masterclass/checkout/simulated/${encodeURIComponent(sessionId)}/${action}`);
const checkoutStatus = async (sessionId: string) => (await fetch(`${server.url}/api/masterclass/checkout/${sessionId}`)).json();

/** A paid registration of `count` attendees, paid through the simulated checkout. */
async function paidOrder(count: number, body = paidBody(count)) {
  const created = await register(server, body);
  expect(created.status).toBe(201);
  expect((await simulated(created.body.sessionId, 'pay')).status).toBe(200);
  return { ...created.body, body };
}

describe('the order link', () => {
  it('a promo registration answers its order link, which opens the order with the ticket', async () => {
    const body = promoBody(PROMO_CODE);
    const created = await register(server, body);
    expect(created.status).toBe(201);
    const id = created.body.registrationId;
    expect(created.body.order).toEqual({ id, key: keyOf(id) });

    const answer = await order(id, created.body.order.key);
    expect(answer.status).toBe(200);
    expect(answer.cacheControl).toBe('private, no-store');
    const [row] = await attendeesOf(su, id);
    expect(answer.body).toMatchObject({
      id, reference: id.toUpperCase(), status: 'completed', state: 'confirmed', kind: 'promo', total_amount_cents: 0, currency: 'AUD',
      amount_text: 'Free', refunded_cents: 0, refund_pending_cents: 0, invoice_url: '',
      event: { id: event.id, title: event.title, calendar_url: `${APP_URL}/api/masterclass/event.ics?event=${event.id}` },
    });
    expect(answer.body.attendees).toEqual([
      {
        id: row.id, name: row.full_name, status: 'confirmed', checked_in: false,
        ticket: { code: row.ticket_code, payload: ticketPayload(event.id, row.ticket_code), calendar_url: `${APP_URL}/api/masterclass/event.ics?event=${event.id}&ticket=${row.ticket_code}` },
      },
    ]);
    expect(answer.body.event.when).toMatch(/\d{4}/);
    expect(Date.parse(answer.body.created)).not.toBeNaN();
  });

  it('a paid order shows no ticket while its payment is processing, then every ticket, the amount and the invoice link', async () => {
    const created = await register(server, paidBody(2));
    const id = created.body.registrationId;
    // the checkout status (the return page) carries the link before and after the payment
    const before = await checkoutStatus(created.body.sessionId);
    expect(before.order).toEqual({ id, key: keyOf(id) });
    const processing = await order(id, before.order.key);
    expect(processing.status).toBe(200);
    expect(processing.body).toMatchObject({ status: 'pending', state: 'processing', amount_text: 'AUD 990.00', invoice_url: '' });
    expect(processing.body.attendees.map((person: { ticket: unknown }) => person.ticket)).toEqual([null, null]);

    expect((await simulated(created.body.sessionId, 'pay')).status).toBe(200);
    const after = await checkoutStatus(created.body.sessionId);
    // paid, and completed once the emails are accepted by the mail server
    expect(after).toMatchObject({ status: expect.stringMatching(/^(paid|completed)$/), order: { id, key: keyOf(id) } });
    const paid = await order(id, keyOf(id));
    expect(paid.body).toMatchObject({
      status: expect.stringMatching(/^(paid|completed)$/), state: 'confirmed', kind: 'paid', total_amount_cents: 99000, amount_text: 'AUD 990.00',
      invoice_url: `${APP_URL}/api/masterclass/orders/${id}/invoice.pdf?key=${keyOf(id)}`,
    });
    const rows = await attendeesOf(su, id);
    expect(paid.body.attendees.map((person: { ticket: { payload: string } }) => person.ticket.payload).sort()).toEqual(
      rows.map((row) => ticketPayload(event.id, row.ticket_code)).sort(),
    );
  });

  it('a cancelled checkout is an order not completed, without tickets', async () => {
    const created = await register(server, paidBody(1));
    expect((await simulated(created.body.sessionId, 'cancel')).status).toBe(200);
    const answer = await order(created.body.registrationId, keyOf(created.body.registrationId));
    expect(answer.body).toMatchObject({ status: 'expired', state: 'not_completed', invoice_url: '' });
    expect(answer.body.attendees[0]).toMatchObject({ status: 'cancelled', ticket: null });
  });

  it('shows a replaced ticket\'s new code only, and a cancelled attendee without a ticket and with the refund', async () => {
    const paid = await paidOrder(2);
    const [first, second] = await attendeesOf(su, paid.registrationId);
    const replaced = await fetch(`${server.url}/api/masterclass/admin/attendees/${first.id}/ticket`, {
      method: 'POST', headers: { Authorization: admin.client.authStore.token },
    });
    expect(replaced.status).toBe(200);
    const newCode = (await replaced.json()).ticket_code as string;
    expect(newCode).not.toBe(first.ticket_code);

    const cancelled = await adminCancel(server, second.id, { amountCents: 49500, reason: 'Cannot attend' }, admin.client.authStore.token);
    expect(cancelled.status).toBe(200);

    const answer = await order(paid.registrationId, keyOf(paid.registrationId));
    const text = JSON.stringify(answer.body);
    expect(text).not.toContain(first.ticket_code);
    expect(text).not.toContain(second.ticket_code);
    const byId = Object.fromEntries(answer.body.attendees.map((person: { id: string }) => [person.id, person]));
    expect(byId[first.id]).toMatchObject({ status: 'confirmed', ticket: { code: newCode, payload: ticketPayload(event.id, newCode) } });
    expect(byId[second.id]).toMatchObject({ status: 'cancelled', ticket: null });
    expect(answer.body.refunded_cents + answer.body.refund_pending_cents).toBe(49500);
    expect([answer.body.refunded_text, answer.body.refund_pending_text].sort()).toEqual(['AUD 0.00', 'AUD 495.00']);
  });
});

describe('wrong links', () => {
  it('a wrong, missing, malformed or another order\'s key, an unknown id and a waitlist entry all get the same 404', async () => {
    const created = await register(server, promoBody(PROMO_CODE));
    const id = created.body.registrationId as string;
    const other = await register(server, promoBody(PROMO_CODE));
    const waitlisted = await register(server, waitlistBody());
    expect(waitlisted.status).toBe(201);
    const waitlistId = waitlisted.body.registrationId as string;
    expect(waitlisted.body.order).toBeUndefined();
    const unknownId = 'abcdefghij12345';
    const right = keyOf(id);
    const cases: [string, string | null][] = [
      [id, null],
      [id, ''],
      [id, right.slice(0, 63)],
      [id, `${right}0`],
      [id, right.toUpperCase()],
      [id, `${right.slice(0, 63)}${right[63] === '0' ? '1' : '0'}`],
      [id, keyOf(other.body.registrationId)],
      [id, '<script>alert(1)</script>'],
      [unknownId, keyOf(unknownId)],
      [waitlistId, keyOf(waitlistId)],
      ['ABCDEFGHIJ12345', keyOf('ABCDEFGHIJ12345')],
      ['x'.repeat(300), keyOf('x'.repeat(300))],
      ['abcdefghij%201234', right],
    ];
    for (const [target, key] of cases) {
      const answer = await order(target, key);
      expect({ target, key, status: answer.status, body: answer.body }).toEqual({ target, key, status: 404, body: NOT_FOUND });
    }
    expect((await order(id, right)).status).toBe(200);
  });
});

describe('the confirmation email', () => {
  const to = (address: string) => (mail: ReceivedMail) => mail.to.includes(address.toLowerCase()) && mail.subject.startsWith('Your place at');

  it('the buyer\'s confirmation carries the working order link, the other attendees\' do not, and the outbox copy hides its key', async () => {
    const body = paidBody(2, { attendees: [attendee({ email: `buyer-${Date.now()}@example.com` }), attendee()] });
    const paid = await paidOrder(2, body);
    const [buyer, colleague] = body.attendees.map((person) => String((person as { email: string }).email));
    const link = `${APP_URL}/order/${paid.registrationId}?key=${keyOf(paid.registrationId)}`;
    const [buyerMail] = await smtp.waitFor(to(buyer));
    expect(buyerMail.text).toContain(link);
    expect(buyerMail.html).toContain(`href="${link}"`);
    const [colleagueMail] = await smtp.waitFor(to(colleague));
    expect(colleagueMail.text).not.toContain('/order/');

    // the link in the email opens the order
    const fromMail = new URL(/https:\/\/masterclass\.example\.com\/order\/\S+/.exec(buyerMail.text)![0].replace(/[).,]+$/, ''));
    const opened = await order(fromMail.pathname.split('/').pop()!, fromMail.searchParams.get('key'));
    expect(opened.status).toBe(200);
    expect(opened.body.id).toBe(paid.registrationId);

    const outbox = (await emailsOf(su, paid.registrationId)).filter((email) => email.to === buyer && email.template === 'registration_confirmation');
    expect(outbox).toHaveLength(1);
    for (const part of [outbox[0].html, outbox[0].text]) {
      expect(part).toContain(`/order/${paid.registrationId}?key=[hidden]`);
      expect(part).not.toContain(keyOf(paid.registrationId));
      // the cancellation link stays hidden beside it
      expect(part).toContain('token=[hidden]');
    }
  });

  it('a promo buyer\'s confirmation carries the order link too', async () => {
    const body = promoBody(PROMO_CODE);
    const created = await register(server, body);
    const email = String((body.attendees[0] as { email: string }).email);
    const [mail] = await smtp.waitFor(to(email));
    expect(mail.text).toContain(`${APP_URL}/order/${created.body.registrationId}?key=${keyOf(created.body.registrationId)}`);
  });
});

describe('limits', () => {
  it(`after ${KEY_FAILURES} wrong links a client is refused (429), even with a right key, until the window ends`, async () => {
    const created = await register(server, promoBody(PROMO_CODE));
    const id = created.body.registrationId as string;
    let refused = null;
    for (let attempt = 0; attempt <= KEY_FAILURES && !refused; attempt += 1) {
      const answer = await order(id, 'f'.repeat(64));
      if (answer.status === 429) refused = answer;
      else expect(answer.status).toBe(404);
    }
    expect(refused?.body.message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
    expect((await order(id, keyOf(id))).status).toBe(429);
  });
});
