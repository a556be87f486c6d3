// The admin area's shell: the side navigation (every admin page, the user
// dashboard), the administrator's name, company and avatar with Profile
// Settings and Sign out, the phone menu, unknown sub-paths going to /admin,
// and everyone but an administrator sent away.
import { expect, test, type Page } from '@playwright/test';
import { createPortalUser, signInAs, type PortalTestUser } from './portal-helpers';
import { SESSION_STORAGE_KEY } from './support/accounts';
import { lookAt } from './support/lookAt';

const NAV = [
  { name: 'Admin Overview', href: '/admin' },
  { name: 'Manage Attendees', href: '/admin/attendees' },
  { name: 'Manage Use Cases', href: '/admin/use-cases' },
  { name: 'Event & Promo Codes', href: '/admin/event' },
  { name: 'Door Check-in', href: '/admin/check-in' },
  { name: 'Speakers', href: '/admin/speakers' },
  { name: 'Emails', href: '/admin/emails' },
  { name: 'Messages', href: '/admin/messages' },
  { name: 'User Dashboard', href: '/dashboard' },
];

const adminNav = (page: Page) => page.getByRole('navigation', { name: 'Admin' });
const overviewHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Admin Dashboard' });

async function noSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.view);
}

test.describe('administrator', () => {
  let admin: PortalTestUser;

  test.beforeAll(async () => {
    admin = await createPortalUser('administrator', { full_name: 'Morgan Admin', company: 'Champions Collective', avatar_url: '' });
  });

  test.afterAll(async () => {
    await admin?.remove();
  });

  test.beforeEach(async ({ page }) => {
    await signInAs(page, admin);
  });

  test('desktop: the side navigation lists every admin page and the user dashboard, and the footer names the administrator', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin');
    await expect(overviewHeading(page)).toBeVisible();
    const links = adminNav(page).getByRole('link');
    await expect(links).toHaveCount(NAV.length);
    for (const [index, item] of NAV.entries()) {
      await expect(links.nth(index)).toHaveText(item.name);
      await expect(links.nth(index)).toHaveAttribute('href', item.href);
    }
    await expect(adminNav(page).getByRole('link', { name: 'Admin Overview' })).toHaveAttribute('aria-current', 'page');

    const footer = page.getByRole('button', { name: 'Administrator menu' });
    await expect(footer).toContainText('Morgan Admin');
    await expect(footer).toContainText('Champions Collective');
    // no avatar image: the initials stand in
    await expect(footer).toContainText('MA');
    await lookAt(page, { path: '/tmp/shots/admin-shell-desktop.png', fullPage: true });

    await adminNav(page).getByRole('link', { name: 'Manage Use Cases' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/admin/use-cases');
    await expect(adminNav(page).getByRole('link', { name: 'Manage Use Cases' })).toHaveAttribute('aria-current', 'page');
    await expect(adminNav(page).getByRole('link', { name: 'Admin Overview' })).not.toHaveAttribute('aria-current', 'page');

    await adminNav(page).getByRole('link', { name: 'Admin Overview' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/admin');
    await expect(overviewHeading(page)).toBeVisible();

    await adminNav(page).getByRole('link', { name: 'User Dashboard' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
  });

  test('the footer menu opens Profile Settings', async ({ page }) => {
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Administrator menu' }).click();
    const profile = page.getByRole('menuitem', { name: 'Profile Settings' });
    await expect(profile).toHaveAttribute('href', '/dashboard/profile-settings');
    await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
    await lookAt(page, { path: '/tmp/shots/admin-shell-menu.png' });
    await profile.click();
    await expect(page).toHaveURL((url) => url.pathname === '/dashboard/profile-settings');
  });

  test('phone: the menu toggle opens the navigation, which closes after a link; nothing scrolls sideways', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin');
    await expect(overviewHeading(page)).toBeVisible();
    await expect(adminNav(page)).not.toBeInViewport();
    await noSidewaysScroll(page);
    await lookAt(page, { path: '/tmp/shots/admin-shell-phone.png', fullPage: true });

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(adminNav(page)).toBeVisible();
    await expect(adminNav(page).getByRole('link')).toHaveCount(NAV.length);
    await expect(page.getByRole('button', { name: 'Administrator menu' })).toBeVisible();
    await noSidewaysScroll(page);
    await lookAt(page, { path: '/tmp/shots/admin-shell-phone-menu.png' });

    await adminNav(page).getByRole('link', { name: 'Manage Use Cases' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/admin/use-cases');
    await expect(adminNav(page)).not.toBeInViewport();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await adminNav(page).getByRole('link', { name: 'Admin Overview' }).click();
    await expect(overviewHeading(page)).toBeVisible();
    await expect(adminNav(page)).not.toBeInViewport();
  });

  test('an unknown admin path goes to /admin, replacing the history entry', async ({ page }) => {
    await page.goto('/privacy-policy');
    await page.goto('/admin/no-such-page/deeper');
    await expect(page).toHaveURL((url) => url.pathname === '/admin');
    await expect(overviewHeading(page)).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL((url) => url.pathname === '/privacy-policy');
  });

  test('sign out ends the session and opens /auth; the admin area then asks to sign in', async ({ page }) => {
    await page.goto('/admin');
    await expect(overviewHeading(page)).toBeVisible();
    await page.getByRole('button', { name: 'Administrator menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/auth');
    // sign-out ends with a full page load of /auth: read the storage once it has settled
    await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
    await expect.poll(() => page.evaluate((key) => window.localStorage.getItem(key), SESSION_STORAGE_KEY).catch(() => 'navigating')).toBeNull();
    await page.goto('/admin');
    await expect(page).toHaveURL((url) => url.pathname === '/auth' && url.searchParams.get('redirect') === '/admin');
  });
});

test.describe('not an administrator', () => {
  test('an attendee is sent to /dashboard, from the overview and from any admin path', async ({ page }) => {
    const attendee = await createPortalUser('attendee');
    try {
      await signInAs(page, attendee);
      await page.goto('/admin');
      await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
      await expect(adminNav(page)).toHaveCount(0);
      await page.goto('/admin/use-cases');
      await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
      await page.goto('/admin/no-such-page');
      await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
    } finally {
      await attendee.remove();
    }
  });

  test('a visitor is asked to sign in', async ({ page }) => {
    await page.goto('/admin/emails');
    await expect(page).toHaveURL((url) => url.pathname === '/auth' && url.searchParams.get('redirect') === '/admin/emails');
  });
});
