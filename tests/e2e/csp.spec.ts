// The app under its Content-Security-Policy and Permissions-Policy
// (pocketbase/headers.go, docs/security-and-privacy.md#headers): the policy is
// enforced (an injected inline script does not run), and the landing page
// (its prerendered loader script allowed by its hash), the registration form,
// the portal with the use case search (a worker) and the door page with the
// camera (getUserMedia and the QR worker) work with no violation reported and
// no console error.
import { createHash } from 'node:crypto';
import { expect, test, chromium, type Page, type Response } from '@playwright/test';
import { cameraChromiumPath, chromiumLaunchOptions, DESKTOP } from '../support/browser';
import { APP_START_TIMEOUT, startLandingApp } from './support/appStart';
import { createPortalUser, signInAs, type PortalTestUser } from './portal-helpers';
import { attendeeCards, attendeeFields, toast } from './registration-helpers';
import { showSalesOpen } from './support/routes';

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
}

declare global {
  interface Window {
    cspViolations?: Violation[];
    cspProbeRan?: boolean;
  }
}

const PROBE = 'window.cspProbeRan = true';
const PROBE_HASH = `sha256-${createHash('sha256').update(PROBE).digest('base64')}`;

interface Watch {
  violations: () => Promise<Violation[]>;
  errors: string[];
}

/** Records every CSP violation the page reports and every console error or uncaught exception. */
async function watch(page: Page): Promise<Watch> {
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations?.push({ directive: event.effectiveDirective, blocked: event.blockedURI, sample: event.sample });
    });
  });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { errors, violations: () => page.evaluate(() => window.cspViolations ?? []) };
}

/** The document's policy: strict for scripts, and really enforced by the browser. */
async function expectEnforcedPolicy(page: Page, response: Response | null) {
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy, 'the page is sent a Content-Security-Policy').toContain("script-src 'self'");
  expect(policy.split(';').find((directive) => directive.trim().startsWith('script-src'))).not.toMatch(/unsafe-(inline|eval)/);
  // An inline script the build did not hash is refused and reported (that one report is then set aside).
  const before = (await page.evaluate(() => window.cspViolations ?? [])).length;
  const ran = await page.evaluate((probe) => {
    const script = document.createElement('script');
    script.textContent = probe;
    document.head.append(script);
    return window.cspProbeRan === true;
  }, PROBE);
  expect(ran, 'an injected inline script must not run').toBe(false);
  await expect.poll(() => page.evaluate(() => window.cspViolations?.at(-1))).toEqual({ directive: 'script-src-elem', blocked: 'inline', sample: '' });
  await page.evaluate((count) => window.cspViolations?.splice(count, 1), before);
}

// What the browser says when a policy refuses something.
const POLICY_ERROR = /Content.Security.Policy|Permissions.Policy|Refused to/i;

/**
 * No violation reported and no console error but the probe's own refusal.
 * `expectedErrors`: the page's own error messages (a refused form logs them), which may stay.
 */
async function expectClean(watched: Watch, { expectedErrors = false } = {}) {
  expect(await watched.violations()).toEqual([]);
  const errors = watched.errors.filter((error) => !error.includes(PROBE_HASH));
  expect(errors.filter((error) => POLICY_ERROR.test(error))).toEqual([]);
  if (!expectedErrors) expect(errors).toEqual([]);
}

test.use({ viewport: DESKTOP });

test('the landing page: its prerendered loader starts the app, which loads its data', async ({ page }) => {
  const watched = await watch(page);
  const response = await page.goto('/');
  // The visitor reaches for the page: the loader's entry starts the app, which hydrates it.
  await startLandingApp(page);
  // Only the app's scripts put the server's facts on the page below the hero.
  await expect(page.getByText('This Masterclass Has Taken Place').first()).toBeVisible({ timeout: APP_START_TIMEOUT });
  await expect(page.getByText('Limited to 50 participants', { exact: true })).toBeVisible({ timeout: APP_START_TIMEOUT });
  await expect(page.locator('img[src="/images/hero-network.svg"]')).toHaveAttribute('data-loaded', 'true');
  // The speaker photos come from the API's files.
  await expect(page.getByRole('heading', { level: 2, name: 'Meet Your Speakers' })).toBeVisible();
  await expectEnforcedPolicy(page, response);
  await expectClean(watched);
});

test('the registration form validates and checks a promo code', async ({ page }) => {
  const watched = await watch(page);
  // The page sees the event as open (the seeded one has taken place), so the full form shows.
  await showSalesOpen(page);
  await page.clock.setFixedTime(new Date('2025-06-04T10:00:00+09:30'));
  const response = await page.goto('/register');
  await expect(attendeeCards(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(attendeeFields(attendeeCards(page).first()).fullName).toHaveAccessibleDescription('Full name is required');
  await page.getByRole('textbox', { name: 'Promo code' }).fill('NOT-A-CODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(toast(page, 'Invalid Promo Code')).toBeVisible();
  await expectEnforcedPolicy(page, response);
  // The refused form and promo code are logged as errors (and the code's check answers 400).
  await expectClean(watched, { expectedErrors: true });
});

test.describe('signed in', () => {
  let attendee: PortalTestUser;
  let admin: PortalTestUser;

  test.beforeAll(async () => {
    attendee = await createPortalUser('attendee', {}, { seated: true });
    admin = await createPortalUser('administrator');
  });
  test.afterAll(async () => {
    await attendee?.remove();
    await admin?.remove();
  });

  test('the portal syncs, and the use case search builds its index in a worker', async ({ page }) => {
    const watched = await watch(page);
    await signInAs(page, attendee);
    await page.clock.install({ time: new Date('2025-06-18T00:00:00Z') });
    const response = await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${attendee.fullName}` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Session Materials' })).toBeVisible();
    await expectEnforcedPolicy(page, response);
    await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Use Case Generator' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Use Case Generator' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search use cases' }).fill('forcasting');
    await expect(page.getByRole('article').first().locator('mark').first()).toHaveText(/^forecasting$/i, { timeout: 15_000 });
    await expectClean(watched);
  });

  test('the door page: the camera is allowed, other devices are not, and the scanner runs', async ({ baseURL }) => {
    const browser = await chromium.launch({ ...chromiumLaunchOptions, executablePath: cameraChromiumPath, args: [...chromiumLaunchOptions.args, '--use-fake-device-for-media-stream'] });
    try {
      const context = await browser.newContext({ baseURL, viewport: DESKTOP, permissions: ['camera'], serviceWorkers: 'block' });
      const page = await context.newPage();
      const watched = await watch(page);
      await signInAs(page, admin);
      await page.addInitScript(() => window.localStorage.setItem('door_device_name', 'Policy door'));
      const response = await page.goto('/admin/check-in');
      await expect(page.getByRole('textbox', { name: 'Search by name' })).toBeVisible({ timeout: 15_000 });
      expect(response?.headers()['permissions-policy']).toContain('camera=(self)');
      const allowed = await page.evaluate(() => {
        const policy = (document as Document & { featurePolicy?: { allowsFeature: (feature: string) => boolean } }).featurePolicy;
        return policy ? { camera: policy.allowsFeature('camera'), microphone: policy.allowsFeature('microphone'), geolocation: policy.allowsFeature('geolocation') } : null;
      });
      expect(allowed).toEqual({ camera: true, microphone: false, geolocation: false });
      await expectEnforcedPolicy(page, response);

      await page.getByRole('button', { name: 'Start camera' }).click();
      const video = page.getByLabel('Camera');
      await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState >= 2 && !element.paused), { timeout: 15_000 }).toBe(true);
      await expect(page.getByText('Camera not available')).toHaveCount(0);
      // frames reach the QR worker for a while
      await page.waitForTimeout(1000);
      await page.getByRole('button', { name: 'Stop camera' }).click();
      await expectClean(watched);
      await context.close();
    } finally {
      await browser.close();
    }
  });
});

test('the PocketBase dashboard keeps its own policy and signs the superuser in', async ({ page }) => {
  const watched = await watch(page);
  const response = await page.goto('/_/');
  // PocketBase's policy, not the app's: the dashboard's own code needs it.
  expect(response?.headers()['content-security-policy']).not.toContain("'sha256-");
  await page.getByLabel('Email').fill(process.env.E2E_SUPERUSER_EMAIL ?? '');
  await page.locator('input[type="password"]').fill(process.env.E2E_SUPERUSER_PASSWORD ?? '');
  await page.getByRole('button', { name: /login/i }).click();
  await expect(page.getByRole('button', { name: /^attendees/ })).toBeVisible({ timeout: 15_000 });
  await expectClean(watched);
});
