import { expect, type Page } from '@playwright/test';

/**
 * How long a journey waits for the landing page's app to start and show its first
 * server data: its scripts start only once the prerendered hero has painted, and
 * on a busy 2-core runner that can take longer than a plain expectation's 7 s.
 */
export const APP_START_TIMEOUT = 15_000;

/**
 * The visitor reaches for the landing page (a key press), which starts its app
 * (src/app/landingWake.ts): resolves once React owns the page (the hero art fades
 * in from then on).
 */
export async function startLandingApp(page: Page): Promise<void> {
  await page.keyboard.press('Shift');
  await expect(page.locator('img[data-prerendered]')).toHaveAttribute('data-loaded', 'true', { timeout: APP_START_TIMEOUT });
}
