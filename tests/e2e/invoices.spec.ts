// Tax invoices in the browser: an administrator sets the seller's details on
// Event & Promo Codes (a bad ABN refused in place), and the buyer of a paid
// order downloads its tax invoice under Your Ticket, at 1280 and 390 px, each
// screen scanned with axe (WCAG 2.1 A and AA). What the PDF says is proven in
// tests/server/invoices.test.ts; here only that the page offers and saves it.
//
// The journey pays for an order, so the file runs on its own PocketBase
// (tests/e2e/support/ownServer.ts, simulated checkout).
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import type PocketBase from 'pocketbase';
import PocketBaseClient from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import { DESKTOP, PHONE } from '../support/browser';
import { ownServerForFile, routeApiTo } from './support/ownServer';
import { signInAs, type PortalTestUser } from './portal-helpers';
import { unique } from './registration-helpers';
import { lookAt } from './support/lookAt';

let server: TestServer;
let superuser: PocketBase;

test.describe.configure({ mode: 'serial' });
ownServerForFile((started) => ({ server, admin: superuser } = started));

async function account(email: string, role: 'attendee' | 'administrator', fullName: string): Promise<PortalTestUser> {
  const password = 'invoice-pass-1234';
  const user = await superuser.collection('users').create({ email, password, passwordConfirm: password, role, full_name: fullName, verified: true });
  const auth = await new PocketBaseClient(server.url).collection('users').authWithPassword(email, password);
  return {
    id: user.id, email, fullName,
    storedAuth: JSON.stringify({ token: auth.token, record: auth.record }),
    remove: async () => { await superuser.collection('users').delete(user.id); },
  };
}

async function violations(page: Page, include: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).include(include).analyze();
  return results.violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}

test('an administrator sets the seller\'s details; a bad ABN is refused in place', async ({ page }) => {
  const admin = await account(`${unique('invoice-admin-')}@example.com`, 'administrator', 'Invoice Admin');
  await routeApiTo(page, server);
  await signInAs(page, admin);
  await page.goto('/admin/event');
  const card = page.getByRole('region', { name: 'Seller details for tax invoices' });
  await expect(card.getByRole('textbox', { name: 'Legal name' })).toBeVisible({ timeout: 20_000 });
  await expect(card).toContainText('Not a valid tax invoice yet');

  await card.getByRole('textbox', { name: 'Legal name' }).fill('AI Champions Pty Ltd');
  await card.getByRole('textbox', { name: 'ABN' }).fill('51 824 753 557');
  await card.getByRole('textbox', { name: 'Address' }).fill('Level 2, 10 King William Street\nAdelaide SA 5000');
  await card.getByRole('button', { name: 'Save seller details' }).click();
  await expect(card.getByText(/fails the ABN check/)).toBeVisible();
  await expect(card.getByRole('status')).toHaveText('Seller details not saved: please correct the field marked above.');
  await card.getByRole('textbox', { name: 'ABN' }).fill('51824753556');
  await card.getByRole('button', { name: 'Save seller details' }).click();
  await expect(card.getByRole('textbox', { name: 'ABN' })).toHaveValue('51 824 753 556');
  await expect(card.getByRole('status')).toHaveText('Seller details saved. Tax invoices and adjustment notes issued from now on show them.');
  await expect(card).not.toContainText('Not a valid tax invoice yet');
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await card.scrollIntoViewIfNeeded();
    await lookAt(card, { path: `/tmp/shots/invoice/admin-seller-${viewport.width}.png`, animations: 'disabled' });
    expect(await violations(page, '[aria-labelledby="seller-details-title"]')).toEqual([]);
  }
});

test('the buyer of a paid order downloads its tax invoice under Your Ticket', async ({ page }) => {
  // a paid order (simulated checkout) and its buyer's account
  const email = `${unique('invoice-buyer-')}@example.com`;
  const created = await fetch(`${server.url}/api/masterclass/registrations`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      mode: 'paid', privacyConsent: true, marketingConsent: false,
      attendees: [{ fullName: 'Ada Lovelace', email, company: 'Analytical Engines', jobTitle: 'Head of Data', phoneNumber: '0400 000 000', role: 'Senior Manager' }],
    }),
  });
  expect(created.status).toBe(201);
  const { sessionId, registrationId } = await created.json();
  expect((await fetch(`${server.url}/api/masterclass/checkout/simulated/${sessionId}/pay`, { method: 'POST' })).status).toBe(200);
  const row = await superuser.collection('attendees').getFirstListItem(superuser.filter('registration = {:id}', { id: registrationId }));
  const buyer = await account(email, 'attendee', 'Ada Lovelace');
  await superuser.collection('attendees').update(row.id, { user: buyer.id });
  const [invoice] = await superuser.collection('tax_documents').getFullList({ filter: superuser.filter('registration = {:id}', { id: registrationId }) });
  const number = `INV-${String(invoice.number).padStart(6, '0')}`;

  await routeApiTo(page, server);
  await signInAs(page, buyer);
  await page.goto('/dashboard/ticket');
  const section = page.getByRole('region', { name: 'Tax invoices' });
  await expect(section).toContainText(`Tax invoice ${number}`, { timeout: 20_000 });
  await expect(section).toContainText('$495.00, including GST of $45.00');
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await section.scrollIntoViewIfNeeded();
    await lookAt(page, { path: `/tmp/shots/invoice/portal-ticket-${viewport.width}.png`, fullPage: true, animations: 'disabled' });
    expect(await violations(page, '[aria-labelledby="tax-invoices-title"]')).toEqual([]);
  }
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: `Download PDF of tax invoice ${number}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`tax-invoice-${number}.pdf`);
  const saved = await download.path();
  expect(readFileSync(saved!).subarray(0, 5).toString('latin1')).toBe('%PDF-');
});
