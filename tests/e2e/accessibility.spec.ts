// Every public page scanned by axe-core (WCAG 2.1 A and AA rules)
// at 1280 px and 390 px: no violations. The scan runs once the page shows its
// content and its fade-in animations have ended, so colours are the final ones.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, PHONE } from '../support/browser';
import { APP_START_TIMEOUT } from './support/appStart';

const PUBLIC_PAGES: Array<[path: string, ready: (page: Page) => Promise<void>]> = [
  ['/', (page) => expect(page.getByText('Limited to 50 participants', { exact: true })).toBeVisible({ timeout: APP_START_TIMEOUT })],
  ['/register', (page) => expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: APP_START_TIMEOUT })],
  ['/register?waitlist=true', (page) => expect(page.getByLabel('Email', { exact: false }).first()).toBeVisible({ timeout: APP_START_TIMEOUT })],
  ['/contact', (page) => expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: APP_START_TIMEOUT })],
  ['/privacy-policy', (page) => expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible({ timeout: APP_START_TIMEOUT })],
  ['/terms', (page) => expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible({ timeout: APP_START_TIMEOUT })],
  ['/auth', (page) => expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible({ timeout: APP_START_TIMEOUT })],
  ['/reset-password', (page) => expect(page.getByRole('heading').first()).toBeVisible({ timeout: APP_START_TIMEOUT })],
  ['/no-such-page', (page) => expect(page.getByText('Oops! Page not found')).toBeVisible({ timeout: APP_START_TIMEOUT })],
];

/** axe's findings, one line each, so a failure names the rule, the element and why. */
async function violations(page: Page): Promise<string[]> {
  // Let fade-ins and transitions finish: axe reads the colours on screen.
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} — ${node.failureSummary?.split('\n').slice(1).join(' ').trim()}`),
  );
}

for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const [urlPath, ready] of PUBLIC_PAGES) {
      test(`${urlPath} has no accessibility violations (${label})`, async ({ page }) => {
        await page.goto(urlPath);
        await ready(page);
        expect(await violations(page)).toEqual([]);
      });
    }
  });
}
