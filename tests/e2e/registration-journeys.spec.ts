// Registration journeys end to end: paid through the simulated
// checkout, promo, waitlist, the landing shortcut into the waitlist, a cancelled
// payment, and the return from checkout with its errors.
//
// Paid and promo need open sales, but the shared server stays sold out for the
// other journeys running beside these. So this file starts its own PocketBase
// (same hooks and migrations) with sales open, and the browser's /api calls go
// to it; the app itself is still served by the shared server.
import { expect, test, type Page } from '@playwright/test';
import type PocketBase from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import { DESKTOP } from '../support/browser';
import { ownServerForFile, routeApiTo } from './support/ownServer';
import {
  attendeeCards,
  attendeeFields,
  fillAttendee,
  fillWaitlistEntry,
  marketingConsent,
  privacyConsent,
  stepStates,
  toast,
  unique,
} from './registration-helpers';

let server: TestServer;
let admin: PocketBase;

test.use({ viewport: DESKTOP });

ownServerForFile((started) => ({ server, admin } = started));

/** Sends the page's /api requests to this file's server. */
const useOwnServer = (page: Page) => routeApiTo(page, server);

const readStorage = (page: Page, key: string) => page.evaluate((name) => window.localStorage.getItem(name), key);

function countCheckoutChecks(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname.startsWith('/api/masterclass/checkout/')) count += 1;
  });
  return () => count;
}

test('paid: two attendees through the simulated checkout, back to a completed registration', async ({ page }) => {
  test.setTimeout(60_000);
  await useOwnServer(page);
  await page.goto('/?utm_source=linkedin&utm_medium=social');
  await page.goto('/register');
  await page.getByRole('button', { name: 'Add Another Attendee' }).click();
  const emails = [`${unique('paid-a')}@example.com`, `${unique('paid-b')}@example.com`];
  await fillAttendee(page, 0, { fullName: 'Alex Lee', email: emails[0]!, dietaryRequirements: 'Vegetarian' });
  await fillAttendee(page, 1, { fullName: 'Sam Wu', email: emails[1]!, role: 'IT / Technical Professional' });
  await marketingConsent(page).check();
  await privacyConsent(page).check();
  await expect(page.getByTestId('order-total')).toHaveText('$990.00');
  await expect(page.getByTestId('order-summary').getByTestId('test-mode-banner')).toContainText('Payments are simulated on this server');

  // Step 1 lasts only until the checkout page loads: the page records what it
  // showed in sessionStorage, synchronously, before the navigation commits.
  await page.evaluate(() => {
    const observer = new MutationObserver(() => {
      if (!document.body.innerText.includes('Redirecting to payment')) return;
      observer.disconnect();
      const steps = Array.from(document.querySelectorAll('[data-step-state]')).map(
        (step) => `${step.querySelector('.mantine-Stepper-stepLabel')?.textContent}:${step.getAttribute('data-step-state')}`,
      );
      window.sessionStorage.setItem('test:payment-step', JSON.stringify(steps));
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();

  await page.waitForURL((url) => url.pathname === '/checkout/simulated');
  const sessionId = new URL(page.url()).searchParams.get('session_id')!;
  expect(sessionId).toMatch(/^sim_/);
  expect(JSON.parse((await page.evaluate(() => window.sessionStorage.getItem('test:payment-step')))!)).toEqual([
    'Attendee Details:complete',
    'Payment:active',
    'Confirmation:upcoming',
  ]);
  const stored = JSON.parse((await readStorage(page, 'registration_data'))!);
  expect(stored).toMatchObject({
    testMode: true,
    attendeeIds: [],
    privacyConsent: true,
    marketingConsent: true,
    utmParams: { utm_source: 'linkedin', utm_medium: 'social' },
    attendees: [
      { fullName: 'Alex Lee', email: emails[0], dietaryRequirements: 'Vegetarian' },
      { fullName: 'Sam Wu', email: emails[1], role: 'IT / Technical Professional' },
    ],
  });

  await expect(page.getByText('Test checkout')).toBeVisible();
  // The server runs the simulated checkout: the page says so before anyone "pays".
  const banner = page.getByTestId('test-mode-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Test mode');
  await expect(banner).toContainText('Payments are simulated on this server: no card is charged and no money moves.');
  await expect(page.getByTestId('checkout-amount')).toHaveText('$990.00');
  await expect(page.getByText('Masterclass ticket × 2')).toBeVisible();
  await page.getByRole('button', { name: 'Pay $990.00' }).click();

  await page.waitForURL((url) => url.pathname === '/register' && url.searchParams.get('success') === 'true');
  expect(new URL(page.url()).searchParams.get('session_id')).toBe(sessionId);
  await expect(page.getByRole('heading', { name: 'Registration Complete' })).toBeVisible();
  await expect(page.getByText(`${emails[0]} and ${emails[1]}`, { exact: false })).toBeVisible();
  expect(await stepStates(page)).toEqual(['Attendee Details:complete', 'Payment:complete', 'Confirmation:active']);
  expect(JSON.parse((await readStorage(page, 'processed_stripe_sessions'))!)).toContain(sessionId);

  const registration = await admin
    .collection('registrations')
    .getFirstListItem(admin.filter('stripe_session_id = {:id}', { id: sessionId }));
  expect(registration).toMatchObject({
    id: stored.registrationId,
    kind: 'paid',
    total_amount_cents: 99000,
    utm_source: 'linkedin',
    utm_medium: 'social',
  });
  expect(['paid', 'completed']).toContain(registration.status);
  const attendees = await admin
    .collection('attendees')
    .getFullList({ filter: admin.filter('registration = {:id}', { id: registration.id }), sort: 'email' });
  expect(attendees.map((a) => a.registration_status)).toEqual(['confirmed', 'confirmed']);
  expect(attendees.every((a) => a.marketing_consent && a.privacy_consent && a.utm_source === 'linkedin')).toBe(true);

  // Already processed: coming back asks nothing and still shows the completion.
  const checks = countCheckoutChecks(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Registration Complete' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  expect(checks()).toBe(0);
});

test('cancelled payment: the seats are released and the form comes back filled in', async ({ page }) => {
  await useOwnServer(page);
  await page.goto('/register');
  const email = `${unique('cancel')}@example.com`;
  await fillAttendee(page, 0, { fullName: 'Casey Jones', email });
  await privacyConsent(page).check();
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await page.waitForURL((url) => url.pathname === '/checkout/simulated');
  const sessionId = new URL(page.url()).searchParams.get('session_id')!;
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.waitForURL((url) => url.pathname === '/register' && url.searchParams.get('cancelled') === 'true');
  await expect(page.getByText('Payment cancelled')).toBeVisible();
  await expect(page.getByText(/nothing was charged/)).toBeVisible();
  const fields = attendeeFields(attendeeCards(page).first());
  await expect(fields.fullName).toHaveValue('Casey Jones');
  await expect(fields.email).toHaveValue(email);
  await expect(privacyConsent(page)).toBeChecked();
  await expect(page.getByRole('button', { name: 'Proceed to Payment' })).toBeEnabled();

  const registration = await admin
    .collection('registrations')
    .getFirstListItem(admin.filter('stripe_session_id = {:id}', { id: sessionId }));
  expect(registration.status).toBe('expired');
});

test('promo: a free single-attendee registration, completed at once', async ({ page }) => {
  await useOwnServer(page);
  await page.goto('/register');
  await page.getByRole('button', { name: 'Add Another Attendee' }).click();
  await page.getByRole('textbox', { name: 'Promo code' }).fill('champion2025');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(toast(page, 'Promo Code Applied')).toBeVisible();
  await expect(toast(page, 'Attendees Limited')).toBeVisible();
  await expect(attendeeCards(page)).toHaveCount(1);
  await expect(page.getByTestId('order-total').locator('del')).toHaveText('$495.00');

  const email = `${unique('promo')}@example.com`;
  await fillAttendee(page, 0, { fullName: 'Priya Shah', email });
  await privacyConsent(page).check();
  await page.getByRole('button', { name: 'Complete Free Registration' }).click();
  await expect(page.getByRole('heading', { name: 'Registration Complete' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  expect(await stepStates(page)).toEqual(['Attendee Details:complete', 'Payment:complete', 'Confirmation:active']);
  await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');

  const registration = await admin.collection('registrations').getFirstListItem(admin.filter('primary_email = {:email}', { email }));
  expect(registration).toMatchObject({ kind: 'promo', status: 'completed', total_amount_cents: 0 });
  const [attendee] = await admin
    .collection('attendees')
    .getFullList({ filter: admin.filter('registration = {:id}', { id: registration.id }) });
  expect(attendee).toMatchObject({ full_name: 'Priya Shah', registration_status: 'confirmed', privacy_consent: true });
});

test('waitlist: one attendee, no payment, interest registered', async ({ page }) => {
  await useOwnServer(page);
  await page.goto('/register?waitlist=true');
  expect(await stepStates(page)).toEqual(['Register Interest:active', 'Confirmation:upcoming']);
  // This file's server has sales open for the upcoming date (tests/e2e/support/ownServer.ts).
  await expect(page.getByText(/Places for the Wednesday 18 June 2031 masterclass are still available/)).toBeVisible();
  await expect(page.getByText('Event Sold Out', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add Another Attendee' })).toHaveCount(0);
  await expect(attendeeFields(attendeeCards(page).first()).dietaryRequirements).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Promo code' })).toHaveCount(0);
  await expect(page.getByTestId('order-summary')).toHaveCount(0);

  await page.getByRole('button', { name: 'Register for Future Events' }).click();
  await expect(page.getByTestId('form-problems')).toContainText('Missing Information');

  const email = `${unique('wait')}@example.com`;
  await fillWaitlistEntry(page, { fullName: 'Wren Taylor', email });
  await privacyConsent(page).check();
  // Hold the server's answer a moment to see the busy label.
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/masterclass/registrations', async (route) => {
    await answered;
    await route.fallback();
  });
  await page.getByRole('button', { name: 'Register for Future Events' }).click();
  await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();
  answer();
  await expect(page.getByRole('heading', { name: 'Interest Registered Successfully' })).toBeVisible();
  expect(await stepStates(page)).toEqual(['Register Interest:complete', 'Confirmation:active']);

  const registration = await admin.collection('registrations').getFirstListItem(admin.filter('primary_email = {:email}', { email }));
  expect(registration).toMatchObject({ kind: 'waitlist', status: 'pending', total_amount_cents: 0 });
  const [attendee] = await admin
    .collection('attendees')
    .getFullList({ filter: admin.filter('registration = {:id}', { id: registration.id }) });
  expect(attendee).toMatchObject({ registration_status: 'waitlisted', dietary_requirements: '' });
});

test('landing shortcut form → waitlist: prefilled once, then waitlist_data is gone and the form is kept as a draft', async ({ page }) => {
  await useOwnServer(page);
  await page.goto('/?showWaitlistForm=true');
  const email = `${unique('shortcut')}@example.com`;
  await page.getByRole('textbox', { name: 'Name' }).fill('Jordan Lane');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Company (optional)' }).fill('Lane & Co');
  await page.getByRole('button', { name: 'Join the Waitlist' }).click();

  await page.waitForURL((url) => url.pathname === '/register' && url.searchParams.get('waitlist') === 'true');
  const fields = attendeeFields(attendeeCards(page).first());
  await expect(fields.fullName).toHaveValue('Jordan Lane');
  await expect(fields.email).toHaveValue(email);
  await expect(fields.company).toHaveValue('Lane & Co');
  await expect.poll(() => readStorage(page, 'waitlist_data')).toBeNull();

  // A reload keeps the form as it was (its draft on the device), not by reading waitlist_data again.
  await page.reload();
  await expect(attendeeFields(attendeeCards(page).first()).fullName).toHaveValue('Jordan Lane');
  expect(await readStorage(page, 'waitlist_data')).toBeNull();
});

test.describe('return from checkout', () => {
  test('after three failed checks: Payment Processing Error, and still the completion step', async ({ page }) => {
    await useOwnServer(page);
    let checks = 0;
    await page.route('**/api/masterclass/checkout/*', async (route) => {
      checks += 1;
      await route.fulfill({ status: 503, json: { status: 503, message: 'Unavailable', data: {} } });
    });
    await page.goto('/register?success=true&session_id=cs_test_unreachable');
    await expect(page.getByRole('heading', { name: 'Processing Your Registration' })).toBeVisible();
    expect(await stepStates(page)).toEqual(['Attendee Details:complete', 'Payment:complete', 'Confirmation:active']);
    await expect(toast(page, 'Payment Processing Error', 'contact support')).toBeVisible({ timeout: 10_000 });
    await expect(page.getByRole('heading', { name: 'Registration Complete' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Home' })).toBeVisible();
    expect(checks).toBe(3);
    expect(await readStorage(page, 'processed_stripe_sessions')).toBeNull();
  });

  test('an unknown session: Payment Error, then the completion step', async ({ page }) => {
    await useOwnServer(page);
    const checks = countCheckoutChecks(page);
    await page.goto('/register?success=true&session_id=cs_test_unknown_session');
    await expect(toast(page, 'Payment Error', 'Registration not found for this session')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Registration Complete' })).toBeVisible();
    expect(checks()).toBe(1);
  });

  test('an already processed session does nothing but show the completion', async ({ page }) => {
    await useOwnServer(page);
    await page.addInitScript(() => window.localStorage.setItem('processed_stripe_sessions', JSON.stringify(['cs_test_done'])));
    const checks = countCheckoutChecks(page);
    await page.goto('/register?success=true&session_id=cs_test_done');
    await expect(page.getByRole('heading', { name: 'Registration Complete' })).toBeVisible();
    await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
    expect(checks()).toBe(0);
  });

  test('a paid registration whose emails failed shows the Email Notification warning', async ({ page }) => {
    await useOwnServer(page);
    await page.route('**/api/masterclass/checkout/*', (route) =>
      route.fulfill({
        json: {
          registrationId: 'r1',
          status: 'paid',
          kind: 'paid',
          attendeeCount: 1,
          totalAmountCents: 49500,
          currency: 'AUD',
          emailWarning: true,
        },
      }),
    );
    await page.goto('/register?success=true&session_id=cs_test_email_trouble');
    await expect(toast(page, 'Email Notification', 'Our team will follow up')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Registration Complete' })).toBeVisible();
  });
});
