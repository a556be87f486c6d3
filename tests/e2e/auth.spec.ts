// /auth journeys: sign in and out, the page that sent you,
// wrong and missing credentials, a device locked by failed sign-ins and the
// reset email that unlocks it, a phone kept waiting by a stranger's failures
// that signs in with an emailed sign-in link, sign-up closed without an invitation (and the
// invitation sent again from the Sign Up tab), and the card on a phone.
// Accounts are made by the shared server's superuser;
// nothing global changes.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type PocketBase from 'pocketbase';
import { DESKTOP, PHONE } from '../support/browser';
import { superuserClient } from '../support/e2e-admin';
import { masterclassEvent } from '../support/masterclassEvent';
import { toast } from './registration-helpers';
import { startTestServer, type TestServer } from '../support/pocketbase';
import { createAccount, emailedLink, forgetSession, signInThroughPage, storedSession, type TestAccount } from './support/accounts';

let admin: PocketBase;
let account: TestAccount;

test.use({ viewport: DESKTOP });

test.beforeAll(async () => {
  admin = await superuserClient();
  account = await createAccount(admin, 'auth');
});

const signUpTab = (page: import('@playwright/test').Page) => page.getByRole('tab', { name: 'Sign Up' });

test('sign in, then sign out from the portal', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/auth');
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');

  // The address is found whatever its case.
  await signInThroughPage(page, account.email.toUpperCase(), account.password);
  await expect(toast(page, 'Welcome back')).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
  expect(JSON.parse((await storedSession(page))!).record).toMatchObject({ id: account.id, role: 'attendee' });

  // The landing page sees the session.
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard');

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/auth');
  await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
  expect(await storedSession(page)).toBeNull();

  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toHaveCount(0);
});

test('sign in goes back to the page that sent you, and only inside the app', async ({ page }) => {
  await page.goto('/auth?redirect=%2Fdashboard%2Fprofile-settings');
  await signInThroughPage(page, account.email, account.password);
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard/profile-settings');

  await forgetSession(page);
  await page.goto('/auth?redirect=%2F%2Fevil.example%2Fdashboard');
  await signInThroughPage(page, account.email, account.password);
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard' && url.host !== 'evil.example');
});

test('a wrong password: Sign In Failed, no session', async ({ page }) => {
  await page.goto('/auth');
  await signInThroughPage(page, account.email, 'not-the-password');
  await expect(toast(page, 'Sign In Failed', 'Invalid email or password.')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Sign in' }).getByRole('alert')).toHaveText('Invalid email or password.');
  await expect(page).toHaveURL((url) => url.pathname === '/auth');
  expect(await storedSession(page)).toBeNull();

  // An unknown address gets the very same answer.
  await signInThroughPage(page, 'nobody-here@example.com', 'whatever-password');
  await expect(page.getByRole('form', { name: 'Sign in' }).getByRole('alert')).toHaveText('Invalid email or password.');
});

test('missing email or password asks for both before anything is sent', async ({ page }) => {
  let authCalls = 0;
  page.on('request', (request) => {
    if (request.url().includes('/auth-with-password')) authCalls += 1;
  });
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please provide both email and password');
  await form.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please provide both email and password');
  expect(authCalls).toBe(0);
});

test('without an invitation: Sign Up says why, how the invitation comes, and sends it again (1280 and 390 px); forgot password leads to the reset', async ({ page }) => {
  // a confirmed attendee who has not made an account yet
  const event = await masterclassEvent(admin);
  const email = `resend-${Date.now()}@example.com`;
  const registration = await admin.collection('registrations').create({
    event: event.id, kind: 'promo', status: 'completed', primary_email: email, currency: 'AUD', total_amount_cents: 0,
  });
  const attendee = await admin.collection('attendees').create({
    registration: registration.id, event: event.id, email, full_name: 'Rosa Resend', company: 'Example Co', job_title: 'Lead',
    role: 'Senior Manager', registration_status: 'confirmed', privacy_consent: true,
  });
  const invitations = () => admin.collection('emails').getFullList({ filter: admin.filter('attendee = {:id} && template = "user_account_invite"', { id: attendee.id }) });

  await page.goto('/auth');
  const signInPanel = page.getByRole('tabpanel', { name: 'Sign In' });
  await expect(signInPanel.getByText('Sign Up Not Available')).toBeVisible();
  await signInPanel.getByRole('button', { name: 'Get your invitation' }).click();
  await expect(signUpTab(page)).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel', { name: 'Sign Up' });
  await expect(panel.getByText('Sign Up Not Available', { exact: true })).toBeVisible();
  await expect(panel.getByText('Accounts are created only through the invitation link emailed to registered attendees.')).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'How to get your invitation' })).toBeVisible();
  await expect(panel.getByText(/receive it by email once their registration is confirmed/)).toBeVisible();
  expect(await violations(page)).toEqual([]);

  const form = panel.getByRole('form', { name: 'Send my invitation again' });
  await form.getByRole('button', { name: 'Send my invitation again' }).click();
  await expect(form.getByText('Please enter your email address')).toBeVisible();
  await form.getByRole('textbox', { name: 'Email' }).fill(email.toUpperCase());
  await form.getByRole('button', { name: 'Send my invitation again' }).click();
  const received = form.getByRole('alert', { name: 'Request received' });
  await expect(received).toContainText('If this address belongs to a registered attendee who has not created an account yet');
  // nothing was looked up while answering: the job sends it
  expect(await invitations()).toHaveLength(0);
  await admin.crons.run('invitationResends');
  await expect.poll(async () => (await invitations()).map((mail) => mail.status), { timeout: 15_000 }).toEqual(['captured']);

  // on a phone: the same tab fits the screen, with no violations
  await page.setViewportSize(PHONE);
  await expect(received).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  expect(await violations(page)).toEqual([]);
  await panel.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/reset-password');
  await expect(page.getByRole('heading', { name: 'Reset Your Password' })).toBeVisible();
});

/** axe-core's findings (WCAG 2.1 A and AA), once animations have ended. */
async function violations(page: import('@playwright/test').Page): Promise<string[]> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}

test.describe('with the sign-in limits on (the shared server raises them: this one serves the app itself)', () => {
  let own: TestServer;
  let ownAdmin: PocketBase;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // a stranger's addresses are named by a header the browser never sends (the browser is 127.0.0.1)
    own = await startTestServer({ publicDir: process.env.E2E_PUBLIC_DIR, env: { TRUSTED_PROXY_HEADERS: 'X-Forwarded-For' } });
    ownAdmin = await own.admin();
  });
  test.afterAll(async () => {
    await own?.stop();
  });

  test('a device locked after 10 wrong passwords says how long and how to get back in; the reset email unlocks it', async ({ page }) => {
    test.setTimeout(60_000);
    const locked = await createAccount(ownAdmin, 'locked');
    // This browser signed in before, so the account knows it (a cookie only the server reads) …
    await page.goto(`${own.url}/auth`);
    await signInThroughPage(page, locked.email, locked.password);
    await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
    await forgetSession(page);
    // … then ten wrong passwords from it (page.request sends the browser's cookies).
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const answer = await page.request.post(`${own.url}/api/collections/users/auth-with-password`, {
        data: { identity: locked.email, password: `wrong-${attempt}` },
      });
      expect(answer.status()).toBe(400);
    }
    await page.goto(`${own.url}/auth`);
    await signInThroughPage(page, locked.email, locked.password);
    const message =
      'Too many failed sign-ins from this device. Please try again in 15 minutes, or reset your password by email to sign in straight away.';
    await expect(toast(page, 'Sign In Failed', message)).toBeVisible();
    await expect(page.getByRole('form', { name: 'Sign in' }).getByRole('alert')).toHaveText(message);
    expect(await storedSession(page)).toBeNull();

    // The way back: Forgot password?, the emailed link, a new password, and this browser signs in at once.
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    const request = page.getByRole('form', { name: 'Request a password reset' });
    await request.getByRole('textbox', { name: 'Email' }).fill(locked.email);
    await request.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(toast(page, 'Request Sent')).toBeVisible();
    const link = await emailedLink(ownAdmin, locked.email, '/reset-password?token=', own.url);
    await page.goto(link.href);
    const form = page.getByRole('form', { name: 'Set a new password' });
    const chosen = `new-${locked.password}`;
    await form.getByLabel('New Password', { exact: true }).fill(chosen);
    await form.getByLabel('Confirm New Password', { exact: true }).fill(chosen);
    await form.getByRole('button', { name: 'Update Password' }).click();
    await page.waitForURL((url) => url.pathname === '/auth', { timeout: 6_000 });
    await signInThroughPage(page, locked.email, chosen);
    await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
  });

  test('on a phone kept waiting by a stranger\'s failed passwords: the refusal offers an emailed sign-in link, and the link signs in', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(PHONE);
    const owner = await createAccount(ownAdmin, 'waiting');
    const stranger = startAttack(own.url, owner.email);
    try {
      await page.goto(`${own.url}/auth`);
      // the page offers the link at any time
      const form = page.getByRole('form', { name: 'Sign in' });
      await expect(form.getByRole('button', { name: 'Email me a sign-in link' })).toBeVisible();

      // while the account makes unknown devices wait, the right password is refused: the refusal offers the link
      await stranger.waitingAtLeast(4);
      await signInThroughPage(page, owner.email, owner.password);
      const alert = form.getByRole('alert');
      await expect(alert).toHaveText(/^Too many attempts for this account\. Please try again in \d+ seconds?\.$/);
      await expect(form.getByText('No need to wait: we can email you a link that signs you in on this device.')).toBeVisible();
      expect(await storedSession(page)).toBeNull();
      const offer = form.getByRole('button', { name: 'Email me a sign-in link' });
      await expect(offer).toHaveCount(1);
      await offer.click();
      await expect(form.getByRole('alert', { name: 'Check your email' })).toContainText(
        'If an account exists for this email address, we will email you a sign-in link within a minute. It works once, for 15 minutes.',
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

      // the job sends it; the link opens the app, which signs in at once, though the stranger goes on
      await ownAdmin.crons.run('signInLinks');
      const link = await emailedLink(ownAdmin, owner.email, '/auth?signin=', own.url);
      await page.goto(link.href);
      await expect(toast(page, 'Welcome back')).toBeVisible();
      await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
      expect(JSON.parse((await storedSession(page))!).record).toMatchObject({ id: owner.id });

      // once: opened again, it says so, and the sign-in form is there to ask for a new one
      await forgetSession(page);
      await page.goto(link.href);
      await expect(page.getByRole('tabpanel', { name: 'Sign In' }).getByRole('alert')).toHaveText(
        'This sign-in link is not valid or has expired. Ask for a new one.',
      );
      await expect(form.getByRole('button', { name: 'Email me a sign-in link' })).toBeVisible();
      expect(await storedSession(page)).toBeNull();

      // this browser is now a known device: its password sign-in does not wait for the stranger
      await stranger.waitingAtLeast(2);
      await signInThroughPage(page, owner.email, owner.password);
      await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
    } finally {
      await stranger.stop();
    }
  });
});

/**
 * A stranger failing passwords for `email` from four addresses (trusted
 * X-Forwarded-For), 2.5 attempts a second, until stopped.
 */
function startAttack(baseUrl: string, email: string) {
  let last = { delayed: false, retryAfter: 0, at: 0 };
  let running = true;
  const loop = (async () => {
    for (let attempt = 0; running; attempt += 1) {
      const started = Date.now();
      const response = await fetch(`${baseUrl}/api/collections/users/auth-with-password`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.51.100.${(attempt % 4) + 1}` },
        body: JSON.stringify({ identity: email, password: `wrong-${attempt}` }),
      });
      const answer = (await response.json()) as { message?: string };
      last = { delayed: /^Too many attempts for this account/.test(answer.message ?? ''), retryAfter: Number(response.headers.get('Retry-After') ?? 0), at: Date.now() };
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 400 - (Date.now() - started))));
    }
  })();
  return {
    /** Until the stranger was just told to wait at least `seconds` for the account: unknown devices wait that long from here. */
    waitingAtLeast: (seconds: number) =>
      expect.poll(() => last.delayed && last.retryAfter >= seconds && Date.now() - last.at < 300, { timeout: 60_000, intervals: [20] }).toBe(true),
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('the card fits the screen and inputs are 16 px (no zoom on focus)', async ({ page }) => {
    await page.goto('/auth');
    const form = page.getByRole('form', { name: 'Sign in' });
    await expect(form).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    for (const input of [form.getByRole('textbox', { name: 'Email' }), form.getByLabel('Password', { exact: true })]) {
      expect(await input.evaluate((element) => getComputedStyle(element).fontSize)).toBe('16px');
    }
    await signInThroughPage(page, account.email, account.password);
    await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
  });
});
