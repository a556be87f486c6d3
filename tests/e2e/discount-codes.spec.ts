// Discount codes in the browser: an administrator creates a 20 % code on
// Event & Promo Codes (a bad percent refused in place), then a buyer applies
// it on /register for two attendees, sees each seat's price before and after
// and the discounted total, pays through the simulated checkout (which names
// the discount as Stripe's line item does) and the order's tax invoice, read
// back with pdftotext, shows the price before the discount, the discount and
// the discounted seats with their GST. Screens at 1280 and 390 px.
//
// The journey pays for an order, so the file runs on its own PocketBase
// (tests/e2e/support/ownServer.ts, simulated checkout).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type PocketBase from 'pocketbase';
import PocketBaseClient from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import { DESKTOP, PHONE } from '../support/browser';
import { ownServerForFile, routeApiTo } from './support/ownServer';
import { signInAs, type PortalTestUser } from './portal-helpers';
import { fillAttendee, privacyConsent, unique } from './registration-helpers';
import { lookAt } from './support/lookAt';

let server: TestServer;
let superuser: PocketBase;
const CODE = `TEAM${Date.now().toString(36).toUpperCase()}`;

test.describe.configure({ mode: 'serial' });
ownServerForFile((started) => ({ server, admin: superuser } = started));

async function administrator(): Promise<PortalTestUser> {
  const email = `${unique('discount-admin')}@example.com`;
  const password = 'discount-pass-1234';
  const user = await superuser.collection('users').create({ email, password, passwordConfirm: password, role: 'administrator', full_name: 'Discount Admin', verified: true });
  const auth = await new PocketBaseClient(server.url).collection('users').authWithPassword(email, password);
  return {
    id: user.id, email, fullName: 'Discount Admin',
    storedAuth: JSON.stringify({ token: auth.token, record: auth.record }),
    remove: async () => { await superuser.collection('users').delete(user.id); },
  };
}

/** A PDF's text as poppler's pdftotext reads it (layout kept, runs of spaces made one). */
function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'discount-journey-'));
  try {
    const file = path.join(dir, 'invoice.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('an administrator creates a 20 % code with seat limits; a bad percent is refused in place', async ({ page }) => {
  test.setTimeout(90_000);
  await routeApiTo(page, server);
  await signInAs(page, await administrator());
  await page.setViewportSize(DESKTOP);
  await page.goto('/admin/event');
  const form = page.getByRole('form', { name: 'New promo code' });
  await expect(form.getByRole('textbox', { name: 'Code' })).toBeVisible({ timeout: 20_000 });

  await form.getByRole('textbox', { name: 'Code' }).fill(CODE);
  await form.getByText('Percent off', { exact: true }).click();
  await form.getByRole('textbox', { name: 'Percent off' }).fill('100');
  await form.getByRole('textbox', { name: 'Max uses' }).fill('10');
  await form.getByRole('textbox', { name: 'Fewest seats per order' }).fill('2');
  await form.getByRole('textbox', { name: 'Most seats per order' }).fill('5');
  await form.getByRole('button', { name: 'Create promo code' }).click();
  await expect(form.getByText('Percent off must be a whole number from 1 to 99. For a free seat, create a free code.')).toBeVisible();
  expect(await superuser.collection('promo_codes').getList(1, 1, { filter: superuser.filter('code = {:code}', { code: CODE }) })).toMatchObject({ totalItems: 0 });

  await form.getByRole('textbox', { name: 'Percent off' }).fill('20');
  await lookAt(form, { path: '/tmp/shots/discount/admin-form-1280.png', animations: 'disabled' });
  await form.getByRole('button', { name: 'Create promo code' }).click();
  const row = page.getByTestId('promo-row').filter({ hasText: CODE });
  await expect(row).toContainText('20% off each seat, orders of 2 to 5 seats');
  await expect(row).toContainText('Active');
  expect(await superuser.collection('promo_codes').getFirstListItem(superuser.filter('code = {:code}', { code: CODE }))).toMatchObject({
    kind: 'percent', percent_off: 20, amount_off_cents: 0, min_seats: 2, max_seats: 5, max_uses: 10, used_count: 0, active: true,
  });

  await page.setViewportSize(PHONE);
  await form.getByText('Amount off', { exact: true }).click();
  await expect(form.getByRole('textbox', { name: 'Amount off' })).toBeVisible();
  await lookAt(page.getByRole('region', { name: 'Promo codes' }), { path: '/tmp/shots/discount/admin-promo-390.png', animations: 'disabled' });
  await expect(page.getByTestId('promo-card').filter({ hasText: CODE })).toContainText('20% off each seat, orders of 2 to 5 seats');
});

test('a buyer pays for two seats with 20 % off each; the tax invoice shows the discount and the GST', async ({ page }) => {
  test.setTimeout(120_000);
  await routeApiTo(page, server);
  await page.setViewportSize(DESKTOP);
  await page.goto('/register');
  await page.getByRole('button', { name: 'Add Another Attendee' }).click();
  await fillAttendee(page, 0, { fullName: 'Alex Lee', email: `${unique('discount-a')}@example.com` });
  await fillAttendee(page, 1, { fullName: 'Sam Wu', email: `${unique('discount-b')}@example.com` });
  await privacyConsent(page).check();

  await page.getByRole('textbox', { name: 'Promo code' }).fill(CODE.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  const summary = page.getByTestId('order-summary');
  await expect(summary.getByTestId('order-promo')).toContainText(`${CODE}: 20% off each seat`);
  await expect(summary.getByTestId('order-unit-price')).toHaveText('$495.00 $396.00 × 2');
  await expect(summary.getByTestId('order-discount')).toContainText('Discount ($99.00 off each seat)');
  await expect(summary.getByTestId('order-discount')).toContainText('−$198.00');
  await expect(summary.getByTestId('order-total')).toHaveText('$990.00$792.00');
  // Both attendees stay: a discount code is for paid orders of the size it allows.
  await expect(page.getByTestId('attendee-card')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Proceed to Payment' })).toBeVisible();
  await lookAt(page, { path: '/tmp/shots/discount/register-1280.png', fullPage: true, animations: 'disabled' });
  await page.setViewportSize(PHONE);
  await summary.scrollIntoViewIfNeeded();
  await lookAt(summary, { path: '/tmp/shots/discount/register-summary-390.png', animations: 'disabled' });
  await page.setViewportSize(DESKTOP);

  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await page.waitForURL((url) => url.pathname === '/checkout/simulated');
  await expect(page.getByTestId('checkout-amount')).toHaveText('$792.00');
  await expect(page.getByTestId('checkout-discount')).toHaveText(
    `Discount ${CODE}: 20% off each seat: $495.00 less $99.00 = $396.00 per seat, GST included`,
  );
  await lookAt(page, { path: '/tmp/shots/discount/checkout-1280.png', fullPage: true, animations: 'disabled' });
  await page.getByRole('button', { name: 'Pay $792.00' }).click();

  await page.waitForURL((url) => url.pathname === '/register' && url.searchParams.get('success') === 'true');
  await expect(page.getByRole('heading', { name: 'Registration Complete' })).toBeVisible();
  const orderHref = await page.getByTestId('order-page-link').getAttribute('href', { timeout: 30_000 });
  const orderUrl = new URL(orderHref!, server.url);
  const orderId = orderUrl.pathname.split('/').pop()!;
  const key = orderUrl.searchParams.get('key')!;

  const code = await superuser.collection('promo_codes').getFirstListItem(superuser.filter('code = {:code}', { code: CODE }));
  expect(code.used_count).toBe(2);
  expect(await superuser.collection('registrations').getOne(orderId)).toMatchObject({
    total_amount_cents: 79200, unit_price_cents: 39600, discount_cents: 9900, promo_code: code.id,
  });

  const response = await page.request.get(`${server.url}/api/masterclass/orders/${orderId}/invoice.pdf?key=${encodeURIComponent(key)}`);
  expect(response.status()).toBe(200);
  const text = pdfText(await response.body());
  expect(text).toContain('Tax invoice');
  expect(text.match(/AUD 396\.00 AUD 396\.00/g)).toHaveLength(2);
  expect(text).toContain('Price before discount AUD 990.00');
  expect(text).toContain('Discount -AUD 198.00');
  expect(text).toContain('Total (incl. GST) AUD 792.00');
  expect(text).toContain('GST included AUD 72.00');
  expect(text.replace(/\s+/g, ' ')).toContain(`Discount ${CODE}: 20% off each seat: 2 × (AUD 495.00 less AUD 99.00) = 2 × AUD 396.00 a seat, GST included`);
});
