// The portal on a phone at the venue: installing it (the browser's prompt from
// the user menu, the Share steps on iOS, no installability errors), a session
// whose token expired while offline (the portal still opens; back online only
// the server's refusal asks to sign in again, and nothing typed is lost), two
// tabs editing at once (one pushes at a time, both end equal to the server,
// nothing doubled) and a database the browser cannot open.
import { chromium, expect, test, type Page, type Request } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DESKTOP, PHONE, chromiumLaunchOptions } from '../support/browser';
import { superuserClient } from '../support/e2e-admin';
import { createPortalUser, signInAs, type PortalTestUser } from './portal-helpers';
import { SESSION_STORAGE_KEY, createAccount, signInThroughPage } from './support/accounts';
import { lookAt } from './support/lookAt';

const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });
const welcome = (page: Page, name: string) => expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${name}`);
const screenshot = (page: Page, name: string) => lookAt(page, { path: test.info().outputPath(`${name}.png`) });

async function waitForActiveServiceWorker(page: Page) {
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? 'none'), { timeout: 20_000 })
    .toBe('activated');
}

test.describe('installing the app', () => {
  let user: PortalTestUser;
  test.beforeAll(async () => {
    user = await createPortalUser('attendee');
  });
  test.afterAll(async () => {
    await user?.remove();
  });

  /** Fires a `beforeinstallprompt` as Chromium does; true once the app has kept it (cancelled the mini-bar). */
  const offerInstall = (page: Page) =>
    page.evaluate(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt: () => Promise<void>; userChoice: Promise<unknown> };
      const seen = window as unknown as { installPrompts?: number };
      event.prompt = async () => {
        seen.installPrompts = (seen.installPrompts ?? 0) + 1;
      };
      event.userChoice = Promise.resolve({ outcome: 'dismissed', platform: 'web' });
      return !window.dispatchEvent(event);
    });
  const menuEntry = (page: Page) => page.getByRole('menuitem', { name: 'Install app' });

  test('the user menu offers the browser\'s install prompt while the browser offers one', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signInAs(page, user);
    await page.goto('/dashboard');
    await welcome(page, user.fullName);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
    await expect(menuEntry(page)).toHaveCount(0);
    await page.keyboard.press('Escape');

    // The listener loads with the app's service worker code, just after the first render.
    await expect.poll(() => offerInstall(page)).toBe(true);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(menuEntry(page)).toBeVisible();
    await screenshot(page, 'install-menu-desktop');
    await menuEntry(page).click();
    expect(await page.evaluate(() => (window as unknown as { installPrompts?: number }).installPrompts)).toBe(1);
    // A prompt can be shown once: the entry goes until the browser offers again.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
    await expect(menuEntry(page)).toHaveCount(0);
    await page.keyboard.press('Escape');

    expect(await offerInstall(page)).toBe(true);
    await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
    await expect(menuEntry(page)).toHaveCount(0);
  });

  test.describe('on an iPhone', () => {
    test.use({
      viewport: PHONE,
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    });

    test('the entry explains Share → Add to Home Screen', async ({ page }) => {
      await signInAs(page, user);
      await page.goto('/dashboard');
      await welcome(page, user.fullName);
      await page.getByRole('button', { name: 'Account menu' }).click();
      await menuEntry(page).click();
      const dialog = page.getByRole('dialog', { name: 'Install the app' });
      await expect(dialog).toContainText('tap the Share button');
      await expect(dialog).toContainText('Add to Home Screen');
      await screenshot(page, 'install-ios-phone');
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('sync-status')).toHaveText(/Online · synced/, { timeout: 30_000 });
      await page.getByTestId('sync-status-toggle').click();
      await expect(page.getByTestId('sync-storage')).toContainText(/Using .* of .* available/);
      await screenshot(page, 'sync-popover-phone');
    });
  });

  test('Chromium finds nothing that stops an install', async ({ baseURL }) => {
    // A browser profile of its own: Chromium never installs from an incognito-like context.
    const profile = mkdtempSync(path.join(os.tmpdir(), 'masterclass-install-'));
    const context = await chromium.launchPersistentContext(profile, { ...chromiumLaunchOptions, serviceWorkers: 'allow' });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(baseURL!);
      await waitForActiveServiceWorker(page);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});

test.describe('a session that expired offline', () => {
  test.use({ serviceWorkers: 'allow', viewport: DESKTOP });

  test('still opens the portal offline; back online the server\'s refusal asks to sign in, and the offline edit is sent after', async ({ page, context }) => {
    test.setTimeout(90_000);
    const admin = await superuserClient();
    const account = await createAccount(admin, 'offline-session');
    await page.addInitScript(() => {
      // Counts the requests for persistent storage this page makes.
      const storage = navigator.storage;
      const persist = storage.persist.bind(storage);
      storage.persist = () => {
        const seen = window as unknown as { persistRequests?: number };
        seen.persistRequests = (seen.persistRequests ?? 0) + 1;
        return persist();
      };
    });
    await page.goto('/auth');
    await signInThroughPage(page, account.email, account.password);
    await welcome(page, account.fullName);
    await expect(page.getByTestId('sync-status')).toHaveText(/Online · synced/);
    await waitForActiveServiceWorker(page);

    // A real token that the server stops accepting one second after it is made.
    const shortLived = await admin.collection('users').impersonate(account.id, 1);
    await page.evaluate(
      ({ key, token }) => {
        const stored = JSON.parse(window.localStorage.getItem(key)!) as { token: string; record: unknown };
        window.localStorage.setItem(key, JSON.stringify({ ...stored, token }));
      },
      { key: SESSION_STORAGE_KEY, token: shortLived.authStore.token },
    );
    await page.waitForTimeout(1_500);

    await context.setOffline(true);
    await page.reload();
    await welcome(page, account.fullName);
    // Chromium may still report the device online to the reloaded page: then the failed requests say it.
    await expect(page.getByTestId('sync-status')).toHaveText(/^(Offline|Server not answering)$/);
    await page.getByRole('link', { name: 'Profile Settings' }).first().click();
    await field(page, 'Company').fill('Offline Co');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();
    await field(page, 'Job Title').fill('Written offline');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByTestId('sync-status')).toHaveText(/^(Offline|Server not answering) · 2 changes waiting$/);
    // Persistent storage is asked for at the first save only.
    expect(await page.evaluate(() => (window as unknown as { persistRequests?: number }).persistRequests)).toBe(1);

    await context.setOffline(false);
    // The phone wakes the tab: a pass runs at once rather than at the next back-off.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(page.getByTestId('sync-status')).toHaveText('Sign in again to sync', { timeout: 15_000 });
    await expect(field(page, 'Company')).toHaveValue('Offline Co');
    expect((await admin.collection('users').getOne(account.id)).company).toBe('');

    await page.getByTestId('sync-status-toggle').click();
    await expect(page.getByTestId('sync-waiting')).toHaveText('2 changes waiting to be sent.');
    await screenshot(page, 'session-ended-popover-desktop');
    await page.getByRole('link', { name: 'Sign in again' }).click();
    await signInThroughPage(page, account.email, account.password);
    await expect(field(page, 'Company')).toHaveValue('Offline Co');
    await expect
      .poll(async () => {
        const record = await admin.collection('users').getOne(account.id);
        return [record.company, record.job_title];
      }, { timeout: 15_000 })
      .toEqual(['Offline Co', 'Written offline']);
    await expect(page.getByTestId('sync-status')).toHaveText(/Online · synced/);
  });
});

test.describe('two tabs', () => {
  let user: PortalTestUser;
  test.beforeEach(async () => {
    user = await createPortalUser('attendee', { company: 'Start Co', job_title: 'Start Title' });
  });
  test.afterEach(async () => {
    await user?.remove();
  });

  test('edit the profile at once: one pushes at a time, both show both edits, the server has each once', async ({ context }) => {
    test.setTimeout(90_000);
    const first = await context.newPage();
    const second = await context.newPage();
    // Sync requests of each tab, with when they started and ended.
    const spans: { tab: Page; request: Request; start: number; end: number }[] = [];
    const isSyncRequest = (request: Request) => /\/api\/collections\/[^/]+\/(records|auth-refresh)/.test(new URL(request.url()).pathname);
    context.on('request', (request) => {
      const tab = request.frame().page();
      if (isSyncRequest(request) && (tab === first || tab === second)) spans.push({ tab, request, start: Date.now(), end: Infinity });
    });
    const ended = (request: Request) => {
      const span = spans.find((candidate) => candidate.request === request);
      if (span) span.end = Date.now();
    };
    context.on('requestfinished', ended);
    context.on('requestfailed', ended);
    // Slow pushes, so two tabs pushing without the lock would overlap.
    await context.route(/\/api\/collections\/users\/records\/\w+$/, async (route) => {
      if (route.request().method() === 'PATCH') await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });

    for (const tab of [first, second]) {
      await signInAs(tab, user);
      await tab.goto('/dashboard/profile-settings');
      // The first visit pulls everything before the profile shows.
      await expect(field(tab, 'Company')).toHaveValue('Start Co', { timeout: 30_000 });
    }
    await field(first, 'Company').fill('First Tab Co');
    await field(second, 'Job Title').fill('Second Tab Title');
    await Promise.all([
      first.getByRole('button', { name: 'Save Changes' }).click(),
      second.getByRole('button', { name: 'Save Changes' }).click(),
    ]);

    for (const tab of [first, second]) {
      await expect(field(tab, 'Company')).toHaveValue('First Tab Co');
      await expect(field(tab, 'Job Title')).toHaveValue('Second Tab Title');
      await expect(tab.getByTestId('sync-status')).toHaveText(/Online · synced/);
    }
    const admin = await superuserClient();
    await expect
      .poll(async () => {
        const record = await admin.collection('users').getOne(user.id);
        return [record.company, record.job_title];
      })
      .toEqual(['First Tab Co', 'Second Tab Title']);

    await first.setViewportSize(DESKTOP);
    await first.getByTestId('sync-status-toggle').click();
    await expect(first.getByTestId('sync-storage')).toContainText(/Using .* of .* available/);
    await screenshot(first, 'sync-popover-desktop');

    const patches = spans.filter((span) => span.request.method() === 'PATCH');
    expect(patches.map((span) => span.request.postDataJSON() as unknown)).toEqual(
      expect.arrayContaining([{ company: 'First Tab Co' }, { job_title: 'Second Tab Title' }]),
    );
    expect(patches).toHaveLength(2);
    // One tab syncs at a time: no request of one tab runs while one of the other is in flight.
    const overlapping = spans.filter((a) => spans.some((b) => a.tab !== b.tab && a.start < b.end && b.start < a.end));
    expect(overlapping.map((span) => `${span.request.method()} ${span.request.url()}`)).toEqual([]);
  });
});

/** Opens the portal's database at the next version from `tab`, as a newer version of the app would; the events the opener saw. */
const upgradeDatabase = (tab: Page) =>
  tab.evaluate(
    async () => {
      const current = await new Promise<number>((resolve, reject) => {
        const probe = indexedDB.open('masterclass');
        probe.onsuccess = () => {
          resolve(probe.result.version);
          probe.result.close();
        };
        probe.onerror = () => reject(probe.error);
      });
      return new Promise<string[]>((resolve, reject) => {
        const seen: string[] = [];
        const request = indexedDB.open('masterclass', current + 10);
        request.onblocked = () => seen.push('blocked');
        request.onsuccess = () => {
          request.result.close();
          resolve([...seen, 'opened']);
        };
        request.onerror = () => reject(request.error);
      });
    },
  );

test.describe('a newer version in another tab', () => {
  let user: PortalTestUser;
  test.beforeAll(async () => {
    user = await createPortalUser('attendee', { company: 'Start Co' });
  });
  test.afterAll(async () => {
    await user?.remove();
  });

  test('upgrades the database without waiting: the portal tab reloads, or asks to when something is typed', async ({ context }) => {
    test.setTimeout(90_000);
    const portal = await context.newPage();
    const newer = await context.newPage();
    await signInAs(portal, user);
    await portal.goto('/dashboard/profile-settings');
    await expect(field(portal, 'Company')).toHaveValue('Start Co', { timeout: 30_000 });
    await newer.goto('/privacy-policy');
    const mark = () => portal.evaluate(() => ((window as unknown as { untouched: boolean }).untouched = true));
    // Read while the tab may be reloading: an evaluation cut short by the navigation is read again.
    const marked = () => portal.evaluate(() => (window as unknown as { untouched?: boolean }).untouched).catch(() => 'navigating' as const);

    // Nothing typed: the old tab lets go at once and reloads into the new version.
    await mark();
    expect(await upgradeDatabase(newer)).toEqual(['opened']);
    await expect.poll(marked).toBeUndefined();
    await expect(field(portal, 'Company')).toHaveValue('Start Co', { timeout: 30_000 });

    // Something typed and not saved: the tab still lets go, keeps the text and asks to reload.
    await field(portal, 'Company').fill('Typed, not saved');
    await mark();
    expect(await upgradeDatabase(newer)).toEqual(['opened']);
    await expect(portal.getByTestId('database-notice')).toContainText('A new version is open in another tab');
    expect(await marked()).toBe(true);
    await expect(field(portal, 'Company')).toHaveValue('Typed, not saved');
  });
});

test.describe('a database the browser cannot open', () => {
  let user: PortalTestUser;
  test.beforeAll(async () => {
    user = await createPortalUser('attendee');
  });
  test.afterAll(async () => {
    await user?.remove();
  });

  test('leaves the portal open with the reason and a way out', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.addInitScript(() => {
      window.indexedDB.open = () => {
        throw new DOMException('Internal error opening backing store for indexedDB.open.', 'UnknownError');
      };
    });
    await signInAs(page, user);
    await page.goto('/dashboard');
    const notice = page.getByTestId('database-notice');
    await expect(notice).toContainText('This device\'s storage could not be opened');
    await expect(notice).toContainText('Internal error opening backing store');
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await screenshot(page, 'database-unavailable-phone');
    // The public pages keep working.
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  });
});
