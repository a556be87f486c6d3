// The ticket at once: back from a paid checkout, 'Registration Complete'
// shows each attendee's QR ticket (read back from a screenshot, it is the
// attendee's ticket), the order reference, the amount paid and the calendar
// link, again after a reload of the tab; the order page it links to shows the
// order as it is now, without an account: a ticket an administrator replaced
// shows its new code only, a cancelled attendee shows as cancelled without a
// QR code, and without a connection the page says it needs one. A promo
// registration made on a phone shows its ticket at once too. At 1280 and
// 390 px, scanned with axe (WCAG 2.1 A and AA), screenshots in /tmp/shots/order/.
//
// It registers and pays, so the file runs on its own PocketBase
// (tests/e2e/support/ownServer.ts, simulated checkout); the page's /api calls go to it.
import { expect, test, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import { DESKTOP, PHONE } from '../support/browser';
import { readQrFromPng } from '../support/qr';
import { ownServerForFile, routeApiTo } from './support/ownServer';
import { fillAttendee, privacyConsent, unique } from './registration-helpers';
import { lookAt } from './support/lookAt';

const SHOTS = '/tmp/shots/order';
let server: TestServer;
let superuser: PocketBase;

ownServerForFile((started) => ({ server, admin: superuser } = started));

async function violations(page: Page): Promise<string[]> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}

/** The QR codes of the ticket cards, read back from screenshots, by the name on each card (once every code is drawn: the encoder loads on demand). */
async function scannedTickets(scope: Locator): Promise<Record<string, string | null>> {
  await expect(scope.getByLabel("Drawing your ticket's QR code")).toHaveCount(0);
  const cards = scope.getByTestId('order-ticket');
  const scanned: Record<string, string | null> = {};
  for (const card of await cards.all()) {
    const name = (await card.getByTestId('order-ticket-name').textContent()) ?? '';
    const qr = card.getByTestId('ticket-qr');
    scanned[name] = (await qr.count()) > 0 ? readQrFromPng(await qr.screenshot()) : null;
  }
  return scanned;
}

async function shot(page: Page, name: string) {
  await lookAt(page, { path: `${SHOTS}/${name}.png`, fullPage: true, animations: 'disabled' });
}

const payloadOf = (row: RecordModel) => `AICM1:${row.event}:${row.ticket_code}`;

test('the completion page shows each ticket at once, and the order page shows them as they are now', async ({ page }) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  await routeApiTo(page, server);
  const attendees = ['Ada Lovelace', 'Grace Hopper'].map((fullName) => ({
    fullName, email: `${unique('order')}@example.com`, company: 'Analytical Engines', jobTitle: 'Head of Data', phoneNumber: '0400 000 000', role: 'Senior Manager',
  }));
  const created = await fetch(`${server.url}/api/masterclass/registrations`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ mode: 'paid', privacyConsent: true, marketingConsent: false, attendees }),
  });
  expect(created.status).toBe(201);
  const { sessionId, registrationId } = await created.json();
  expect((await fetch(`${server.url}/api/masterclass/checkout/simulated/${sessionId}/pay`, { method: 'POST' })).status).toBe(200);
  const rows = await superuser.collection('attendees').getFullList({ filter: superuser.filter('registration = {:id}', { id: registrationId }) });
  const byName = Object.fromEntries(rows.map((row) => [row.full_name, row]));

  // Back from checkout, on a desktop: the tickets, the reference, the amount, the calendar link.
  await page.setViewportSize(DESKTOP);
  await page.goto(`/register?success=true&session_id=${sessionId}`);
  await expect(page.getByRole('heading', { name: 'Registration Complete' })).toBeVisible();
  const completion = page.getByTestId('completion-order');
  await expect(completion.getByTestId('order-ticket')).toHaveCount(2);
  await expect(completion.getByTestId('order-reference')).toHaveText(registrationId.toUpperCase());
  await expect(completion.getByTestId('order-amount')).toHaveText('AUD 990.00');
  await expect(completion.getByRole('link', { name: 'Add to Calendar' })).toHaveAttribute('href', /\/api\/masterclass\/event\.ics\?event=[a-z0-9]{15}$/);
  await expect(page.getByRole('link', { name: 'Return to Home' })).toBeVisible();
  expect(await scannedTickets(completion)).toEqual({ 'Ada Lovelace': payloadOf(byName['Ada Lovelace']!), 'Grace Hopper': payloadOf(byName['Grace Hopper']!) });
  await shot(page, 'completion-1280');
  expect(await violations(page)).toEqual([]);

  // On a phone, the same tab reloaded: the return is handled once, the tickets show again.
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Registration Complete' })).toBeVisible();
  await expect(completion.getByTestId('order-ticket')).toHaveCount(2);
  expect((await scannedTickets(completion))['Grace Hopper']).toBe(payloadOf(byName['Grace Hopper']!));
  await shot(page, 'completion-390');
  expect(await violations(page)).toEqual([]);

  // Meanwhile an administrator replaces Ada's ticket and cancels Grace's seat.
  const replaced = await fetch(`${server.url}/api/masterclass/admin/attendees/${byName['Ada Lovelace']!.id}/ticket`, {
    method: 'POST', headers: { Authorization: superuser.authStore.token },
  });
  expect(replaced.status).toBe(200);
  const newCode = (await replaced.json()).ticket_code as string;
  const cancelled = await fetch(`${server.url}/api/masterclass/admin/attendees/${byName['Grace Hopper']!.id}/cancel`, {
    method: 'POST', headers: { Authorization: superuser.authStore.token, 'Content-Type': 'application/json' },
    body: JSON.stringify({ amountCents: 49500, reason: 'Cannot attend' }),
  });
  expect(cancelled.status).toBe(200);

  // The order page the completion links to: the new ticket only, Grace cancelled without a QR code, the refund.
  await page.getByTestId('order-page-link').click();
  await expect(page).toHaveURL(new RegExp(`/order/${registrationId}\\?key=[0-9a-f]{64}$`));
  const details = page.getByTestId('order-details');
  await expect(page.getByRole('heading', { level: 1, name: 'Your order' })).toBeVisible();
  await expect(details.getByTestId('order-ticket')).toHaveCount(2);
  const grace = details.getByTestId('order-ticket').filter({ hasText: 'Grace Hopper' });
  await expect(grace.getByText('Cancelled', { exact: true })).toBeVisible();
  expect(await scannedTickets(details)).toEqual({ 'Ada Lovelace': `AICM1:${byName['Ada Lovelace']!.event}:${newCode}`, 'Grace Hopper': null });
  await expect(details.getByTestId('order-refund')).toHaveText(/^(Refunded: AUD 495\.00\.|Refund on its way to your card: AUD 495\.00\.)$/);
  await shot(page, 'order-page-390');
  expect(await violations(page)).toEqual([]);
  const orderUrl = page.url();

  // On a desktop without a connection to the server: it says so, and shows no ticket.
  await page.setViewportSize(DESKTOP);
  const orderApi = (url: URL) => url.pathname.startsWith('/api/masterclass/orders/');
  await page.route(orderApi, (route) => route.abort('internetdisconnected'));
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: 'This page needs a connection' })).toBeVisible();
  await expect(page.getByTestId('ticket-qr')).toHaveCount(0);
  await shot(page, 'order-offline-1280');
  await page.unroute(orderApi);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(details.getByTestId('order-ticket')).toHaveCount(2);
  await shot(page, 'order-page-1280');
  expect(await violations(page)).toEqual([]);

  // A link with another key: an honest message, nothing of the order.
  const forged = new URL(orderUrl);
  forged.searchParams.set('key', 'f'.repeat(64));
  await page.goto(`${forged.pathname}${forged.search}`);
  await expect(page.getByRole('alert').filter({ hasText: 'This order link is not valid' })).toBeVisible();
  await expect(page.getByTestId('order-details')).toHaveCount(0);

  // A promo registration on a phone: its ticket at once.
  await page.setViewportSize(PHONE);
  await page.goto('/register');
  await page.getByRole('textbox', { name: 'Promo code' }).fill('CHAMPION2025');
  await page.getByRole('button', { name: 'Apply' }).click();
  const email = `${unique('order-promo')}@example.com`;
  await fillAttendee(page, 0, { fullName: 'Priya Shah', email });
  await privacyConsent(page).check();
  await page.getByRole('button', { name: 'Complete Free Registration' }).click();
  await expect(page.getByRole('heading', { name: 'Registration Complete' })).toBeVisible();
  await expect(completion.getByTestId('order-amount')).toHaveText('Free');
  await expect(completion.getByTestId('order-ticket')).toHaveCount(1);
  const promoRow = await superuser.collection('attendees').getFirstListItem(superuser.filter('email = {:email}', { email }));
  expect(await scannedTickets(completion)).toEqual({ 'Priya Shah': payloadOf(promoRow) });
  await expect(completion.getByRole('link', { name: 'Tax invoice (PDF)' })).toHaveCount(0);
  await shot(page, 'completion-promo-390');
});
