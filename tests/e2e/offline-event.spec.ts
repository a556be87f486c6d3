// The installed app opened with no network shows only the masterclass the
// server gave it, as the device kept it (never a copy of the page the server
// filled in for an earlier visit, whose phase and seats left may be long out
// of date): the landing page and /register each
// stand in for the other (a visitor who only ever saw `/` opens /register
// offline with the same date and phase), and a device that kept nothing says
// once that the details need a connection, with no date, phase or toast of
// its own making.
//
// The masterclass on sale here is set by the file's own PocketBase (a
// December date, well after the seed's), so no other journey sees it and the
// test does not depend on the seed's date. Screenshots (first screen and
// whole page, 1280 and 390 px): /tmp/shots/offline-event-*.png.
import { expect, test, type Page } from '@playwright/test';
import type PocketBase from 'pocketbase';
import { DESKTOP, PHONE } from '../support/browser';
import { masterclassEvent } from '../support/masterclassEvent';
import type { TestServer } from '../support/pocketbase';
import { toast } from './registration-helpers';
import { APP_START_TIMEOUT } from './support/appStart';
import { ownServerForFile, routeApiTo } from './support/ownServer';
import { lookAt } from './support/lookAt';

let server: TestServer;
let superuser: PocketBase;
ownServerForFile((started) => ({ server, admin: superuser } = started));

/** On sale in December, 10:30 am – 1:30 pm Adelaide daylight time. */
const DECEMBER = { starts_at: '2031-12-10 00:00:00.000Z', ends_at: '2031-12-10 03:00:00.000Z' };
const DECEMBER_DATE = 'Wednesday 10 December 2031';
const NEEDS_CONNECTION = "You're offline. Connect to the internet to see the masterclass details.";
const SEATS_NEED_CONNECTION = 'Seats left: connect to the internet to check';
/** Any date a page could print ('18 June 2025', 'June 18, 2025'). */
const ANY_DATE = /\b\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}\b|\b(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}\b/;

test.use({ serviceWorkers: 'allow' });
// Installing the worker precaches the whole build first: slow on a busy 2-core machine.
test.setTimeout(90_000);

test.beforeAll(async () => {
  const event = await masterclassEvent(superuser);
  await superuser.collection('events').update(event.id, { ...DECEMBER, sales_state: 'open' });
});

/** Waits until the service worker has precached the app and controls the page. */
async function waitForOfflineApp(page: Page) {
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? 'none'), { timeout: 30_000 })
    .toBe('activated');
  // The first visit is not controlled yet: a reload puts it under the worker.
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
}

/** The keys of the public answers the device keeps (src/db/publicDatabase.ts); [] when it keeps none. */
function storedCopies(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((db) => db.name === 'masterclass-public')) return [];
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('masterclass-public');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    try {
      if (!db.objectStoreNames.contains('copies')) return [];
      return await new Promise<string[]>((resolve, reject) => {
        const keys = db.transaction('copies').objectStore('copies').getAllKeys();
        keys.onsuccess = () => resolve(keys.result.map(String));
        keys.onerror = () => reject(keys.error);
      });
    } finally {
      db.close();
    }
  });
}

async function shoot(page: Page, name: string) {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => window.scrollTo(0, 0));
    await lookAt(page, { path: `/tmp/shots/offline-event-${name}-${viewport.width}.png` });
    await lookAt(page, { path: `/tmp/shots/offline-event-${name}-${viewport.width}-full.png`, fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

test('the masterclass on sale, seen once online on /, shows offline on / and on /register never visited: its date and phase', async ({ page, context }) => {
  await page.setViewportSize(DESKTOP);
  await routeApiTo(page, server);
  await page.goto('/');
  await waitForOfflineApp(page);
  const details = page.getByRole('region', { name: 'Event Details' });
  await expect(details.getByText(DECEMBER_DATE, { exact: true })).toBeVisible({ timeout: APP_START_TIMEOUT });
  await expect.poll(() => storedCopies(page)).toContain('event');
  expect(await storedCopies(page)).not.toContain('eventSummary');

  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await context.setOffline(true);
  await page.reload();
  await expect(details.getByText(DECEMBER_DATE, { exact: true })).toBeVisible({ timeout: APP_START_TIMEOUT });
  const hero = page.getByRole('region', { name: 'AI CHAMPIONS MASTERCLASS' });
  await expect(hero.getByRole('link', { name: 'Register Now' })).toBeVisible();
  // The device's copy, never a page the server filled in earlier: no count of seats as if current.
  await expect(hero.getByText(SEATS_NEED_CONNECTION, { exact: true })).toBeVisible();
  await expect(hero.getByText(/\d+ seats? left/)).toHaveCount(0);
  await expect(page.getByText('Taken Place')).toHaveCount(0);
  await expect(page.getByText(/18 June 2025|June 18, 2025/)).toHaveCount(0);
  await shoot(page, 'landing-stored');

  await page.goto('/register');
  await expect(page.getByText(`AI Champions Masterclass · ${DECEMBER_DATE}`)).toBeVisible({ timeout: APP_START_TIMEOUT });
  // On sale: the form itself, not a closed or taken-place notice.
  await expect(page.getByRole('textbox', { name: 'Full Name' })).toBeVisible();
  await expect(page.getByText(/Taken Place|Sold Out|Registration Closed/)).toHaveCount(0);
  await expect(page.getByText("We couldn't load the masterclass details")).toHaveCount(0);
  await expect(page.getByText(/18 June 2025|June 18, 2025/)).toHaveCount(0);
  await expect(toast(page, 'Event details not found')).toHaveCount(0);
  await shoot(page, 'register-stored');
});

test('a device that kept nothing about the masterclass says once, offline, that the details need a connection', async ({ page, context }) => {
  await page.setViewportSize(DESKTOP);
  // Installed from a page that reads nothing about the event.
  await routeApiTo(page, server);
  await page.goto('/privacy-policy');
  await waitForOfflineApp(page);
  expect(await storedCopies(page)).toEqual([]);

  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await context.setOffline(true);
  await page.goto('/');
  const message = page.getByText(NEEDS_CONNECTION, { exact: true });
  await expect(message).toBeVisible({ timeout: APP_START_TIMEOUT });
  await expect(message).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Why This Masterclass Matters' })).toBeVisible();
  // No date, phase, price or seats of the page's own making, and no second message.
  await expect(page.locator('body')).not.toHaveText(ANY_DATE);
  await expect(page.getByText(/Taken Place|Sold Out|Happening Now|participants/)).toHaveCount(0);
  await expect(page.getByText('Speaker profiles are not available right now. Please check back soon.')).toHaveCount(0);
  await expect(page.getByText("We couldn't load the masterclass details")).toHaveCount(0);
  await shoot(page, 'landing-nothing-stored');

  await page.goto('/register');
  await expect(message).toBeVisible({ timeout: APP_START_TIMEOUT });
  await expect(message).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Register for the Masterclass' })).toBeVisible();
  await expect(page.locator('body')).not.toHaveText(ANY_DATE);
  await expect(page.getByText("We couldn't load the masterclass details")).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Full Name' })).toHaveCount(0);
  // The toasts load after the first render: give a toast the time it would need to show.
  await page.waitForTimeout(2_000);
  await expect(toast(page, 'Event details not found')).toHaveCount(0);
  await shoot(page, 'register-nothing-stored');
});
