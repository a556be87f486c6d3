// The invitation journey: a promo registration's
// captured invitation email (its working copy, which only the superuser reads)
// → its link → the sign-up form with the attendee's name → the portal; and the
// links that must not work: tampered, for another address, incomplete,
// already used, and the one administrators see in the outbox.
//
// Registering needs open sales and a valid promo code, which the shared server
// does not have (journeys in other files run against it), so this file starts
// its own PocketBase and sends the page's /api requests to it.
import { expect, test, type Page } from '@playwright/test';
import type PocketBase from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import { DESKTOP } from '../support/browser';
import { toast, unique } from './registration-helpers';
import { emailedLink, outboxLink, signInThroughPage, storedSession } from './support/accounts';
import { ownServerForFile, routeApiTo } from './support/ownServer';

let server: TestServer;
let admin: PocketBase;

test.use({ viewport: DESKTOP });

ownServerForFile((started) => ({ server, admin } = started));

interface Registered {
  attendeeId: string;
  email: string;
  fullName: string;
  /** The invitation email's link, on the app under test. */
  link: URL;
}

/** A free promo registration made the way the registration page makes it; returns its invitation. */
async function registerAttendee(baseURL: string, fullName: string, email = `${unique('invited')}@example.com`): Promise<Registered> {
  const response = await fetch(`${server.url}/api/masterclass/registrations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      mode: 'promo',
      promoCode: 'CHAMPION2025',
      privacyConsent: true,
      marketingConsent: false,
      attendees: [{ fullName, email, company: 'Harbour Analytics', jobTitle: 'Head of Data', phoneNumber: '0400 123 456', role: 'Senior Manager' }],
    }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const link = await emailedLink(admin, email, '/auth?', baseURL);
  return { attendeeId: link.searchParams.get('attendeeId')!, email, fullName, link };
}

const ALREADY_USED = 'An account already exists for this invitation. Please sign in.';
const signUpForm = (page: Page) => page.getByRole('form', { name: 'Sign up' });

test('from the invitation email to the portal', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  await routeApiTo(page, server);
  const invited = await registerAttendee(baseURL!, 'Priya Shah', `${unique('Priya.Shah')}@Example.com`);
  expect(invited.link.pathname).toBe('/auth');
  expect(invited.link.searchParams.get('email')).toBe(invited.email);

  await page.goto(invited.link.href);
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
  const form = signUpForm(page);
  const fullName = form.getByRole('textbox', { name: 'Full Name' });
  await expect(fullName).toHaveValue('Priya Shah');
  await expect(fullName).toHaveAttribute('readonly', '');
  await expect(form.getByRole('textbox', { name: 'Email' })).toHaveValue(invited.email);
  await expect(form.getByRole('textbox', { name: 'Email' })).toHaveAttribute('readonly', '');
  await expect(form.getByText('At least 8 characters')).toBeVisible();

  const password = form.getByLabel('Password', { exact: true });
  await password.fill('short');
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(toast(page, 'Invalid Password', 'Password should be at least 8 characters long')).toBeVisible();
  await expect(form.getByText('Password should be at least 8 characters long')).toBeVisible();

  await password.fill('a-good-password');
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(toast(page, 'Account Created')).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard');

  const user = await admin.collection('users').getFirstListItem(admin.filter('email = {:email}', { email: invited.email.toLowerCase() }));
  expect(user).toMatchObject({ verified: true, role: 'attendee', full_name: 'Priya Shah', company: 'Harbour Analytics', job_title: 'Head of Data' });
  expect((await admin.collection('attendees').getOne(invited.attendeeId)).user).toBe(user.id);
  expect(JSON.parse((await storedSession(page))!).record.id).toBe(user.id);
});

test('an already used invitation says so and offers sign-in', async ({ page, baseURL }) => {
  await routeApiTo(page, server);
  const invited = await registerAttendee(baseURL!, 'Sam Wu');
  const token = invited.link.searchParams.get('token')!;
  const signup = await fetch(`${server.url}/api/masterclass/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ attendeeId: invited.attendeeId, email: invited.email, token, password: 'first-password', fullName: invited.fullName }),
  });
  expect(signup.status).toBe(201);

  await page.goto(invited.link.href);
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Sign In' }).getByText(ALREADY_USED)).toBeVisible();
  const signIn = page.getByRole('form', { name: 'Sign in' });
  await expect(signIn.getByRole('textbox', { name: 'Email' })).toHaveValue(invited.email);
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await expect(signUpForm(page)).toHaveCount(0);
  await expect(page.getByRole('tabpanel', { name: 'Sign Up' }).getByText(ALREADY_USED)).toBeVisible();

  await page.getByRole('button', { name: 'Go to Sign In' }).click();
  await signInThroughPage(page, invited.email, 'first-password');
  await expect(toast(page, 'Welcome back')).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
});

test('a sign-up that finds the invitation used meanwhile is refused and moves to sign-in', async ({ page, baseURL }) => {
  await routeApiTo(page, server);
  const invited = await registerAttendee(baseURL!, 'Ari Gold');
  await page.goto(invited.link.href);
  const form = signUpForm(page);
  await expect(form.getByRole('textbox', { name: 'Full Name' })).toHaveValue('Ari Gold');

  // The same link used in another tab first.
  const other = await fetch(`${server.url}/api/masterclass/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      attendeeId: invited.attendeeId,
      email: invited.email,
      token: invited.link.searchParams.get('token'),
      password: 'other-tab-password',
    }),
  });
  expect(other.status).toBe(201);

  await form.getByLabel('Password', { exact: true }).fill('this-tab-password');
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(toast(page, 'Sign Up Failed', ALREADY_USED)).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL((url) => url.pathname === '/auth');
  expect(await storedSession(page)).toBeNull();
});

test('tampered, mismatched or incomplete links are refused with a clear message', async ({ page, baseURL }) => {
  await routeApiTo(page, server);
  const invited = await registerAttendee(baseURL!, 'Jordan Lane');
  const token = invited.link.searchParams.get('token')!;
  const tampered = `${token.slice(0, -1)}${token.endsWith('0') ? '1' : '0'}`;
  const notValid = 'This invitation link is not valid.';

  const withParams = (changes: Record<string, string | null>) => {
    const url = new URL(invited.link);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) url.searchParams.delete(key);
      else url.searchParams.set(key, value);
    }
    return url.href;
  };

  for (const href of [withParams({ token: tampered }), withParams({ email: `${unique('someone-else')}@example.com` })]) {
    await page.goto(href);
    await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText(notValid)).toBeVisible();
    await expect(signUpForm(page)).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Full Name' })).toHaveCount(0);
  }

  await page.goto(withParams({ token: null }));
  await expect(page.getByText('This invitation link is incomplete.', { exact: false })).toBeVisible();
  await expect(signUpForm(page)).toHaveCount(0);

  // The server refuses the tampered token too, and nothing is created.
  const refused = await fetch(`${server.url}/api/masterclass/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ attendeeId: invited.attendeeId, email: invited.email, token: tampered, password: 'a-good-password' }),
  });
  expect(refused.status).toBe(403);
  expect((await admin.collection('attendees').getOne(invited.attendeeId)).user).toBe('');
  const users = await admin.collection('users').getList(1, 1, { filter: admin.filter('email = {:email}', { email: invited.email }) });
  expect(users.totalItems).toBe(0);
});

test('the link administrators see in the outbox opens no sign-up', async ({ page, baseURL }) => {
  await routeApiTo(page, server);
  const invited = await registerAttendee(baseURL!, 'Casey Moss');
  const shown = await outboxLink(admin, invited.email, '/auth?', baseURL!);
  expect(shown.searchParams.get('attendeeId')).toBe(invited.attendeeId);
  expect(shown.searchParams.get('token')).toBe('[hidden]');

  await page.goto(shown.href);
  await expect(page.getByText('This invitation link is not valid.')).toBeVisible();
  await expect(signUpForm(page)).toHaveCount(0);
});

test('the invitation also works from the hash of the link', async ({ page, baseURL }) => {
  await routeApiTo(page, server);
  const invited = await registerAttendee(baseURL!, 'Wren Taylor');
  await page.goto(`/auth#${invited.link.searchParams.toString()}`);
  await expect(signUpForm(page).getByRole('textbox', { name: 'Full Name' })).toHaveValue('Wren Taylor');
  await expect(signUpForm(page).getByRole('textbox', { name: 'Email' })).toHaveValue(invited.email);
});
