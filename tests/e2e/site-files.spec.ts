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

test('a shared link to the landing page shows a preview: Open Graph and Twitter card tags with a real image', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const head = html.slice(0, html.indexOf('</head>'));
  const meta = (attribute: 'property' | 'name', key: string) => new RegExp(`<meta ${attribute}="${key}" content="([^"]+)"`).exec(head)?.[1];
  expect(meta('property', 'og:title')).toContain('AI Champions Masterclass');
  expect(meta('property', 'og:description')).toContain('Adelaide');
  expect(meta('property', 'og:type')).toBe('website');
  expect(meta('name', 'twitter:card')).toBe('summary_large_image');
  expect(head).not.toContain('%SITE_URL%');
  const image = meta('property', 'og:image')!;
  expect(image).toMatch(/\/social\/og-card\.png$/);
  expect(meta('name', 'twitter:image')).toBe(image);
  const file = await request.get(new URL(image, 'http://placeholder').pathname);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('image/png');
  // 1200×630, read from the PNG header.
  const png = await file.body();
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
});

test('every page has its own title and description, and the not-found page says so', async ({ page }) => {
  const seen = new Map<string, string>();
  for (const [urlPath, title] of [
    ['/', 'AI Champions Masterclass'],
    ['/register', 'Register | AI Champions Masterclass'],
    ['/contact', 'Contact Us | AI Champions Masterclass'],
    ['/privacy-policy', 'Privacy Policy | AI Champions Masterclass'],
    ['/terms', 'Terms of Service | AI Champions Masterclass'],
    ['/auth', 'Sign In | AI Champions Masterclass'],
    ['/no-such-page', 'Page Not Found | AI Champions Masterclass'],
  ] as const) {
    await page.goto(urlPath);
    await expect(page, urlPath).toHaveTitle(title, { timeout: APP_START_TIMEOUT });
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description, urlPath).toBeTruthy();
    expect(await page.locator('meta[name="description"]').count(), urlPath).toBe(1);
    seen.set(urlPath, description!);
  }
  expect(new Set(seen.values()).size).toBe(seen.size);
  // Moving between pages in the app keeps the title in step, away from and back to the not-found page.
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveTitle('AI Champions Masterclass');
});
