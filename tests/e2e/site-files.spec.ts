// What the server answers for addresses outside the app's pages, and the files
// search engines read: a path that is no page answers 404 while showing the
// spec's not-found page; every page of the app answers 200; robots.txt and
// sitemap.xml are real files, not the app shell.
import { expect, test } from '@playwright/test';
import { APP_START_TIMEOUT } from './support/appStart';

test('a path that is no page answers 404 and shows the not-found page', async ({ page }) => {
  for (const urlPath of ['/no-such-page', '/register/extra', '/speakers']) {
    const response = await page.goto(urlPath);
    expect(response?.status(), urlPath).toBe(404);
    await expect(page.getByText('Oops! Page not found')).toBeVisible({ timeout: APP_START_TIMEOUT });
    await expect(page.getByRole('link', { name: 'Return to Home' })).toBeVisible();
  }
});

test('every page of the app answers 200', async ({ request }) => {
  for (const urlPath of ['/', '/register', '/register?waitlist=true', '/auth', '/contact', '/privacy-policy', '/terms', '/registration', '/reset-password', '/checkout/simulated', '/dashboard', '/dashboard/ai-readiness', '/dashboard/business-case', '/dashboard/use-case-generator', '/dashboard/use-case-generator/custom', '/dashboard/profile-settings', '/dashboard/anything', '/admin', '/admin/attendees', '/admin/emails', '/admin/event', '/admin/messages', '/admin/use-cases', '/admin/anything']) {
    const response = await request.get(urlPath);
    expect(response.status(), urlPath).toBe(200);
    expect(response.headers()['content-type'], urlPath).toMatch(/^text\/html/);
  }
});

test('robots.txt and sitemap.xml are real files, not the app shell', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toMatch(/^User-agent: \*$/m);
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  const body = await sitemap.text();
  expect(body).toContain('<urlset');
  expect(body).not.toContain('<div id="root">');
});
