// Session materials offline: once the portal unlocks, the dashboard stores
// every material file in the background, marks each "Available offline" once
// stored, and a material opens with no network (the service worker answers
// from its file cache, whatever token the link carries).
import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, PHONE } from '../support/browser';
import { AFTER_UNLOCK, BEFORE_UNLOCK, createPortalUser, signInAs, type PortalTestUser } from './portal-helpers';
import { lookAt } from './support/lookAt';

test.use({ serviceWorkers: 'allow' });

let user: PortalTestUser;

test.beforeEach(async ({ page }) => {
  user = await createPortalUser('attendee', {}, { seated: true });
  await signInAs(page, user);
});
test.afterEach(async () => {
  await user?.remove();
});

async function waitForActiveServiceWorker(page: Page) {
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? 'none'), { timeout: 30_000 })
    .toBe('activated');
}

test('materials are stored once the portal unlocks, marked, and open offline', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.clock.install({ time: BEFORE_UNLOCK });
  await page.goto('/dashboard');
  const materials = page.getByRole('region', { name: 'Session Materials' });
  await expect(materials.getByText('The session materials will be available here from 9:00 am on Wednesday 18 June 2025.')).toBeVisible({ timeout: 20_000 });
  await waitForActiveServiceWorker(page);
  await expect(page.getByTestId('material-offline')).toHaveCount(0);

  // 09:00 Adelaide on the day: the countdown (refreshed every minute) reaches the unlock.
  await page.clock.setSystemTime(AFTER_UNLOCK);
  await page.clock.runFor(60_000);

  const links = materials.getByRole('link', { name: /^Download / });
  await expect(links).toHaveCount(4, { timeout: 20_000 });
  await expect(page.getByTestId('material-offline')).toHaveCount(4, { timeout: 20_000 });
  await expect(page.getByTestId('material-offline').first()).toHaveText('Available offline');
  await lookAt(page, { path: '/tmp/fs/shots/materials-desktop.png' });
  const stored = await page.evaluate(async () => (await (await caches.open('pocketbase-files')).keys()).map((request) => request.url));
  expect(stored.filter((url) => url.includes('/api/files/')).length).toBeGreaterThanOrEqual(4);
  expect(stored.some((url) => url.includes('token='))).toBe(false);

  await page.context().setOffline(true);
  const title = (await links.first().getAttribute('aria-label'))?.replace(/^Download /, '');
  const [download] = await Promise.all([page.waitForEvent('download'), links.first().click()]);
  const file = await download.path();
  const { readFileSync } = await import('node:fs');
  expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  expect(title).toBeTruthy();

  // Signing out drops the stored materials: the next person on this device cannot open them offline.
  await page.context().setOffline(false);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/auth');
  await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
  // Sign-out ends with a full page load: an evaluation cut short by it is read again.
  const storedMaterials = () =>
    page
      .evaluate(async () => (await (await caches.open('pocketbase-files')).keys()).map((request) => request.url))
      .then((left) => left.filter((url) => stored.includes(url)), () => ['(page loading)']);
  await expect.poll(storedMaterials).toEqual([]);
});

test('phone: the marks fit beside each material', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/dashboard');
  await expect(page.getByTestId('material-offline')).toHaveCount(4, { timeout: 30_000 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBe(0);
  await lookAt(page.getByRole('region', { name: 'Session Materials' }), { path: '/tmp/fs/shots/materials-phone.png' });
});
