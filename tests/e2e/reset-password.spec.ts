// /reset-password journeys: the request, PocketBase's reset
// email captured (in the outbox without its link; the working copy in
// `email_secrets`, which only the superuser reads), its link, the new-password
// form with the spec's messages, and back to /auth. Accounts are made by the
// shared server's superuser; nothing global changes.
import { expect, test } from '@playwright/test';
import type PocketBase from 'pocketbase';
import { DESKTOP } from '../support/browser';
import { superuserClient } from '../support/e2e-admin';
import { toast, unique } from './registration-helpers';
import { createAccount, emailedLink, emailsTo, forgetSession, signInThroughPage } from './support/accounts';

let admin: PocketBase;

test.use({ viewport: DESKTOP });

test.beforeAll(async () => {
  admin = await superuserClient();
});

const REQUEST_SENT = 'If an account exists for this email address, we have sent a link to reset your password.';

test('reset through the emailed link, then sign in with the new password', async ({ page, baseURL }) => {
  test.setTimeout(45_000);
  const account = await createAccount(admin, 'reset');
  await page.goto('/reset-password');
  const request = page.getByRole('form', { name: 'Request a password reset' });
  await request.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(request.getByText('Please enter your email address')).toBeVisible();
  await request.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await request.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(toast(page, 'Request Sent', REQUEST_SENT)).toBeVisible();

  const link = await emailedLink(admin, account.email, '/reset-password?token=', baseURL!);
  const outbox = await admin.collection('emails').getFullList({ filter: admin.filter('to = {:to}', { to: account.email }) });
  expect(outbox.map((email) => `${email.html}${email.text}`).join('')).not.toContain(link.searchParams.get('token')!);
  await page.goto(link.href);
  await expect(page.getByRole('heading', { name: 'Set a New Password' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Set a new password' });
  const newPassword = form.getByLabel('New Password', { exact: true });
  const confirm = form.getByLabel('Confirm New Password', { exact: true });
  const update = form.getByRole('button', { name: 'Update Password' });

  await update.click();
  await expect(form.getByText('Please fill in all fields')).toBeVisible();
  await newPassword.fill('one-password');
  await confirm.fill('another-password');
  await update.click();
  await expect(form.getByText("Passwords Don't Match")).toBeVisible();
  await newPassword.fill('short');
  await confirm.fill('short');
  await update.click();
  await expect(form.getByText('Password Too Short')).toBeVisible();

  const chosen = `new-${unique('pw')}`;
  await newPassword.fill(chosen);
  await confirm.fill(chosen);
  await update.click();
  await expect(toast(page, 'Password Updated')).toBeVisible();
  const updatedAt = Date.now();
  await page.waitForURL((url) => url.pathname === '/auth', { timeout: 6_000 });
  expect(Date.now() - updatedAt).toBeGreaterThanOrEqual(1_500);

  await signInThroughPage(page, account.email, account.password);
  await expect(toast(page, 'Sign In Failed')).toBeVisible();
  await signInThroughPage(page, account.email, chosen);
  await expect(toast(page, 'Welcome back')).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard');

  // The link works once.
  await forgetSession(page);
  await page.goto(link.href);
  await form.getByLabel('New Password', { exact: true }).fill('yet-another-one');
  await form.getByLabel('Confirm New Password', { exact: true }).fill('yet-another-one');
  await form.getByRole('button', { name: 'Update Password' }).click();
  await expect(form.getByText('This reset link is not valid or has expired. Request a new one.')).toBeVisible();
});

test('an unknown email gets the same answer, and no email is sent', async ({ page }) => {
  const known = await createAccount(admin, 'reset-known');
  const unknown = `${unique('nobody')}@example.com`;
  await page.goto('/reset-password');
  const request = page.getByRole('form', { name: 'Request a password reset' });

  await request.getByRole('textbox', { name: 'Email' }).fill(unknown);
  await request.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(toast(page, 'Request Sent', REQUEST_SENT)).toBeVisible();
  const forUnknown = await request.getByRole('alert').innerText();

  await page.reload();
  await request.getByRole('textbox', { name: 'Email' }).fill(known.email);
  await request.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(toast(page, 'Request Sent', REQUEST_SENT)).toBeVisible();
  expect(await request.getByRole('alert').innerText()).toBe(forUnknown);

  await expect.poll(() => emailsTo(admin, known.email), { timeout: 10_000 }).toBe(1);
  expect(await emailsTo(admin, unknown)).toBe(0);
});

test('a recovery link in the hash opens the new-password form; Back to Sign In', async ({ page }) => {
  await page.goto('/reset-password#type=recovery&token=not-a-real-token');
  await expect(page.getByRole('heading', { name: 'Set a New Password' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Set a new password' });
  await form.getByLabel('New Password', { exact: true }).fill('long-enough-1');
  await form.getByLabel('Confirm New Password', { exact: true }).fill('long-enough-1');
  await form.getByRole('button', { name: 'Update Password' }).click();
  await expect(toast(page, 'Password Not Updated')).toBeVisible();
  await form.getByRole('link', { name: 'Request a new link' }).click();
  await expect(page.getByRole('heading', { name: 'Reset Your Password' })).toBeVisible();

  await page.getByRole('link', { name: 'Back to Sign In' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/auth');
});
