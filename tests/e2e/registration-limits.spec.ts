// The registration page shows the limits the server enforces: the event's
// per-order maximum, names without links, the shared email rule, and a kind
// answer for an email already on the waitlist. This file's own PocketBase has
// sales open and a maximum of 2 attendees per registration.
import { expect, test, type Page } from '@playwright/test';
import type PocketBase from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import { DESKTOP } from '../support/browser';
import { masterclassEvent } from '../support/masterclassEvent';
import { ownServerForFile, routeApiTo } from './support/ownServer';
import { attendeeCards, attendeeFields, fillWaitlistEntry, privacyConsent, toast, unique } from './registration-helpers';

let server: TestServer;
let admin: PocketBase;

test.use({ viewport: DESKTOP });

ownServerForFile((started) => ({ server, admin } = started));

test.beforeAll(async () => {
  const event = await masterclassEvent(admin);
  await admin.collection('events').update(event.id, { max_per_registration: 2 });
});

const useOwnServer = (page: Page) => routeApiTo(page, server);

test('offers attendees up to the event maximum and says so', async ({ page }) => {
  await useOwnServer(page);
  await page.goto('/register');
  await expect(page.getByText('Up to 2 attendees per registration.')).toBeVisible();
  await page.getByRole('button', { name: 'Add Another Attendee' }).click();
  await expect(attendeeCards(page)).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Add Another Attendee' })).toHaveCount(0);
  await expect(page.getByText('Up to 2 attendees per registration. For a larger group, please contact us.')).toBeVisible();
});

test('refuses a name with a web address and an email the store would refuse, under their fields', async ({ page }) => {
  await useOwnServer(page);
  await page.goto('/register?waitlist=true');
  const fields = attendeeFields(attendeeCards(page).first());
  await fields.fullName.fill('Visit evil.com');
  await fields.email.fill('.x@example.com');
  await page.getByRole('button', { name: 'Register for Future Events' }).click();
  // under each field, and once more in the form's summary above the button
  const card = attendeeCards(page).first();
  await expect(card.getByText('Please enter a name without web addresses, links or special characters such as < > / @')).toBeVisible();
  await expect(card.getByText('Invalid email address')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Please enter a name without web addresses, links or special characters such as < > / @' })).toBeVisible();
});

test('a second waitlist entry for the same email is answered kindly', async ({ page }) => {
  await useOwnServer(page);
  const email = `${unique('twice')}@example.com`;
  for (const typed of [email, email.toUpperCase()]) {
    await page.goto('/register?waitlist=true');
    await fillWaitlistEntry(page, { fullName: 'Ada Lovelace', email: typed });
    await privacyConsent(page).check();
    await page.getByRole('button', { name: 'Register for Future Events' }).click();
    await expect(page.getByRole('heading', { name: 'Interest Registered' })).toBeVisible();
  }
  await expect(toast(page, 'Already on the Waitlist')).toBeVisible();
  const entries = await admin.collection('attendees').getFullList({ filter: admin.filter('email ~ {:email}', { email }) });
  expect(entries).toHaveLength(1);
});

test('too many promo checks: the server says when to try again', async ({ page }) => {
  await useOwnServer(page);
  // The limit itself is proven against a real server (tests/server/abuse-limits.test.ts);
  // here the page shows the server's answer to a client past it.
  await page.route('**/api/masterclass/promo/validate', (route) => route.fulfill({
    status: 429,
    contentType: 'application/json',
    body: JSON.stringify({ status: 429, message: 'Too many attempts. Please wait 9 minutes and try again.', data: {} }),
  }));
  await page.goto('/register');
  await page.getByRole('textbox', { name: 'Promo code' }).fill('GUESS');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(toast(page, 'Too Many Attempts', 'Too many attempts. Please wait 9 minutes and try again.')).toBeVisible();
});
