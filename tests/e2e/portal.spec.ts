// The portal shell (spec "Portal layout", "Dashboard home",
// section 4 "Portal unlock"): the guard, the lock and countdown at a clock
// before and after the unlock (injected, never waited for), locked and unknown
// paths, administrator vs attendee navigation, the materials, the phone menu.
import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, PHONE } from '../support/browser';
import { AFTER_UNLOCK, BEFORE_UNLOCK, LOCKED_TOOLTIP, TOOL_LABELS, createPortalUser, signInAs, type PortalTestUser } from './portal-helpers';
import { storedSession } from './support/accounts';

const DAY_OF_NOTE = 'This tool will be accessible from 9:00 am on Wednesday 18 June 2025 and will remain available afterwards.';
const portalNav = (page: Page) => page.getByRole('navigation', { name: 'Portal' });
const sidebarStatus = (page: Page) => page.locator('.app-shell-navbar').getByRole('status');

async function openDashboard(page: Page, time: Date, path = '/dashboard') {
  await page.clock.install({ time });
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
}

test.use({ viewport: DESKTOP });

test.describe('signed out', () => {
  test('the portal sends you to /auth, with the way back', async ({ page }) => {
    await page.goto('/dashboard/profile-settings');
    await expect(page).toHaveURL((url) => url.pathname === '/auth' && url.searchParams.get('redirect') === '/dashboard/profile-settings');
  });

  test('the admin area sends you to /auth', async ({ page }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL((url) => url.pathname === '/auth' && url.searchParams.get('redirect') === '/admin');
  });
});

test.describe('attendee', () => {
  let user: PortalTestUser;

  test.beforeAll(async () => {
    user = await createPortalUser('attendee', {}, { seated: true });
  });
  test.afterAll(async () => {
    await user?.remove();
  });
  test.beforeEach(async ({ page }) => {
    await signInAs(page, user);
  });

  test('before the unlock: countdown, disabled tools with the tooltip, the day-of note, no materials', async ({ page }) => {
    await openDashboard(page, BEFORE_UNLOCK);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${user.fullName}`);
    await expect(sidebarStatus(page)).toHaveText('8 days 0 hours until the Masterclass');

    const nav = portalNav(page);
    for (const label of TOOL_LABELS) {
      await expect(nav.getByRole('button', { name: label })).toBeDisabled();
      await expect(nav.getByRole('link', { name: label })).toHaveCount(0);
    }
    await nav.getByRole('button', { name: 'AI Readiness' }).locator('..').hover();
    await expect(page.getByRole('tooltip')).toHaveText(LOCKED_TOOLTIP);
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    await expect(nav.getByRole('link', { name: 'Profile Settings' })).toHaveAttribute('href', '/dashboard/profile-settings');

    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(3);
    for (const title of ['AI Readiness Questionnaire', 'Business Case Generator', 'Use Case Generator']) {
      const card = page.getByRole('article', { name: title });
      await expect(card.getByText(DAY_OF_NOTE)).toBeVisible();
      await expect(card.getByRole('link')).toHaveCount(0);
    }
    const materials = page.getByRole('region', { name: 'Session Materials' });
    await expect(materials.getByText('The session materials will be available here from 9:00 am on Wednesday 18 June 2025.')).toBeVisible();
    await expect(materials.getByRole('link')).toHaveCount(0);

    const progress = page.getByRole('region', { name: 'Your Progress' });
    await expect(progress.getByText('Not started')).toHaveCount(3);
  });

  test('the countdown shows hours on the day before and opens the tools at the unlock, re-checked every minute', async ({ page }) => {
    await openDashboard(page, new Date('2025-06-17T20:00:00Z'));
    await expect(sidebarStatus(page)).toHaveText('4 hours until the Masterclass');

    await page.clock.setSystemTime(new Date('2025-06-17T23:28:30Z'));
    await page.clock.runFor(60_000);
    await expect(sidebarStatus(page)).toHaveText('1 hour until the Masterclass');
    await expect(portalNav(page).getByRole('button', { name: 'AI Readiness' })).toBeDisabled();

    await page.clock.runFor(60_000);
    await expect(sidebarStatus(page)).toHaveCount(0);
    await expect(portalNav(page).getByRole('link', { name: 'AI Readiness' })).toHaveAttribute('href', '/dashboard/ai-readiness');
  });

  test('after the unlock: tool links, tool cards and the materials with working downloads', async ({ page }) => {
    await openDashboard(page, AFTER_UNLOCK);
    await expect(page.getByText(/until the Masterclass/)).toHaveCount(0);
    const nav = portalNav(page);
    await expect(nav.getByRole('link', { name: 'AI Readiness' })).toHaveAttribute('href', '/dashboard/ai-readiness');
    await expect(nav.getByRole('link', { name: 'Business Case' })).toHaveAttribute('href', '/dashboard/business-case');
    await expect(nav.getByRole('link', { name: 'Use Case Generator' })).toHaveAttribute('href', '/dashboard/use-case-generator');
    await expect(page.getByText(DAY_OF_NOTE)).toHaveCount(0);

    const materials = page.getByRole('region', { name: 'Session Materials' });
    const downloads = materials.getByRole('link', { name: /^Download / });
    await expect(downloads).toHaveCount(4);
    const href = await downloads.first().getAttribute('href');
    expect(href).toMatch(/\/api\/files\/.+\?.*token=/);
    const response = await page.request.get(href!);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');

    await page.getByRole('article', { name: 'Business Case Generator' }).getByRole('link').click();
    await expect(page).toHaveURL('/dashboard/business-case');
    await expect(page.getByRole('heading', { level: 1, name: 'Business Case Generator' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Business Case' })).toBeVisible();

    await nav.getByRole('link', { name: 'AI Readiness' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'AI Readiness Assessment' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start Assessment' })).toBeVisible();

    await nav.getByRole('link', { name: 'Use Case Generator' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Use Case Generator' })).toBeVisible();
  });

  test('a locked tool route goes back to /dashboard, on the first visit and once the event is on the device', async ({ page }) => {
    await page.clock.install({ time: BEFORE_UNLOCK });
    await page.goto('/dashboard/ai-readiness');
    await expect(page).toHaveURL('/dashboard');
    await expect(sidebarStatus(page)).toHaveText('8 days 0 hours until the Masterclass');
    for (const path of ['/dashboard/business-case', '/dashboard/use-case-generator']) {
      await page.goto(path);
      await expect(page).toHaveURL('/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
    }
  });

  test('an unknown portal path goes to /dashboard', async ({ page }) => {
    await page.clock.install({ time: AFTER_UNLOCK });
    await page.goto('/dashboard/no-such-page/deeper');
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  });

  test('no admin navigation, and the admin area sends an attendee to /dashboard', async ({ page }) => {
    await openDashboard(page, AFTER_UNLOCK);
    await expect(portalNav(page).getByRole('link', { name: /Admin Dashboard/ })).toHaveCount(0);
    await expect(page.getByText('Admin', { exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Account menu' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'Profile Settings' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Admin Dashboard' })).toHaveCount(0);

    await page.goto('/admin');
    await expect(page).toHaveURL('/dashboard');
  });

  test('the header shows the sync status', async ({ page }) => {
    await openDashboard(page, AFTER_UNLOCK);
    await expect(page.getByRole('banner').getByTestId('sync-status')).toBeVisible();
  });

  test('sign out from the user menu returns to /auth and forgets the session', async ({ page }) => {
    await openDashboard(page, AFTER_UNLOCK);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL('/auth');
    expect(await storedSession(page)).toBeNull();
    await page.goto('/dashboard');
    await expect(page).toHaveURL((url) => url.pathname === '/auth');
  });
});

test.describe('administrator', () => {
  let user: PortalTestUser;

  test.beforeAll(async () => {
    user = await createPortalUser('administrator');
  });
  test.afterAll(async () => {
    await user?.remove();
  });
  test.beforeEach(async ({ page }) => {
    await signInAs(page, user);
  });

  test('sees the Admin Dashboard link with the Admin badge and reaches the admin area', async ({ page }) => {
    await openDashboard(page, BEFORE_UNLOCK);
    const adminLink = portalNav(page).getByRole('link', { name: /Admin Dashboard/ });
    await expect(adminLink).toHaveAttribute('href', '/admin');
    await expect(adminLink.getByText('Admin', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Admin Dashboard' })).toBeVisible();
    await page.keyboard.press('Escape');

    await adminLink.click();
    await expect(page).toHaveURL('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  });
});

test.describe('phone', () => {
  test.use({ viewport: PHONE });
  let user: PortalTestUser;

  test.beforeAll(async () => {
    user = await createPortalUser('attendee');
  });
  test.afterAll(async () => {
    await user?.remove();
  });

  test('the menu toggle opens the sidebar, a link closes it, nothing scrolls sideways', async ({ page }) => {
    await signInAs(page, user);
    await openDashboard(page, BEFORE_UNLOCK);
    const nav = portalNav(page);
    await expect(nav).not.toBeInViewport();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(nav).toBeVisible();
    await expect(sidebarStatus(page)).toHaveText('8 days 0 hours until the Masterclass');
    await expect(nav.getByRole('button', { name: 'Business Case' })).toBeDisabled();
    await nav.getByRole('link', { name: 'Profile Settings' }).click();
    await expect(page).toHaveURL('/dashboard/profile-settings');
    await expect(nav).not.toBeInViewport();
    await expect(page.getByRole('heading', { level: 1, name: 'Profile Settings' })).toBeVisible();
  });
});
