// Money stays with the seat, in the browser: an order of three seats paid
// through Stripe (stripe-mock, the webhook signed as Stripe signs it); one
// attendee sends a colleague in their place (Your Registration); the colleague
// cancels with the link from their confirmation (a full refund through
// Stripe); the one who passed the seat on finds nothing left to cancel; an
// administrator cancels another seat with part of its price refunded (Manage
// Attendees → Edit). Then the figures are compared across the attendees table
// (1280 and 390 px), the CSV it downloads and the adjustment notes (read back
// with pdftotext): every row shows its own seat's price, never a share of the
// order's payment; the seat passed on shows Transferred. The rules and the
// race of a transfer with a cancellation: tests/server/seat-money.test.ts.
//
// The journey pays and cancels, so the file runs on its own PocketBase with
// its own stripe-mock.
import { createHmac } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import PocketBase from 'pocketbase';
import Stripe from 'stripe';
import { DESKTOP, PHONE } from '../support/browser';
import { masterclassEvent, UPCOMING_EVENT_TIMES } from '../support/masterclassEvent';
import { LIMITS_RAISED, startTestServer, type TestServer } from '../support/pocketbase';
import { startStripeMock, STRIPE_MOCK_START_TIMEOUT_MS, type StripeMock } from '../support/stripe-mock';
import { routeApiTo } from './support/ownServer';
import { signInAs, type PortalTestUser } from './portal-helpers';
import { unique } from './registration-helpers';
import { lookAt } from './support/lookAt';

const STRIPE_SECRET_KEY = 'sk_test_123';
const STRIPE_WEBHOOK_SECRET = 'whsec_test';
const PRICE = 49500;

let stripeMock: StripeMock;
let server: TestServer;
let superuser: PocketBase;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(STRIPE_MOCK_START_TIMEOUT_MS + 120_000);
  stripeMock = await startStripeMock();
  server = await startTestServer({
    env: { ...LIMITS_RAISED, SIMULATED_CHECKOUT: '', STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE: stripeMock.url },
  });
  superuser = await server.admin();
  const event = await masterclassEvent(superuser);
  await superuser.collection('events').update(event.id, { sales_state: 'open', capacity: 200, price_cents: PRICE, ...UPCOMING_EVENT_TIMES });
});

test.afterAll(async () => {
  await server?.stop();
  await stripeMock?.stop();
});

async function account(email: string, role: 'attendee' | 'administrator', fullName: string): Promise<PortalTestUser> {
  const password = 'seat-money-pass-1234';
  const user = await superuser.collection('users').create({ email, password, passwordConfirm: password, role, full_name: fullName, verified: true });
  const auth = await new PocketBase(server.url).collection('users').authWithPassword(email, password);
  return {
    id: user.id, email, fullName,
    storedAuth: JSON.stringify({ token: auth.token, record: auth.record }),
    remove: async () => { await superuser.collection('users').delete(user.id); },
  };
}

/** An id as Stripe writes them: a prefix, an underscore, letters and digits. */
const stripeId = (prefix: string) => `${prefix}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

/** An order of `names` (the first buys) for `company`, paid through the Stripe webhook. */
async function paidOrder(company: string, names: string[]) {
  const people = names.map((fullName) => ({
    fullName, email: `${unique('seat')}@example.com`, company, jobTitle: 'Lead', phoneNumber: '0400 000 000', role: 'Senior Manager',
  }));
  const created = await fetch(`${server.url}/api/masterclass/registrations`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ mode: 'paid', privacyConsent: true, marketingConsent: false, attendees: people }),
  });
  expect(created.status).toBe(201);
  const { registrationId, sessionId } = await created.json();
  const payload = JSON.stringify({
    id: stripeId('evt_test'), object: 'event', api_version: '2025-06-30.basil', created: Math.floor(Date.now() / 1000), livemode: false,
    type: 'checkout.session.completed',
    data: { object: { id: sessionId, object: 'checkout.session', mode: 'payment', currency: 'aud', payment_status: 'paid', status: 'complete', payment_intent: stripeId('pi_test'), amount_total: PRICE * names.length } },
  });
  const signature = new Stripe(STRIPE_SECRET_KEY).webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET });
  const delivered = await fetch(`${server.url}/api/masterclass/stripe/webhook`, {
    method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature }, body: payload,
  });
  const answer = await delivered.json();
  expect(answer.outcome, JSON.stringify(answer)).toBe('fulfilled');
  const rows = await superuser.collection('attendees').getFullList({ filter: superuser.filter('registration = {:id}', { id: registrationId }) });
  return { registrationId, rows: people.map((person) => rows.find((row) => row.email === person.email)!) };
}

/** The attendee's cancellation link, signed as the confirmation email's (valid until the start). */
async function cancelLink(attendeeId: string, baseURL: string): Promise<string> {
  const secret = (await superuser.collection('app_secrets').getFirstListItem('name = "cancellation_link_token"')).value as string;
  const expires = Math.floor(new Date(UPCOMING_EVENT_TIMES.starts_at.replace(' ', 'T')).getTime() / 1000);
  const token = `${expires}.${createHmac('sha256', secret).update(`cancel:${attendeeId}:${expires}`).digest('hex')}`;
  return `${baseURL}/cancel?attendee=${attendeeId}&token=${token}`;
}

async function signedInPage(browser: Browser, user: PortalTestUser): Promise<Page> {
  const page = await (await browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce', serviceWorkers: 'block' })).newPage();
  await routeApiTo(page, server);
  await signInAs(page, user);
  return page;
}

async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}

/** "$1,234.50" / "AUD 1,234.50" / "1234.50" as cents; null for anything else. */
function cents(text: string): number | null {
  const match = /(\d[\d,]*)\.(\d{2})/.exec(text);
  return match ? Number(match[1].replace(/,/g, '')) * 100 + Number(match[2]) : null;
}

/** A link the server gave (relative, or on its public address) on the test server. */
function onServer(link: string): string {
  const url = new URL(link, server.url);
  return `${server.url}${url.pathname}${url.search}`;
}

function pdfText(bytes: Buffer): string {
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'seat-money-e2e-'));
  try {
    const file = path.join(dir, 'note.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('transfer, cancel and refund: the table, its CSV and the adjustment notes give each seat its own money', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const company = unique('Seat Money Co');
  const order = await paidOrder(company, ['Ada Buyer', 'Ben Seat', 'Cy Seat']);
  const [, ben] = order.rows;

  // Ben sends Dana in his place, from Your Registration
  const benAccount = await account(`${unique('ben')}@example.com`, 'attendee', 'Ben Seat');
  await superuser.collection('attendees').update(ben.id, { user: benAccount.id });
  const benPage = await signedInPage(browser, benAccount);
  await benPage.goto('/dashboard/registration');
  const card = benPage.getByRole('region', { name: 'AI CHAMPIONS MASTERCLASS' });
  await card.getByRole('button', { name: 'Send a colleague' }).click({ timeout: 20_000 });
  const dialog = benPage.getByRole('dialog', { name: 'Send a colleague in my place' });
  await dialog.getByLabel('Full Name').fill('Dana Colleague');
  await dialog.getByLabel('Email').fill(`${unique('dana')}@example.com`);
  await dialog.getByLabel('Company').fill(company);
  await dialog.getByLabel('Job Title').fill('Analyst');
  await dialog.getByRole('button', { name: 'Give my seat to this colleague' }).click();
  await expect(card.getByText(/Dana Colleague/).first()).toBeVisible({ timeout: 15_000 });
  await benPage.context().close();
  const dana = await superuser.collection('attendees').getFirstListItem(superuser.filter('replaces = {:id}', { id: ben.id }));

  // Dana cancels with her own link: her seat's whole price comes back; Ben's link finds nothing left to cancel
  const guest = await (await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce', serviceWorkers: 'block' })).newPage();
  await routeApiTo(guest, server);
  await guest.goto(await cancelLink(dana.id, baseURL!));
  await expect(guest.getByTestId('cancel-refund')).toContainText('AUD 495.00', { timeout: 20_000 });
  await guest.getByRole('button', { name: 'Continue to cancel' }).click();
  await guest.getByRole('button', { name: 'Yes, cancel my registration' }).click();
  await expect(guest.getByTestId('cancel-outcome')).toHaveText('AUD 495.00 is on its way back to the card used to pay. Refunds usually appear within 5 to 10 business days.');
  await guest.goto(await cancelLink(ben.id, baseURL!));
  await expect(guest.getByText(/This seat has been passed to Dana Colleague/)).toBeVisible({ timeout: 20_000 });
  await lookAt(guest, { path: '/tmp/shots/money-with-seat/cancel-link-passed-on-390.png', fullPage: true });
  await guest.context().close();

  // an administrator cancels Cy with part of his seat refunded
  const admin = await account(`${unique('admin')}@example.com`, 'administrator', 'Money Admin');
  const page = await signedInPage(browser, admin);
  await page.goto('/admin/attendees');
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Attendees' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('textbox', { name: 'Search attendees' }).fill(company);
  const rows = page.getByRole('table', { name: 'Attendees' }).locator('tbody tr');
  // by the name itself: Ben's row names Dana too, as the colleague his seat went to
  const row = (name: string) => rows.filter({ has: page.getByText(name, { exact: true }) });
  await expect(rows).toHaveCount(4);
  await page.getByRole('button', { name: 'Edit Cy Seat' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Attendee' });
  await expect(edit.getByText('Paid $495.00; up to $495.00 can be refunded.', { exact: false })).toBeVisible();
  await edit.getByRole('textbox', { name: 'Refund (AUD)' }).fill('200');
  await edit.getByRole('textbox', { name: 'Reason' }).fill('Asked late; goodwill refund');
  await edit.getByRole('button', { name: 'Cancel attendee' }).click();
  await edit.getByRole('button', { name: 'Yes, cancel attendee' }).click();
  await expect(page.getByText('Cy Seat: seat released, AUD 200.00 refunded.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();

  // the table at 1280: each seat's own price and refunds
  const money = async (name: string) => ({
    paid: (await row(name).locator('td').nth(5).innerText()).replace(/\s+/g, ' ').trim(),
    refund: (await row(name).locator('td').nth(6).innerText()).replace(/\s+/g, ' ').trim(),
  });
  await expect(row('Cy Seat').locator('td').nth(6)).toHaveText('$200.00 refunded');
  const table = {
    'Ada Buyer': await money('Ada Buyer'),
    'Ben Seat': await money('Ben Seat'),
    'Cy Seat': await money('Cy Seat'),
    'Dana Colleague': await money('Dana Colleague'),
  };
  expect(table).toEqual({
    'Ada Buyer': { paid: '$495.00', refund: '—' },
    'Ben Seat': { paid: 'Transferred to Dana Colleague', refund: '—' },
    'Cy Seat': { paid: '$495.00', refund: '$200.00 refunded' },
    'Dana Colleague': { paid: '$495.00', refund: '$495.00 refunded' },
  });
  await expect(page.getByText('$371.25')).toHaveCount(0);
  // the seat passed on is Transferred, not Cancelled; a seat given back is Cancelled
  await expect(row('Ben Seat').locator('td').filter({ hasText: /^Transferred$/ })).toHaveCount(1);
  await expect(row('Ben Seat').locator('td').filter({ hasText: /^Cancelled$/ })).toHaveCount(0);
  await expect(row('Cy Seat').locator('td').filter({ hasText: /^Cancelled$/ })).toHaveCount(1);
  expect(await violations(page)).toEqual([]);
  await lookAt(page, { path: '/tmp/shots/money-with-seat/attendees-1280.png', fullPage: true });
  // the table scrolls sideways at 1280: its money columns brought into view
  await page.getByRole('table', { name: 'Attendees' }).evaluate((element) => {
    let box = element.parentElement;
    while (box && box.scrollWidth <= box.clientWidth) box = box.parentElement;
    if (box) box.scrollLeft = box.scrollWidth;
  });
  await lookAt(page, { path: '/tmp/shots/money-with-seat/attendees-1280-money.png', fullPage: true });

  // the CSV it downloads says the same: the search narrowed the list to these four, and so the file
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export 4 attendees' }).click();
  const csv = readFileSync(await (await downloaded).path(), 'utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n').map((line) => line.split(','));
  const header = csv[0];
  expect(csv).toHaveLength(5);
  const line = (name: string) => csv.find((cells) => cells[0] === name)!;
  const cell = (name: string, column: string) => line(name)[header.indexOf(column)];
  for (const name of ['Ada Buyer', 'Cy Seat', 'Dana Colleague'] as const) {
    expect(cents(cell(name, 'Amount Paid')), name).toBe(cents(table[name].paid));
    expect(cents(cell(name, 'Refund')), name).toBe(cents(table[name].refund));
  }
  expect(cell('Ben Seat', 'Amount Paid')).toBe('0.00');
  expect(cell('Ben Seat', 'Status')).toBe('Transferred to Dana Colleague');
  expect(cell('Ben Seat', 'Refund')).toBe('');

  // the adjustment notes: each refunded seat's price and its refund, as the table shows them
  const orderSecret = (await superuser.collection('app_secrets').getFirstListItem('name = "order_link_token"')).value as string;
  const key = createHmac('sha256', orderSecret).update(`order:${order.registrationId}`).digest('hex');
  const list = await (await fetch(`${server.url}/api/masterclass/orders/${order.registrationId}/tax-documents?key=${key}`)).json();
  const notes = await Promise.all((list.documents as { kind: string; url: string }[]).filter((document) => document.kind === 'adjustment')
    .map(async (document) => pdfText(Buffer.from(await (await fetch(onServer(document.url))).arrayBuffer()))));
  expect(notes).toHaveLength(2);
  for (const name of ['Cy Seat', 'Dana Colleague'] as const) {
    const note = notes.find((text) => text.includes(name))!;
    expect(cents(/Seat price \(incl\. GST\) (AUD [\d,.]+)/.exec(note)![1]), name).toBe(cents(table[name].paid));
    expect(cents(/Amount refunded \(incl\. GST\) (AUD [\d,.]+)/.exec(note)![1]), name).toBe(cents(table[name].refund));
  }
  expect(notes.join('\n')).not.toContain('Ben Seat');

  // 390 px: the same figures under each name
  await page.setViewportSize(PHONE);
  await expect(row('Ben Seat')).toContainText('Transferred to Dana Colleague');
  await expect(row('Ben Seat')).not.toContainText('Cancelled');
  await expect(row('Dana Colleague')).toContainText('Paid $495.00 · $495.00 refunded');
  await expect(row('Cy Seat')).toContainText('Paid $495.00 · $200.00 refunded');
  await expect(row('Ada Buyer')).toContainText('Paid $495.00');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(await violations(page)).toEqual([]);
  await lookAt(page, { path: '/tmp/shots/money-with-seat/attendees-390.png', fullPage: true });
});
