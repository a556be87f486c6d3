// Every public page is valid HTML by the W3C Nu HTML Checker (the `vnu-jar`
// package, run once per batch of pages): the HTML the server sends, as a crawler
// reads it (the prerendered landing page for `/`, the app shell for every other
// route), and the page once the app has rendered it in the browser
// (`document.documentElement.outerHTML`), at desktop and phone widths, with no
// `<style>` element in the body. Warnings may stay; the one error kept on purpose
// is in ./support/htmlValidity.ts with its reason. The pages behind a sign-in or a
// link (portal, admin, door, order): html-validity-app.spec.ts.
import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, PHONE } from '../support/browser';
import { errorsOf, validateHtml } from '../support/vnu';
import { EVENT_SLUG } from '../support/masterclassEvent';
import { APP_START_TIMEOUT, startLandingApp } from './support/appStart';
import { documentHtml, isKeptOnPurpose, unexpectedErrors, withStyleInBody } from './support/htmlValidity';

/** Every page a visitor can open without an account (src/routes), the 404 page included. */
const PUBLIC_PAGES = [
  '/',
  '/register',
  '/register?waitlist=true',
  '/auth',
  '/terms',
  '/privacy-policy',
  '/contact',
  '/waitlist-status',
  '/cancel',
  '/reset-password',
  // The seeded masterclass's own page, and registration for it by its page address.
  `/events/${EVENT_SLUG}`,
  `/register?event=${EVENT_SLUG}`,
];
const NOT_FOUND = '/no-such-page';

// The checker is a Java program: starting it and checking a batch takes several seconds, more on a busy runner.
const VALIDATION_TIMEOUT = 120_000;

test('the HTML the server sends for every public page is valid', async ({ request }) => {
  test.setTimeout(VALIDATION_TIMEOUT);
  const pages = [];
  for (const url of [...PUBLIC_PAGES, NOT_FOUND]) {
    const response = await request.get(url);
    expect(response.status(), url).toBe(url === NOT_FOUND ? 404 : 200);
    pages.push({ name: `served ${url}`, html: await response.text() });
  }
  const reports = await validateHtml(pages);
  expect(unexpectedErrors(reports)).toEqual([]);
  expect(withStyleInBody(pages)).toEqual([]);
  // The launch-screen exception is exactly the six links, on every page.
  for (const report of reports) expect(errorsOf(report).filter(isKeptOnPurpose), report.name).toHaveLength(6);
});

/** The page as the app has rendered it: data loaded, no placeholder busy, the idle-time extras in. */
async function renderedHtml(page: Page, url: string): Promise<string> {
  await page.goto(url);
  // The landing page as sent waits for the visitor (src/app/landingWake.ts); the served markup is checked above.
  if (url === '/') await startLandingApp(page);
  await expect(page.locator('#root').locator('h1, h2, [role="tablist"]').first(), url).toBeVisible({ timeout: APP_START_TIMEOUT });
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: APP_START_TIMEOUT });
  // The toasts' container is among the extras the app renders once the page is idle.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestAnimationFrame(resolve), { timeout: 3000 })));
  return documentHtml(page);
}

for (const viewport of [DESKTOP, PHONE]) {
  test(`every public page is valid once the app has rendered it, ${viewport.width} px wide`, async ({ page }) => {
    test.setTimeout(VALIDATION_TIMEOUT + 12 * 2 * APP_START_TIMEOUT);
    await page.setViewportSize(viewport);
    const pages = [];
    for (const url of [...PUBLIC_PAGES, NOT_FOUND]) pages.push({ name: `rendered ${url} at ${viewport.width} px`, html: await renderedHtml(page, url) });
    const reports = await validateHtml(pages);
    expect(unexpectedErrors(reports)).toEqual([]);
    expect(withStyleInBody(pages)).toEqual([]);
  });
}
