// The installable, offline PWA: the web manifest and its icons, the service
// worker (precache of the whole build, the shell for navigations) and public
// pages that open with no network after one online visit.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestServer, type TestServer } from '../support/pocketbase';
import { AFTER_UNLOCK, createPortalUser, signInAs, type PortalTestUser } from './portal-helpers';

test.use({ serviceWorkers: 'allow' });

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function expectPng(request: APIRequestContext, url: string, width: number, height = width) {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  expect(response.headers()['content-type'], url).toBe('image/png');
  expect(pngSize(await response.body()), url).toEqual({ width, height });
}

/** Waits until the page's service worker has installed (precached everything) and activated. */
async function waitForActiveServiceWorker(page: Page) {
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? 'none'), { timeout: 20_000 })
    .toBe('activated');
}

test('the web manifest is served with the fields and icons an install needs', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const response = await request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await response.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
  expect(manifest).toMatchObject({
    name: 'AI Champions Masterclass',
    short_name: 'AI Champions',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#1c2a5e',
    background_color: '#1c2a5e',
  });
  expect(String(manifest.description).length).toBeGreaterThan(20);

  const sizes = manifest.icons.filter((icon) => (icon.purpose ?? 'any').includes('any')).map((icon) => icon.sizes);
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((icon) => icon.purpose === 'maskable' && icon.sizes === '512x512')).toBe(true);
  for (const icon of manifest.icons) {
    expect(icon.type).toBe('image/png');
    await expectPng(request, icon.src, Number(icon.sizes.split('x')[0]));
  }

  // iOS: its own icon and standalone meta tags.
  const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  await expectPng(request, appleIcon!, 180);
  await expect(page.locator('meta[name="apple-mobile-web-app-capable"]')).toHaveAttribute('content', 'yes');
  await expect(page.locator('meta[name="apple-mobile-web-app-title"]')).toHaveAttribute('content', 'AI Champions');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#1c2a5e');

  // iOS launch screens: one per iPhone screen, each exactly the size its media query names.
  const splashes = await page.locator('link[rel="apple-touch-startup-image"]').evaluateAll((links) =>
    links.map((link) => ({ href: link.getAttribute('href')!, media: link.getAttribute('media')! })),
  );
  expect(splashes.length).toBeGreaterThanOrEqual(5);
  for (const { href, media } of splashes) {
    const [, width, height, ratio] = /device-width: (\d+)px\) and \(device-height: (\d+)px\) and \(-webkit-device-pixel-ratio: (\d)\)/.exec(media)!;
    await expectPng(request, href, Number(width) * Number(ratio), Number(height) * Number(ratio));
  }
});

test('the service worker precaches every built asset and never caches API JSON', async ({ page, request }) => {
  await page.goto('/');
  await waitForActiveServiceWorker(page);
  const { precached, assets } = await page.evaluate(async () => {
    const keys = (await Promise.all((await caches.keys()).map(async (name) => ({ name, requests: await (await caches.open(name)).keys() }))));
    const precache = keys.filter((cache) => cache.name.includes('precache'));
    const urls = precache.flatMap((cache) => cache.requests.map((r) => new URL(r.url).pathname));
    const scripts = [...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[src], link[href^="/assets/"]')].map(
      (node) => new URL('src' in node && node.src ? node.src : (node as HTMLLinkElement).href).pathname,
    );
    return { precached: urls, assets: scripts };
  });
  // `/` is filled in by the server at each visit (its seats left): never stored, offline it opens the shell.
  expect(precached).not.toContain('/index.html');
  expect(precached).toContain('/shell.html');
  expect(precached).toContain('/manifest.webmanifest');
  expect(precached).toEqual(expect.arrayContaining(['/icons/icon-192.png', '/icons/icon-512.png', '/icons/maskable-512.png']));
  // Launch screens are read by iOS at Add to Home Screen: not worth every visitor's download.
  expect(precached.filter((url) => url.startsWith('/splash/'))).toEqual([]);
  for (const asset of assets) expect(precached).toContain(asset);

  // Every file of the build is listed in the worker's precache manifest: no route chunk is missing offline.
  const sw = await (await request.get('/sw.js')).text();
  const listed = [...sw.matchAll(/url:"([^"]+)"/g)].map((match) => `/${match[1]}`);
  expect(listed.filter((url) => url.startsWith('/assets/')).length).toBeGreaterThan(20);
  for (const url of listed) expect(precached).toContain(url);

  // API answers fetched by the page are in no cache.
  const cachedApi = await page.evaluate(async () => {
    const found: string[] = [];
    for (const name of await caches.keys()) {
      for (const req of await (await caches.open(name)).keys()) {
        const path = new URL(req.url).pathname;
        if (path.startsWith('/api/') && !path.startsWith('/api/files/')) found.push(path);
      }
    }
    return found;
  });
  expect(cachedApi).toEqual([]);
});

test('after one online visit the public pages open offline', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 2, name: 'Why This Masterclass Matters' })).toBeVisible();
  const offlineReady = expect(page.getByText('Ready to work offline')).toBeVisible({ timeout: 20_000 });
  await waitForActiveServiceWorker(page);
  await offlineReady;
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();

  await context.setOffline(true);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 2, name: 'Why This Masterclass Matters' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Why This Masterclass Matters' })).toBeVisible();
  // Never opened online: served from the precached shell and route chunks. The shell is the
  // plain one (shell.html), never the prerendered landing page, so no route flashes the hero.
  const terms = await page.goto('/terms');
  expect(await terms?.text()).toContain('<div id="root"></div>');
  expect(await terms?.text()).not.toContain('AI CHAMPIONS MASTERCLASS');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();

  // The shell is never served for the API: an offline API request fails instead of answering HTML.
  const api = await page.evaluate(() => fetch('/api/health').then((r) => r.headers.get('content-type'), () => 'network error'));
  expect(api).toBe('network error');
});

test.describe('signed in', () => {
  let user: PortalTestUser;

  test.beforeAll(async () => {
    user = await createPortalUser('attendee');
  });
  test.afterAll(async () => {
    await user?.remove();
  });

  test('the portal reloads offline from the local data', async ({ page, context }) => {
    await signInAs(page, user);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${user.fullName}`);
    await waitForActiveServiceWorker(page);

    // Offline for the page and for the worker: every request the service worker sends to the network fails too.
    await context.setOffline(true);
    await context.route('**/*', (route) => route.abort('internetdisconnected'));
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${user.fullName}`);
    await page.goto('/dashboard/profile-settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Profile Settings' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Full Name', exact: true })).toHaveValue(user.fullName);
    // Every tool route, once the portal has unlocked (the event is on the device), and the 404 page.
    await page.clock.setSystemTime(AFTER_UNLOCK);
    for (const [route, title] of [
      ['/dashboard/ai-readiness', 'AI Readiness Assessment'],
      ['/dashboard/business-case', 'Business Case Generator'],
      ['/dashboard/use-case-generator', 'Use Case Generator'],
    ] as const) {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1, name: title }), route).toBeVisible();
    }
    await page.goto('/no-such-page');
    await expect(page.getByRole('link', { name: /home/i }).first()).toBeVisible();
  });
});

test.describe('a new version', () => {
  // A server of its own, serving a copy of the build whose sw.js the test can change, as a deploy would.
  let server: TestServer;
  let publicDir: string;

  test.beforeAll(async ({ request }) => {
    publicDir = mkdtempSync(path.join(os.tmpdir(), 'masterclass-pwa-update-'));
    const sw = await (await request.get('/sw.js')).text();
    const files = new Set(['index.html', ...[...sw.matchAll(/url:"([^"]+)"/g)].map((match) => match[1]!)]);
    for (const [, name] of sw.matchAll(/"\.\/(workbox-[\w-]+)"/g)) files.add(`${name}.js`);
    for (const file of files) {
      const response = await request.get(`/${file}`);
      expect(response.status(), file).toBe(200);
      mkdirSync(path.dirname(path.join(publicDir, file)), { recursive: true });
      writeFileSync(path.join(publicDir, file), await response.body());
    }
    writeFileSync(path.join(publicDir, 'sw.js'), sw);
    server = await startTestServer({ publicDir });
  });
  test.afterAll(async () => {
    await server?.stop();
    if (publicDir) rmSync(publicDir, { recursive: true, force: true });
  });

  test('is offered with a Reload button and taken only on Reload, in the tab that asked', async ({ page, context }) => {
    // Two workers install and two tabs load in one test: more than the default 30 s on a loaded 2-core runner.
    test.slow();
    const marked = (tab: Page) => tab.evaluate(() => (window as unknown as { untouched?: boolean }).untouched);
    const mark = (tab: Page) => tab.evaluate(() => ((window as unknown as { untouched: boolean }).untouched = true));
    const notice = (tab: Page) => tab.getByRole('alert').filter({ hasText: 'New version available' });

    await page.goto(`${server.url}/`);
    await waitForActiveServiceWorker(page);
    const firstWorker = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.active!.scriptURL);
    // Two tabs the current version controls, one of them with a half-typed message.
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Why This Masterclass Matters' })).toBeVisible();
    const other = await context.newPage();
    await other.goto(`${server.url}/contact`);
    await other.getByRole('textbox', { name: 'Message' }).fill('Half a thought');
    await mark(page);
    await mark(other);

    // The next build: a worker with different bytes. An update check runs when the window regains focus.
    appendFileSync(path.join(publicDir, 'sw.js'), `\n// next build ${Date.now()}\n`);
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(notice(page)).toBeVisible({ timeout: 20_000 });
    await expect(notice(other)).toBeVisible();

    // Nothing reloads on its own while the new version waits.
    await page.waitForTimeout(1_000);
    expect(await marked(page)).toBe(true);
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(true);

    await Promise.all([page.waitForEvent('load'), notice(page).getByRole('button', { name: 'Reload' }).click()]);
    expect(await marked(page)).toBeUndefined();
    await expect(page.getByRole('heading', { level: 2, name: 'Why This Masterclass Matters' })).toBeVisible();
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const found = await navigator.serviceWorker.getRegistration();
          return { waiting: Boolean(found?.waiting), active: found?.active?.scriptURL, state: found?.active?.state };
        }),
      )
      .toEqual({ waiting: false, active: firstWorker, state: 'activated' });
    await expect(notice(page)).toHaveCount(0);

    // The other tab was not reloaded under its user: its text is still there, and Reload is still offered.
    await other.waitForTimeout(1_000);
    expect(await marked(other)).toBe(true);
    await expect(other.getByRole('textbox', { name: 'Message' })).toHaveValue('Half a thought');
    await expect(notice(other)).toBeVisible();

  });
});
