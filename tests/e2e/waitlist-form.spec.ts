// The landing page's waitlist shortcut form (spec sections 2, 3, 4, 5). The spec
// keeps it hidden; `/?showWaitlistForm=true` reveals it in the hero. Through
// to the waitlist registration: the completion asks to confirm the address,
// and the email carries the confirmation link (its working copy only in the
// message sent). That journey runs on the file's own PocketBase.
import { expect, test, type Page } from '@playwright/test';
import type PocketBase from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import { DESKTOP } from '../support/browser';
import { APP_START_TIMEOUT, startLandingApp } from './support/appStart';
import { emailedLink, outboxLink } from './support/accounts';
import { ownServerForFile, routeApiTo } from './support/ownServer';
import { privacyConsent, unique } from './registration-helpers';

let server: TestServer;
let superuser: PocketBase;
ownServerForFile((started) => ({ server, admin: superuser } = started));

const FORM_URL = '/?showWaitlistForm=true';
const NAME_ERROR = 'Name must be at least 2 characters';
const EMAIL_ERROR = 'Please enter a valid email address';

test.use({ viewport: DESKTOP });

function fields(page: Page) {
  return {
    name: page.getByRole('textbox', { name: 'Name' }),
    email: page.getByRole('textbox', { name: 'Email' }),
    company: page.getByRole('textbox', { name: 'Company (optional)' }),
    submit: page.getByRole('button', { name: 'Join the Waitlist' }),
  };
}

const storedWaitlistData = (page: Page) => page.evaluate(() => window.localStorage.getItem('waitlist_data'));

test('is hidden on the landing page unless asked for', async ({ page }) => {
  await page.goto('/');
  await startLandingApp(page);
  await expect(page.getByText('Limited to 50 participants', { exact: true })).toBeVisible({ timeout: APP_START_TIMEOUT });
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Join the Waitlist' })).toHaveCount(0);

  await page.goto(FORM_URL);
  await expect(fields(page).name).toBeVisible();
  await expect(fields(page).email).toBeVisible();
  await expect(fields(page).company).toBeVisible();
});

test('shows each message under its field on submit', async ({ page }) => {
  await page.goto(FORM_URL);
  const form = fields(page);
  await form.submit.click();
  await expect(form.name).toHaveAccessibleDescription(NAME_ERROR);
  await expect(form.email).toHaveAccessibleDescription(EMAIL_ERROR);
  await expect(form.name).toHaveAttribute('aria-invalid', 'true');
  await expect(form.company).not.toHaveAttribute('aria-invalid', 'true');

  await form.name.fill(' A ');
  await form.email.fill('alex@');
  await form.submit.click();
  await expect(page.getByText(NAME_ERROR)).toBeVisible();
  await expect(page.getByText(EMAIL_ERROR)).toBeVisible();
  expect(await storedWaitlistData(page)).toBeNull();
});

test('validates on submit first, then on every change', async ({ page }) => {
  await page.goto(FORM_URL);
  const form = fields(page);

  await form.name.fill('A');
  await form.email.fill('not-an-email');
  await expect(page.getByText(NAME_ERROR)).toHaveCount(0);
  await expect(page.getByText(EMAIL_ERROR)).toHaveCount(0);

  await form.submit.click();
  await expect(page.getByText(NAME_ERROR)).toBeVisible();
  await expect(page.getByText(EMAIL_ERROR)).toBeVisible();

  await form.name.pressSequentially('l');
  await expect(page.getByText(NAME_ERROR)).toHaveCount(0);
  await form.name.press('Backspace');
  await expect(page.getByText(NAME_ERROR)).toBeVisible();

  await form.email.fill('alex@example.com');
  await expect(page.getByText(EMAIL_ERROR)).toHaveCount(0);
  await form.email.fill('alex@example');
  await expect(page.getByText(EMAIL_ERROR)).toBeVisible();
});

test('a valid submit stores waitlist_data, thanks, and goes to the waitlist registration after a second', async ({ page }) => {
  // The page's own reads: the speakers, and the event (read again once the page is idle when the server put it into the page).
  const pageReads = ['/api/masterclass/event', '/api/collections/speakers/records'].map((path) =>
    page.waitForResponse((response) => new URL(response.url()).pathname === path),
  );
  await page.goto(FORM_URL);
  await expect(page.getByText('Limited to 50 participants', { exact: true })).toBeVisible({ timeout: APP_START_TIMEOUT });
  await Promise.all(pageReads);
  const form = fields(page);
  await form.name.fill('  Alex Lee ');
  await form.email.fill(' alex@example.com ');
  await form.company.fill('Acme Pty Ltd');

  const apiCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
  });
  const submittedAt = Date.now();
  await form.submit.click();

  await expect(page.getByText('Thank You!', { exact: true })).toBeVisible();
  await expect(page.getByText('Redirecting you to register for future events...', { exact: true })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');
  expect(await storedWaitlistData(page)).toBe(
    JSON.stringify({ isWaitlist: true, fullName: 'Alex Lee', email: 'alex@example.com', company: 'Acme Pty Ltd' }),
  );
  expect(apiCalls, 'the form itself makes no network call').toEqual([]);

  await page.waitForURL((url) => url.pathname === '/register' && url.search === '?waitlist=true');
  const elapsed = Date.now() - submittedAt;
  expect(elapsed).toBeGreaterThanOrEqual(950);
  expect(elapsed).toBeLessThan(4000);
});

test('company is stored as an empty string when left blank', async ({ page }) => {
  await page.goto(FORM_URL);
  const form = fields(page);
  await form.name.fill('Sam');
  await form.email.fill('sam@example.com');
  await form.submit.click();
  await expect(page.getByText('Thank You!', { exact: true })).toBeVisible();
  expect(JSON.parse((await storedWaitlistData(page)) ?? 'null')).toEqual({
    isWaitlist: true,
    fullName: 'Sam',
    email: 'sam@example.com',
    company: '',
  });
});

test('through to the waitlist: the completion asks to confirm the address, and the email carries the confirmation link', async ({ page }) => {
  await routeApiTo(page, server);
  const email = `${unique('casey')}@example.com`;
  await page.goto(FORM_URL);
  const form = fields(page);
  await form.name.fill('Casey Morgan');
  await form.email.fill(email);
  await form.submit.click();
  await page.waitForURL((url) => url.pathname === '/register' && url.searchParams.get('waitlist') === 'true');
  await expect(page.getByRole('textbox', { name: 'Full Name' })).toHaveValue('Casey Morgan', { timeout: APP_START_TIMEOUT });
  // The shortcut brings name and email, and the waitlist asks nothing more (the company is optional).
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  await expect(page.getByRole('textbox', { name: 'Company (optional)' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Job Title' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Role' })).toHaveCount(0);
  await privacyConsent(page).check();
  await page.getByRole('button', { name: 'Register for Future Events' }).click();
  await expect(page.getByRole('heading', { name: 'Interest Registered' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Registration Complete' })).toHaveCount(0);
  await expect(page.getByRole('status')).toContainText('Please open that email and confirm your address when it asks you to');

  const link = await emailedLink(superuser, email, 'confirmToken=', page.url());
  expect(link.pathname).toBe('/waitlist-status');
  expect(link.searchParams.get('confirmToken')).toMatch(/^\d+\.[0-9a-f]{64}$/);
  const shown = await outboxLink(superuser, email, 'confirmToken=', page.url());
  expect(shown.searchParams.get('confirmToken')).toBe('[hidden]');
  expect(shown.searchParams.get('token')).toBe('[hidden]');
  const [entry] = await superuser.collection('attendees').getFullList({ filter: superuser.filter('email = {:email}', { email }) });
  expect(entry).toMatchObject({ registration_status: 'waitlisted', waitlist_confirmed_at: '' });
});
