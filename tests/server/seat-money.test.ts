// Money stays with the seat (pb_hooks/lib/cancellation/seat-money.js), against a
// real PocketBase and stripe-mock: each seat of a paid order carries its own
// price from fulfilment (the order's unit price; an order without one, its
// payment split with the remainder on the buyer); a seat passed to a colleague
// moves its price to the colleague's row and the row passed on shows
// "transferred", 0 paid, nothing to refund; the attendees table, its CSV, the
// administrators' cancellation status, the cancel preview, the refund Stripe
// is asked for, the tax invoice's lines and the adjustment note (read back with
// pdftotext) agree after transfer, cancel and refund in any order. A transfer
// and a cancellation of the same seat at the same moment: exactly one wins and
// the money follows it (no refund for a seat that moved, no transfer of a
// cancelled seat).
import { createHmac } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS_RAISED, startTestServer, type TestServer } from '../support/pocketbase';
import { startStripeMock, STRIPE_MOCK_START_TIMEOUT_MS, type StripeMock } from '../support/stripe-mock';
import { createUser, unique, type TestUser } from './helpers';
import { attendee, attendeesOf, openSales, post, type Answer } from './registration-helpers';
import { checkoutEvent, deliverWebhook, refundRequests, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } from './stripe-helpers';
import { adminCancel, adminStatus, cancel, cancellationSecret, DAY_MS, linkToken, preview, startEventIn } from './cancellation-helpers';

const PRICE = 49500;
const RACES = 8;
const STAGGER_MS = [0, 0, 15, 15, 30, 30, 60, 60];

let stripeMock: StripeMock;
let server: TestServer;
let su: PocketBase;
let admin: TestUser;

beforeAll(async () => {
  stripeMock = await startStripeMock();
  server = await startTestServer({
    env: { ...LIMITS_RAISED, SIMULATED_CHECKOUT: '', STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE: stripeMock.url },
  });
  su = await server.admin();
  await openSales(su, { capacity: 500, price_cents: PRICE });
  admin = await createUser(server, su, 'administrator');
}, STRIPE_MOCK_START_TIMEOUT_MS);

afterAll(async () => {
  await server?.stop();
  await stripeMock?.stop();
});

interface Order {
  registrationId: string;
  company: string;
  paymentIntent: string;
  /** The rows as bought, the buyer first. */
  seats: RecordModel[];
}

/**
 * An order of `names` (the first buys), paid through the Stripe webhook. `unitPrice` overrides the
 * order's unit price before it is paid (0: an order made before seats had prices); `amountTotal` what Stripe took.
 */
async function paidOrder(names: string[], options: { unitPrice?: number; amountTotal?: number } = {}): Promise<Order> {
  const company = unique('Seat Money ');
  const bodies = names.map((fullName) => attendee({ fullName, company, email: `${unique('seat-')}@example.com` }));
  const created = await post(server, '/api/masterclass/registrations', { mode: 'paid', attendees: bodies, privacyConsent: true, marketingConsent: false });
  expect(created.status).toBe(201);
  if (options.unitPrice !== undefined) await su.collection('registrations').update(created.body.registrationId, { unit_price_cents: options.unitPrice });
  const registration = await su.collection('registrations').getOne(created.body.registrationId);
  const paymentIntent = unique('pi_test_');
  const delivered = await deliverWebhook(server, checkoutEvent('checkout.session.completed', {
    id: created.body.sessionId, payment_intent: paymentIntent, amount_total: options.amountTotal ?? registration.total_amount_cents,
  }));
  expect(delivered.body.outcome).toBe('fulfilled');
  const rows = await attendeesOf(su, created.body.registrationId);
  const seats = bodies.map((body) => rows.find((row) => row.email === String(body.email).toLowerCase())!);
  return { registrationId: created.body.registrationId, company, paymentIntent, seats };
}

/** An account owning the row, at a domain that takes mail (a colleague must be named from one). */
async function ownerOf(row: RecordModel): Promise<TestUser> {
  const user = await createUser(server, su, 'attendee');
  await su.collection('attendees').update(row.id, { user: user.id });
  return user;
}

async function call(method: 'GET' | 'POST', pathAndQuery: string, body?: unknown, token?: string): Promise<Answer> {
  const response = await fetch(`${server.url}${pathAndQuery}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** A colleague of the same company, so the table's company filter lists them with the order. */
const colleague = (fullName: string, company: string) => ({ fullName, email: `${unique('colleague-')}@example.com`, company, jobTitle: 'Analyst' });
const substitute = (order: Order, attendeeId: string, fullName: string, token: string) =>
  call('POST', '/api/masterclass/my-registration/substitute', { attendee: attendeeId, ...colleague(fullName, order.company) }, token);

interface Figures {
  paid: number;
  refund: number;
  refundStatus: string;
  transferredTo: string;
}

/** The table's money columns for the order's rows, by attendee id. */
async function tableFigures(order: Order): Promise<Record<string, Figures>> {
  const answer = await call('GET', `/api/masterclass/attendees?perPage=500&q=${encodeURIComponent(order.company)}`, undefined, admin.client.authStore.token);
  expect(answer.status).toBe(200);
  const figures: Record<string, Figures> = {};
  for (const item of answer.body.items) {
    figures[item.id] = { paid: item.amount_paid_cents, refund: item.refund_cents, refundStatus: item.refund_status, transferredTo: item.transferred_to };
  }
  return figures;
}

/** The CSV's Status, Amount Paid and Refund cells of the order's rows, by name. */
async function csvFigures(order: Order): Promise<Record<string, { status: string; paid: string; refund: string }>> {
  const response = await fetch(`${server.url}/api/masterclass/attendees.csv?q=${encodeURIComponent(order.company)}`, {
    headers: { Authorization: admin.client.authStore.token },
  });
  expect(response.status).toBe(200);
  const [header, ...lines] = (await response.text()).replace(/^\uFEFF/, '').trimEnd().split('\r\n').map((line) => line.split(','));
  const cell = (line: string[], name: string) => line[header.indexOf(name)];
  return Object.fromEntries(lines.map((line) => [cell(line, 'Name'), { status: cell(line, 'Status'), paid: cell(line, 'Amount Paid'), refund: cell(line, 'Refund') }]));
}

const priceOf = async (id: string) => (await su.collection('attendees').getOne(id)).price_cents as number;
const actionsOf = (attendeeId: string) => su.collection('payment_actions').getFullList({ filter: su.filter('attendee = {:id}', { id: attendeeId }) });
const statusOf = async (id: string) => (await adminStatus(server, id, admin.client.authStore.token)).body;

async function linkPreview(attendeeId: string) {
  return preview(server, { attendee: attendeeId, token: linkToken(await cancellationSecret(su), attendeeId, new Date(Date.now() + 20 * DAY_MS)) });
}
async function linkCancel(attendeeId: string, expectedRefundCents: number) {
  return cancel(server, { attendee: attendeeId, token: linkToken(await cancellationSecret(su), attendeeId, new Date(Date.now() + 20 * DAY_MS)), expectedRefundCents });
}

/** The text of a PDF as pdftotext reads it (layout kept, runs of spaces made one). */
function pdfText(bytes: Buffer): string {
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'seat-money-pdf-'));
  try {
    const file = path.join(dir, 'document.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The order's tax documents as PDF text, by kind. */
async function documentTexts(registrationId: string): Promise<{ invoice: string; notes: string[] }> {
  const secret = (await su.collection('app_secrets').getFirstListItem('name = "order_link_token"')).value as string;
  const key = createHmac('sha256', secret).update(`order:${registrationId}`).digest('hex');
  const list = await fetch(`${server.url}/api/masterclass/orders/${registrationId}/tax-documents?key=${key}`);
  expect(list.status).toBe(200);
  const documents = (await list.json()).documents as { kind: string; url: string }[];
  const texts = await Promise.all(documents.map(async (document) => {
    const response = await fetch(document.url.startsWith('http') ? document.url.replace(/^https?:\/\/[^/]+/, server.url) : `${server.url}${document.url}`);
    expect(response.status).toBe(200);
    return { kind: document.kind, text: pdfText(Buffer.from(await response.arrayBuffer())) };
  }));
  return { invoice: texts.find((text) => text.kind === 'invoice')!.text, notes: texts.filter((text) => text.kind === 'adjustment').map((text) => text.text) };
}

describe('each seat’s own price', () => {
  it('is the order’s unit price from fulfilment, kept from the records API’s readers and writers', async () => {
    await startEventIn(su, 30);
    const order = await paidOrder(['Una Buyer', 'Ulla Guest'], { unitPrice: 40000, amountTotal: 80000 });
    expect(await Promise.all(order.seats.map((seat) => priceOf(seat.id)))).toEqual([40000, 40000]);
    const table = await tableFigures(order);
    expect(order.seats.map((seat) => table[seat.id].paid)).toEqual([40000, 40000]);
    expect((await linkPreview(order.seats[1].id)).body).toMatchObject({ paidCents: 40000, refundCents: 40000 });

    // hidden: the attendee never reads it, and what a client sends for it is dropped
    const owner = await ownerOf(order.seats[1]);
    expect(Object.keys(await owner.client.collection('attendees').getOne(order.seats[1].id))).not.toContain('price_cents');
    await admin.client.collection('attendees').update(order.seats[1].id, { price_cents: 1 }).catch(() => null);
    expect(await priceOf(order.seats[1].id)).toBe(40000);
  });

  it('is the payment split, the remainder on the buyer, for an order without a unit price', async () => {
    await startEventIn(su, 30);
    const order = await paidOrder(['Vic Buyer', 'Val Guest', 'Vera Guest'], { unitPrice: 0, amountTotal: 100001 });
    expect(await Promise.all(order.seats.map((seat) => priceOf(seat.id)))).toEqual([33335, 33333, 33333]);
    const table = await tableFigures(order);
    expect(order.seats.map((seat) => table[seat.id].paid)).toEqual([33335, 33333, 33333]);
    expect((await statusOf(order.seats[0].id))).toMatchObject({ paidCents: 33335, maxRefundCents: 33335 });
  });
});

describe('a seat passed to a colleague, then cancelled and refunded', () => {
  it('keeps one price per seat everywhere: table, CSV, status, preview, Stripe, invoice and adjustment note', async () => {
    await startEventIn(su, 30);
    const order = await paidOrder(['Ada Buyer', 'Ben Seat', 'Cy Seat']);
    const [buyer, ben, cy] = order.seats;
    expect(await Promise.all(order.seats.map((seat) => priceOf(seat.id)))).toEqual([PRICE, PRICE, PRICE]);

    // Ben passes his seat to Dana
    const benOwner = await ownerOf(ben);
    expect((await substitute(order, ben.id, 'Dana Colleague', benOwner.client.authStore.token)).status).toBe(200);
    const dana = (await attendeesOf(su, order.registrationId)).find((row) => row.replaces === ben.id)!;
    expect(await priceOf(dana.id)).toBe(PRICE);
    expect(await priceOf(ben.id)).toBe(0);

    let table = await tableFigures(order);
    expect(table[buyer.id]).toEqual({ paid: PRICE, refund: 0, refundStatus: '', transferredTo: '' });
    expect(table[ben.id]).toEqual({ paid: 0, refund: 0, refundStatus: '', transferredTo: 'Dana Colleague' });
    expect(table[cy.id]).toEqual({ paid: PRICE, refund: 0, refundStatus: '', transferredTo: '' });
    expect(table[dana.id]).toEqual({ paid: PRICE, refund: 0, refundStatus: '', transferredTo: '' });
    let csv = await csvFigures(order);
    expect(csv['Ada Buyer']).toEqual({ status: 'Confirmed', paid: '495.00', refund: '' });
    expect(csv['Ben Seat']).toEqual({ status: 'Transferred to Dana Colleague', paid: '0.00', refund: '' });
    expect(csv['Dana Colleague']).toEqual({ status: 'Confirmed', paid: '495.00', refund: '' });

    // the seat that moved: nothing to cancel or refund, by any route
    expect(await statusOf(ben.id)).toMatchObject({ cancellable: false, paidCents: 0, maxRefundCents: 0, transferredTo: 'Dana Colleague', paidSeat: false });
    const benPreview = await preview(server, { attendee: ben.id }, benOwner.client.authStore.token);
    expect(benPreview).toMatchObject({ status: 409, body: { data: { attendee: { code: 'passed_on' } } } });
    expect(benPreview.body.message).toContain('passed to Dana Colleague');
    expect((await linkCancel(ben.id, PRICE))).toMatchObject({ status: 409, body: { data: { attendee: { code: 'passed_on' } } } });
    expect((await adminCancel(server, ben.id, { amountCents: 0, reason: 'test' }, admin.client.authStore.token)).status).toBe(409);
    expect(await actionsOf(ben.id)).toEqual([]);

    // Dana cancels with her own link: her seat's full price comes back, through Stripe
    expect((await linkPreview(dana.id)).body).toMatchObject({ paidCents: PRICE, refundCents: PRICE, refundText: 'AUD 495.00' });
    expect(await statusOf(dana.id)).toMatchObject({ cancellable: true, paidCents: PRICE, maxRefundCents: PRICE });
    expect((await linkCancel(dana.id, PRICE))).toMatchObject({ status: 200, body: { refundCents: PRICE, refundStatus: 'done' } });
    const refunds = refundRequests(stripeMock, order.paymentIntent);
    expect(refunds.map((request) => [request.form.amount, request.headers['idempotency-key']])).toEqual([[String(PRICE), `refund-attendee-${dana.id}`]]);

    // then an administrator cancels Cy with part of his seat refunded
    expect((await adminCancel(server, cy.id, { amountCents: 20000, reason: 'Asked late' }, admin.client.authStore.token)).body).toMatchObject({ refundCents: 20000 });

    table = await tableFigures(order);
    expect(table[buyer.id]).toEqual({ paid: PRICE, refund: 0, refundStatus: '', transferredTo: '' });
    expect(table[ben.id]).toEqual({ paid: 0, refund: 0, refundStatus: '', transferredTo: 'Dana Colleague' });
    expect(table[cy.id]).toEqual({ paid: PRICE, refund: 20000, refundStatus: 'done', transferredTo: '' });
    expect(table[dana.id]).toEqual({ paid: PRICE, refund: PRICE, refundStatus: 'done', transferredTo: '' });
    csv = await csvFigures(order);
    expect(csv['Ada Buyer']).toEqual({ status: 'Confirmed', paid: '495.00', refund: '' });
    expect(csv['Ben Seat']).toEqual({ status: 'Transferred to Dana Colleague', paid: '0.00', refund: '' });
    expect(csv['Cy Seat']).toEqual({ status: 'Cancelled', paid: '495.00', refund: '200.00 (done)' });
    expect(csv['Dana Colleague']).toEqual({ status: 'Cancelled', paid: '495.00', refund: '495.00 (done)' });
    // what is left to refund: each seat's price less its own refunds
    expect(await statusOf(buyer.id)).toMatchObject({ paidCents: PRICE, maxRefundCents: PRICE, refundedCents: 0 });
    expect(await statusOf(cy.id)).toMatchObject({ paidCents: PRICE, refundedCents: 20000, maxRefundCents: PRICE - 20000 });
    expect(await statusOf(dana.id)).toMatchObject({ paidCents: PRICE, refundedCents: PRICE, maxRefundCents: 0 });

    // the tax invoice: one line per seat as bought, at its price; the adjustment notes: each seat's price and its refund
    const { invoice, notes } = await documentTexts(order.registrationId);
    expect(invoice.match(/AUD 495\.00 AUD 495\.00/g)).toHaveLength(3);
    expect(invoice).toContain('Total (incl. GST) AUD 1,485.00');
    expect(invoice).toContain('Ben Seat');
    expect(notes).toHaveLength(2);
    const danaNote = notes.find((text) => text.includes('Dana Colleague'))!;
    expect(danaNote).toContain('Seat price (incl. GST) AUD 495.00');
    expect(danaNote).toContain('Amount refunded (incl. GST) AUD 495.00');
    const cyNote = notes.find((text) => text.includes('Cy Seat'))!;
    expect(cyNote).toContain('Seat price (incl. GST) AUD 495.00');
    expect(cyNote).toContain('Amount refunded (incl. GST) AUD 200.00');
  });

  it('a cancelled seat cannot be passed on: its price and refund stay on its row', async () => {
    await startEventIn(su, 30);
    const order = await paidOrder(['Eve Buyer', 'Finn Seat']);
    const finn = order.seats[1];
    const owner = await ownerOf(finn);
    expect((await cancel(server, { attendee: finn.id, expectedRefundCents: PRICE }, owner.client.authStore.token)).status).toBe(200);
    const refused = await substitute(order, finn.id, 'Gus Colleague', owner.client.authStore.token);
    expect(refused).toMatchObject({ status: 409, body: { data: { attendee: { code: 'cancelled' } } } });
    expect(await attendeesOf(su, order.registrationId)).toHaveLength(2);
    expect(await priceOf(finn.id)).toBe(PRICE);
    expect((await tableFigures(order))[finn.id]).toEqual({ paid: PRICE, refund: PRICE, refundStatus: 'done', transferredTo: '' });
    expect((await csvFigures(order))['Finn Seat']).toEqual({ status: 'Cancelled', paid: '495.00', refund: '495.00 (done)' });
  });
});

describe('a transfer and a cancellation of the same seat at the same moment', () => {
  it('lets exactly one win, and the money follows the winner', async () => {
    await startEventIn(su, 30);
    const outcomes: string[] = [];
    for (let round = 0; round < RACES; round += 1) {
      const order = await paidOrder([`Race Buyer ${round}`, `Race Seat ${round}`]);
      const seat = order.seats[1];
      const owner = await ownerOf(seat);
      const token = owner.client.authStore.token;
      // the owner's own cancellation in even rounds, an administrator's in odd ones; sent with the
      // transfer, or a few milliseconds after it (the transfer reads more before its transaction, so
      // sent together the cancellation mostly wins): either may win, and the checks hold for both
      const lag = STAGGER_MS[round % STAGGER_MS.length];
      const cancelling = new Promise((resolve) => setTimeout(resolve, lag)).then(() => (round % 2 === 0
        ? cancel(server, { attendee: seat.id, expectedRefundCents: PRICE }, token)
        : adminCancel(server, seat.id, { amountCents: PRICE, reason: 'Race' }, admin.client.authStore.token)));
      const [transfer, cancelled] = await Promise.all([substitute(order, seat.id, `Race Colleague ${round}`, token), cancelling]);

      expect([transfer.status, cancelled.status].sort(), `round ${round}`).toEqual([200, 409]);
      const rows = await attendeesOf(su, order.registrationId);
      const colleagueRow = rows.find((row) => row.replaces === seat.id);
      const refundsAsked = refundRequests(stripeMock, order.paymentIntent);
      if (transfer.status === 200) {
        outcomes.push('transfer');
        expect(cancelled.body.data.attendee.code).toBe('passed_on');
        expect(colleagueRow).toBeDefined();
        expect(await priceOf(colleagueRow!.id)).toBe(PRICE);
        expect(await priceOf(seat.id)).toBe(0);
        expect(await actionsOf(seat.id)).toEqual([]);
        expect(refundsAsked).toEqual([]);
        const table = await tableFigures(order);
        expect(table[seat.id]).toMatchObject({ paid: 0, refund: 0, transferredTo: `Race Colleague ${round}` });
        expect(table[colleagueRow!.id]).toMatchObject({ paid: PRICE, refund: 0 });
      } else {
        outcomes.push('cancel');
        expect(transfer.body.data.attendee.code).toBe('cancelled');
        expect(colleagueRow).toBeUndefined();
        expect(await priceOf(seat.id)).toBe(PRICE);
        expect((await actionsOf(seat.id)).map((action) => action.amount_cents)).toEqual([PRICE]);
        expect(refundsAsked.map((request) => request.form.amount)).toEqual([String(PRICE)]);
        expect((await tableFigures(order))[seat.id]).toMatchObject({ paid: PRICE, refund: PRICE, transferredTo: '' });
      }
      // the seats taken never change by more than the one cancelled
      expect(rows.filter((row) => row.registration_status === 'confirmed')).toHaveLength(transfer.status === 200 ? 2 : 1);
    }
    expect(outcomes).toHaveLength(RACES);
  });
});
