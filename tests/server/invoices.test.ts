// Tax invoices and adjustment notes, against a real PocketBase, stripe-mock and
// a real SMTP server, each PDF read back by poppler's pdftotext (Debian's
// poppler-utils) and each email by mailparser: a paid order gets a tax
// invoice with every field the ATO asks for and GST of one eleventh, rounded
// to the cent; it is attached to the buyer's confirmation only and downloads
// with the order link's key or by the signed-in buyer, never by another
// attendee; free and waitlist orders get none; a refund gets an adjustment
// note referring to the invoice; numbers are sequential and unique when
// payments arrive at once; the seller's details are administrators' settings
// with the ABN checked; bad keys answer like unknown orders.
import { createHmac } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/pocketbase';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../support/smtp';
import { startStripeMock, STRIPE_MOCK_START_TIMEOUT_MS, type StripeMock } from '../support/stripe-mock';
import { loadHookModule } from '../support/hook-module';
import { createUser, unique, type TestUser } from './helpers';
import { attendee, attendeesOf, minutesFromNow, openSales, post, promoBody, register, waitlistBody } from './registration-helpers';
import { checkoutEvent, deliverWebhook, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } from './stripe-helpers';
import { adminCancel, cancel, startEventIn } from './cancellation-helpers';

const APP_URL = 'https://masterclass.example.com';
const PROMO_CODE = 'INVOICEFREE';
const SELLER = {
  legalName: 'AI Champions Pty Ltd',
  abn: '51824753556',
  address: 'Level 2, 10 King William Street\nAdelaide SA 5000',
  email: 'accounts@aichampions.example',
};
const KEY_FAILURES_ALLOWED = 12;
const PAYMENTS_AT_ONCE = 6;

let stripeMock: StripeMock;
let smtp: TestSmtpServer;
let server: TestServer;
let su: PocketBase;
let admin: TestUser;
let orderSecret: string;

beforeAll(async () => {
  [stripeMock, smtp] = await Promise.all([startStripeMock(), startSmtpServer()]);
  server = await startTestServer({
    env: {
      SIMULATED_CHECKOUT: '', STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE: stripeMock.url, APP_URL,
      SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_USER: '', SMTP_PASSWORD: '', SMTP_TLS: '',
      RATE_LIMIT_REGISTER_PAID: '1000/600', RATE_LIMIT_REGISTER_PROMO: '1000/600', RATE_LIMIT_REGISTER_WAITLIST: '1000/600',
      HOLD_SEATS_PER_CLIENT: '100000', HOLD_SEATS_PER_EMAIL: '100000', RATE_LIMIT_ORDER_KEY_FAILURES: `${KEY_FAILURES_ALLOWED}/600`,
      SELLER_LEGAL_NAME: '', SELLER_ABN: '', SELLER_ADDRESS: '', SELLER_EMAIL: '',
    },
  });
  su = await server.admin();
  const event = await openSales(su, { capacity: 500, price_cents: 49500 });
  await su.collection('promo_codes').create({ code: PROMO_CODE, event: event.id, max_uses: 1000, used_count: 0, expires_at: minutesFromNow(60 * 24 * 365), active: true });
  admin = await createUser(server, su, 'administrator');
  orderSecret = (await su.collection('app_secrets').getFirstListItem('name = "order_link_token"')).value;
}, STRIPE_MOCK_START_TIMEOUT_MS);

afterAll(async () => {
  await Promise.all([server?.stop(), smtp?.stop()]);
  await stripeMock?.stop();
});

interface InvoiceRules {
  gstIncluded: (cents: number) => number;
  isValidAbn: (abn: string) => boolean;
  formatAbn: (abn: string) => string;
}
const rules = () => loadHookModule<InvoiceRules>('invoices/rules');

/** The text of a PDF as poppler's pdftotext reads it (layout kept, runs of spaces made one). */
function pdfText(bytes: Buffer): string {
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'invoice-pdf-'));
  try {
    const file = path.join(dir, 'document.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const orderKey = (registrationId: string) => createHmac('sha256', orderSecret).update(`order:${registrationId}`).digest('hex');

async function download(pathAndQuery: string, token?: string) {
  const response = await fetch(`${server.url}${pathAndQuery}`, { headers: token ? { Authorization: token } : {} });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, json: () => JSON.parse(bytes.toString('utf8')) };
}

const invoicePath = (registrationId: string, key = orderKey(registrationId)) =>
  `/api/masterclass/orders/${registrationId}/invoice.pdf?key=${encodeURIComponent(key)}`;

async function saveSeller(body: Record<string, unknown>, token = admin.client.authStore.token) {
  const response = await fetch(`${server.url}/api/masterclass/admin/seller`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

interface PaidOrder {
  registrationId: string;
  sessionId: string;
  attendees: RecordModel[];
  buyerEmail: string;
  paymentIntent: string;
}

/** An order for `people` (the first buys), paid through the Stripe webhook. */
async function paidOrder(people: Array<{ fullName: string; company?: string }>): Promise<PaidOrder> {
  const bodies = people.map((person) => attendee({ fullName: person.fullName, company: person.company ?? 'Seat Co', email: `${unique('inv-')}@example.com` }));
  const created = await post(server, '/api/masterclass/registrations', { mode: 'paid', attendees: bodies, privacyConsent: true, marketingConsent: false });
  expect(created.status).toBe(201);
  const paymentIntent = unique('pi_test_');
  const registration = await su.collection('registrations').getOne(created.body.registrationId);
  const delivered = await deliverWebhook(server, checkoutEvent('checkout.session.completed', {
    id: created.body.sessionId, payment_intent: paymentIntent, amount_total: registration.total_amount_cents,
  }));
  expect(delivered.body.outcome).toBe('fulfilled');
  const rows = await attendeesOf(su, created.body.registrationId);
  const ordered = bodies.map((body) => rows.find((row) => row.email === String(body.email).toLowerCase() || row.email === body.email)!);
  return { registrationId: created.body.registrationId, sessionId: created.body.sessionId, attendees: ordered, buyerEmail: String(bodies[0].email), paymentIntent };
}

const documentsOf = (registrationId: string) =>
  su.collection('tax_documents').getFullList({ filter: su.filter('registration = {:id}', { id: registrationId }), sort: 'kind,number' });

/** An attendee account with a given email (createUser makes its own address). */
async function accountFor(email: string): Promise<TestUser> {
  const password = unique('pw-');
  const record = await su.collection('users').create({ email, password, passwordConfirm: password, role: 'attendee', verified: true, full_name: 'Account Holder' });
  const client = server.guest();
  client.autoCancellation(false);
  await client.collection('users').authWithPassword(email, password);
  return { id: record.id, email, password, client };
}

const invoiceNumber = (number: number) => `INV-${String(number).padStart(6, '0')}`;

describe('the rules', () => {
  it('GST is one eleventh of the GST-inclusive amount, rounded to the nearest cent', () => {
    expect(rules().gstIncluded(49500)).toBe(4500);
    expect(rules().gstIncluded(33333)).toBe(3030); // 3030.27
    expect(rules().gstIncluded(66666)).toBe(6061); // 6060.55: rounded, not cut off
    expect(rules().gstIncluded(10000)).toBe(909); // 909.09
    expect(rules().gstIncluded(0)).toBe(0);
  });

  it('an ABN passes the ABR checksum or is refused', () => {
    expect(rules().isValidAbn('51 824 753 556')).toBe(true);
    expect(rules().isValidAbn('53004085616')).toBe(true);
    expect(rules().isValidAbn('51 824 753 557')).toBe(false);
    expect(rules().isValidAbn('5182475355')).toBe(false);
    expect(rules().isValidAbn('51-824-753-556')).toBe(false);
    expect(rules().formatAbn('51824753556')).toBe('51 824 753 556');
  });
});

describe('the seller\'s details', () => {
  it('only administrators read and change them; a bad ABN, email or field is refused with a message and changes nothing', async () => {
    const attendeeUser = await createUser(server, su, 'attendee');
    expect((await saveSeller(SELLER, '')).status).toBe(401);
    expect((await saveSeller(SELLER, attendeeUser.client.authStore.token)).status).toBe(403);
    expect((await download('/api/masterclass/admin/seller', attendeeUser.client.authStore.token)).status).toBe(403);

    const badAbn = await saveSeller({ ...SELLER, abn: '51 824 753 557' });
    expect(badAbn.status).toBe(400);
    expect(badAbn.body.data.abn.message).toMatch(/fails the ABN check/);
    const badEmail = await saveSeller({ ...SELLER, email: 'accounts at example' });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.data.email.code).toBe('invalid_email');
    const notText = await saveSeller({ ...SELLER, legalName: 42 });
    expect(notText.status).toBe(400);
    const notJson = await fetch(`${server.url}/api/masterclass/admin/seller`, {
      method: 'PUT', headers: { 'Content-Type': 'application/json', Authorization: admin.client.authStore.token }, body: '{oops',
    });
    expect(notJson.status).toBe(400);

    const read = await download('/api/masterclass/admin/seller', admin.client.authStore.token);
    expect(read.status).toBe(200);
    expect(read.json().inForce).toEqual({ legalName: '', abn: '', address: '', email: '' });
  });
});

describe('the server\'s own setting', () => {
  it('a SELLER_ABN that fails the ABN check stops the server at boot with the reason', async () => {
    await expect(startTestServer({ env: { SELLER_ABN: '51 824 753 557' } })).rejects.toThrow(/SELLER_ABN is not a valid ABN/);
  }, 60_000);
});

describe('an order paid before the seller\'s ABN is set', () => {
  it('says the ABN is not set rather than inventing one', async () => {
    const order = await paidOrder([{ fullName: 'Nell Unset', company: 'Placeholder Co' }]);
    const text = pdfText((await download(invoicePath(order.registrationId))).bytes);
    expect(text).toContain('Tax invoice');
    expect(text).toContain('ABN not set');
    expect(text).toContain("Seller's legal name not set");
    expect(text).not.toMatch(/ABN \d/);
  });
});

describe('a paid order', () => {
  let order: PaidOrder;
  let invoice: RecordModel;

  beforeAll(async () => {
    const saved = await saveSeller(SELLER);
    expect(saved.status).toBe(200);
    expect(saved.body.inForce).toMatchObject({ legalName: SELLER.legalName, abn: '51 824 753 556' });
    await openSales(su, { capacity: 500, price_cents: 53333 });
    order = await paidOrder([
      { fullName: 'Zoë Ångström', company: 'Örebro Analytics Pty Ltd' },
      { fullName: 'Grace Hopper', company: 'Navy' },
    ]);
    [invoice] = await documentsOf(order.registrationId);
  });

  afterAll(async () => {
    await openSales(su, { capacity: 500, price_cents: 49500 });
  });

  it('gets a tax invoice with the seller, number, date, buyer, each attendee, unit price, GST of one eleventh and total', async () => {
    expect(invoice).toMatchObject({ kind: 'invoice', amount_cents: 106666, gst_cents: 9697, quantity: 2, unit_price_cents: 53333 });
    const answer = await download(invoicePath(order.registrationId));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="tax-invoice-${invoiceNumber(invoice.number)}.pdf"`);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');

    const text = pdfText(answer.bytes);
    expect(text).toContain('Tax invoice');
    expect(text).toContain('AI Champions Pty Ltd');
    expect(text).toContain('ABN 51 824 753 556');
    expect(text).toContain('Level 2, 10 King William Street');
    expect(text).toContain('Adelaide SA 5000');
    expect(text).toContain('accounts@aichampions.example');
    expect(text).toMatch(new RegExp(`Invoice number ${invoiceNumber(invoice.number)}`));
    const { formatDate } = loadHookModule<{ formatDate: (value: Date, zone: string) => string }>('events/format');
    expect(text).toContain(`Date of issue ${formatDate(new Date(invoice.issued_at.replace(' ', 'T')), 'Australia/Adelaide')}`);
    expect(text).toContain(`Order reference ${order.registrationId.toUpperCase()}`);
    expect(text).toContain(order.buyerEmail.toLowerCase());
    expect(text).toContain('Örebro Analytics Pty Ltd');
    expect(text).toContain('Zoë Ångström');
    expect(text).toContain('Grace Hopper');
    expect(text.match(/AUD 533\.33 AUD 533\.33/g)).toHaveLength(2); // each seat: unit price and amount
    expect(text).toContain('Total (incl. GST) AUD 1,066.66');
    expect(text).toContain('GST included AUD 96.97'); // 1,066.66 / 11 = 96.969…: rounded, not cut off
    expect(text).toContain('Amount paid AUD 1,066.66');
  });

  it('is attached to the buyer\'s confirmation only, as the same PDF', async () => {
    const buyer = order.attendees[0].email;
    const other = order.attendees[1].email;
    const isConfirmation = (address: string) => (mail: ReceivedMail) => mail.to.includes(address) && mail.subject.startsWith('Your place at');
    const [buyerMail] = await smtp.waitFor(isConfirmation(buyer));
    const [otherMail] = await smtp.waitFor(isConfirmation(other));

    const parsed = await simpleParser(buyerMail.raw);
    const pdfs = parsed.attachments.filter((attachment) => attachment.contentType === 'application/pdf');
    expect(pdfs).toHaveLength(1);
    expect(pdfs[0].filename).toBe(`tax-invoice-${invoiceNumber(invoice.number)}.pdf`);
    expect(pdfs[0].contentDisposition).toBe('attachment');
    const attached = pdfText(pdfs[0].content);
    expect(attached).toContain(`Invoice number ${invoiceNumber(invoice.number)}`);
    expect(attached).toContain('GST included AUD 96.97');
    // the ticket and calendar are still there beside it
    expect(parsed.attachments.map((attachment) => attachment.filename)).toEqual(expect.arrayContaining(['masterclass-ticket.png', 'ai-champions-masterclass.ics']));

    const otherParsed = await simpleParser(otherMail.raw);
    expect(otherParsed.attachments.filter((attachment) => attachment.contentType === 'application/pdf')).toEqual([]);
  });

  it('keeps the seller it was issued with when the settings change later', async () => {
    expect((await saveSeller({ ...SELLER, legalName: 'Renamed Holdings Pty Ltd' })).status).toBe(200);
    const text = pdfText((await download(invoicePath(order.registrationId))).bytes);
    expect(text).toContain('AI Champions Pty Ltd');
    expect(text).not.toContain('Renamed Holdings');
    expect((await saveSeller(SELLER)).status).toBe(200);
  });

  it('downloads in the portal by the buyer signed in, never by another attendee of the order', async () => {
    const buyerUser = await accountFor(order.attendees[0].email);
    const otherUser = await accountFor(order.attendees[1].email);
    await su.collection('attendees').update(order.attendees[1].id, { user: otherUser.id });
    // the buyer is found by the order's primary email, whatever its letter case
    await su.collection('registrations').update(order.registrationId, { primary_email: order.attendees[0].email.toUpperCase() });

    const list = await download('/api/masterclass/me/tax-documents', buyerUser.client.authStore.token);
    expect(list.status).toBe(200);
    const documents = list.json().documents;
    expect(documents).toHaveLength(1);
    expect(documents[0]).toMatchObject({ kind: 'invoice', number: invoiceNumber(invoice.number), amountCents: 106666, gstCents: 9697 });
    const pdf = await download(documents[0].url, buyerUser.client.authStore.token);
    expect(pdf.status).toBe(200);
    expect(pdfText(pdf.bytes)).toContain(`Invoice number ${invoiceNumber(invoice.number)}`);

    const otherList = await download('/api/masterclass/me/tax-documents', otherUser.client.authStore.token);
    expect(otherList.json().documents).toEqual([]);
    const refused = await download(documents[0].url, otherUser.client.authStore.token);
    expect(refused.status).toBe(404);
    expect(refused.bytes.subarray(0, 5).toString()).not.toBe('%PDF-');
    expect((await download(documents[0].url)).status).toBe(401);
    expect((await download('/api/masterclass/me/tax-documents')).status).toBe(401);
  });
});

describe('an invoice that cannot be drawn', () => {
  it('never holds back the confirmation: it goes with its ticket and without the PDF', async () => {
    smtp.refuse('451 Try again later');
    let order: PaidOrder;
    try {
      order = await paidOrder([{ fullName: 'Held Back', company: 'Retry Co' }]);
    } finally {
      smtp.refuse(null);
    }
    const [invoice] = await documentsOf(order.registrationId);
    // a seller too long for the page (more than the PDF writer takes) makes the PDF fail
    await su.collection('tax_documents').update(invoice.id, { seller: { legalName: 'L'.repeat(2500), abn: '51 824 753 556', address: 'Adelaide', email: '' } });
    const buyerEmail = order.attendees[0].email;
    const [queued] = await su.collection('emails').getFullList({
      filter: su.filter('to = {:to} && template = "registration_confirmation"', { to: buyerEmail }),
    });
    expect(queued.status).toBe('queued');
    await su.collection('emails').update(queued.id, { next_attempt_at: new Date(Date.now() - 1000).toISOString() });
    await su.crons.run('masterclass_email_retry');
    const [mail] = await smtp.waitFor((candidate) => candidate.to.includes(buyerEmail) && candidate.subject.startsWith('Your place at'));
    const parsed = await simpleParser(mail.raw);
    expect(parsed.attachments.map((attachment) => attachment.filename)).toContain('masterclass-ticket.png');
    expect(parsed.attachments.filter((attachment) => attachment.contentType === 'application/pdf')).toEqual([]);
  });
});

describe('orders that get no invoice', () => {
  it('a free (promo) or waitlist order has no tax document and its invoice link answers 404', async () => {
    const free = await register(server, promoBody(PROMO_CODE));
    expect(free.status).toBe(201);
    expect(await documentsOf(free.body.registrationId)).toEqual([]);
    const answer = await download(invoicePath(free.body.registrationId));
    expect(answer.status).toBe(404);
    expect(answer.json().message).toMatch(/only paid orders get one/);

    const waiting = await register(server, waitlistBody());
    expect(waiting.status).toBe(201);
    const waitingId = waiting.body.registrationId ?? (await su.collection('registrations').getFirstListItem('kind = "waitlist"', { sort: '-created' })).id;
    expect(await documentsOf(waitingId)).toEqual([]);
    expect((await download(invoicePath(waitingId))).status).toBe(404);
  });
});

describe('a refund', () => {
  it('gets an adjustment note referring to the invoice, with the amount refunded and its GST, sent with the refund email and downloadable', async () => {
    await startEventIn(su, 30);
    const order = await paidOrder([{ fullName: 'Payer Person', company: 'Payer Co' }, { fullName: 'Second Seat' }]);
    const [invoice] = await documentsOf(order.registrationId);

    // an administrator refunds part of the second seat (the buyer is emailed as the payer)
    const done = await adminCancel(server, order.attendees[1].id, { amountCents: 10000, reason: 'Could not attend' }, admin.client.authStore.token);
    expect(done.status).toBe(200);
    const refunds = stripeMock.requests.filter((request) => request.path === '/v1/refunds' && request.form.payment_intent === order.paymentIntent);
    expect(refunds).toHaveLength(1);
    expect(refunds[0].form.amount).toBe('10000');

    const notes = (await documentsOf(order.registrationId)).filter((document) => document.kind === 'adjustment');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ amount_cents: 10000, gst_cents: 909, invoice_number: invoice.number, attendee: order.attendees[1].id });
    const number = `AN-${String(notes[0].number).padStart(6, '0')}`;

    const list = await download(`/api/masterclass/orders/${order.registrationId}/tax-documents?key=${orderKey(order.registrationId)}`);
    expect(list.status).toBe(200);
    expect(list.json().documents.map((document: { number: string }) => document.number)).toEqual([invoiceNumber(invoice.number), number]);
    const pdf = await download(list.json().documents[1].url);
    expect(pdf.status).toBe(200);
    const text = pdfText(pdf.bytes);
    expect(text).toContain('Adjustment note');
    expect(text).toContain(`Note number ${number}`);
    expect(text).toContain(`Tax invoice adjusted ${invoiceNumber(invoice.number)}`);
    expect(text).toContain('ABN 51 824 753 556');
    expect(text).toContain('Second Seat');
    expect(text).toContain('Amount refunded (incl. GST) AUD 100.00');
    expect(text).toContain('GST included in the refund AUD 9.09');

    // the payer's notice carries it; the cancelled attendee's own notice does not (they did not pay)
    const payerMail = (await smtp.waitFor((mail) => mail.to.includes(order.attendees[0].email) && mail.subject.startsWith('A registration you paid for')))[0];
    const attached = (await simpleParser(payerMail.raw)).attachments.filter((attachment) => attachment.contentType === 'application/pdf');
    expect(attached.map((attachment) => attachment.filename)).toEqual([`adjustment-note-${number}.pdf`]);
    expect(pdfText(attached[0].content)).toContain('Amount refunded (incl. GST) AUD 100.00');
    const attendeeMail = (await smtp.waitFor((mail) => mail.to.includes(order.attendees[1].email) && mail.subject.includes('is cancelled')))[0];
    expect((await simpleParser(attendeeMail.raw)).attachments.filter((attachment) => attachment.contentType === 'application/pdf')).toEqual([]);
  });

  it('the buyer cancelling their own seat gets the adjustment note with their cancellation notice', async () => {
    const order = await paidOrder([{ fullName: 'Self Canceller', company: 'Own Co' }]);
    const buyerUser = await accountFor(order.attendees[0].email);
    await su.collection('attendees').update(order.attendees[0].id, { user: buyerUser.id });
    const done = await cancel(server, { attendee: order.attendees[0].id, expectedRefundCents: 49500 }, buyerUser.client.authStore.token);
    expect(done.status).toBe(200);
    const [note] = (await documentsOf(order.registrationId)).filter((document) => document.kind === 'adjustment');
    expect(note).toMatchObject({ amount_cents: 49500, gst_cents: 4500 });
    const mail = (await smtp.waitFor((candidate) => candidate.to.includes(order.attendees[0].email) && candidate.subject.includes('is cancelled')))[0];
    const [pdf] = (await simpleParser(mail.raw)).attachments.filter((attachment) => attachment.contentType === 'application/pdf');
    const text = pdfText(pdf.content);
    expect(text).toContain('Amount refunded (incl. GST) AUD 495.00');
    expect(text).toContain('GST included in the refund AUD 45.00');

    const list = await download('/api/masterclass/me/tax-documents', buyerUser.client.authStore.token);
    expect(list.json().documents.map((document: { kind: string }) => document.kind)).toEqual(['invoice', 'adjustment']);
    expect((await download(list.json().documents[1].url, buyerUser.client.authStore.token)).status).toBe(200);
  });
});

describe('invoice numbers', () => {
  it('payments confirmed at the same moment get distinct numbers that follow on without gaps', async () => {
    const before = await su.collection('tax_documents').getFullList({ filter: 'kind = "invoice"', sort: '-number' });
    const highest = before.length > 0 ? before[0].number : 0;
    const created = await Promise.all(Array.from({ length: PAYMENTS_AT_ONCE }, () =>
      post(server, '/api/masterclass/registrations', { mode: 'paid', attendees: [attendee()], privacyConsent: true, marketingConsent: false })));
    const results = await Promise.all(created.map((answer) => deliverWebhook(server, checkoutEvent('checkout.session.completed', {
      id: answer.body.sessionId, payment_intent: unique('pi_test_'), amount_total: 49500,
    }))));
    expect(results.map((result) => result.body.outcome)).toEqual(Array(PAYMENTS_AT_ONCE).fill('fulfilled'));
    // a replay of one of them issues nothing more
    await deliverWebhook(server, checkoutEvent('checkout.session.completed', { id: created[0].body.sessionId, payment_intent: unique('pi_test_'), amount_total: 49500 }));

    const invoices = await Promise.all(created.map(async (answer) => (await documentsOf(answer.body.registrationId)).filter((document) => document.kind === 'invoice')));
    expect(invoices.map((found) => found.length)).toEqual(Array(PAYMENTS_AT_ONCE).fill(1));
    const numbers = invoices.map((found) => found[0].number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: PAYMENTS_AT_ONCE }, (_, index) => highest + 1 + index));
  });
});

describe('the order link', () => {
  it('a wrong, malformed or missing key answers like an unknown order, and too many are refused', async () => {
    const order = await paidOrder([{ fullName: 'Key Holder' }]);
    const unknown = await download(invoicePath('abcdefghijklmno', orderKey('abcdefghijklmno').replace(/^./, '0')));
    const answers = [
      await download(invoicePath(order.registrationId, orderKey(order.registrationId).replace(/.$/, (last) => (last === '0' ? '1' : '0')))),
      await download(invoicePath(order.registrationId, 'not-a-key')),
      await download(`/api/masterclass/orders/${order.registrationId}/invoice.pdf`),
      await download(`/api/masterclass/orders/${order.registrationId}/adjustment-notes/AN-000001?key=${'f'.repeat(64)}`),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.json()).toEqual(unknown.json());
    }
    // a right key to an order without that adjustment note
    expect((await download(`/api/masterclass/orders/${order.registrationId}/adjustment-notes/AN-999999?key=${orderKey(order.registrationId)}`)).status).toBe(404);

    for (let attempt = answers.length + 1; attempt < KEY_FAILURES_ALLOWED; attempt += 1) {
      await download(invoicePath(order.registrationId, 'bad'));
    }
    const refused = await download(invoicePath(order.registrationId));
    expect(refused.status).toBe(429);
  });
});
