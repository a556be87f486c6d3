// How current the device's copy is, as the sync popover says it: 'Up to date as
// of <time> (just now)' after a complete sync, the same time aging while the
// device is offline, and 'Not synced on this device yet.' while no sync has
// completed. Screenshots at desktop and phone width.
import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, PHONE } from '../support/browser';
import { createPortalUser, signInAs, type PortalTestUser } from './portal-helpers';
import { lookAt } from './support/lookAt';

test.use({ timezoneId: 'Australia/Adelaide' });

let user: PortalTestUser;
test.beforeAll(async () => {
  user = await createPortalUser('attendee');
});
test.afterAll(async () => {
  await user?.remove();
});

const screenshot = (page: Page, name: string) => lookAt(page, { path: test.info().outputPath(`${name}.png`) });
const checkpoint = (page: Page) => page.getByTestId('sync-last');

/** The popover's opening transition runs on the page's (installed) clock: run it to the end. */
async function popoverOpened(page: Page) {
  const opacity = () => page.getByTestId('sync-details').evaluate((element) => {
    for (let node: Element | null = element; node; node = node.parentElement) {
      if (getComputedStyle(node).opacity !== '1') return getComputedStyle(node).opacity;
    }
    return '1';
  });
  await expect.poll(async () => {
    await page.clock.runFor(250);
    return opacity();
  }).toBe('1');
}

for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
  test(`on a ${name}, the popover says the copy is up to date as of the last sync, and how long ago as time passes offline`, async ({ page, context }) => {
    await page.setViewportSize(viewport);
    await page.clock.install();
    await signInAs(page, user);
    await page.goto('/dashboard');
    await expect(page.getByTestId('sync-status')).toHaveText(/Online · synced just now/, { timeout: 30_000 });
    await page.getByTestId('sync-status-toggle').click();
    await expect(checkpoint(page)).toHaveText(/^Up to date as of \d{1,2}:\d{2} [ap]m \(just now\)\.$/);
    const time = /as of (\d{1,2}:\d{2} [ap]m)/.exec((await checkpoint(page).textContent()) ?? '')?.[1];
    await popoverOpened(page);
    await screenshot(page, `sync-checkpoint-${name}`);

    // Offline, nothing syncs: the checkpoint stays and ages.
    await context.setOffline(true);
    await expect(page.getByTestId('sync-connection')).toHaveText(/^Offline/);
    await page.clock.fastForward('05:00');
    await expect(checkpoint(page)).toHaveText(`Up to date as of ${time} (5 min ago).`);
    await expect(page.getByTestId('sync-status')).toHaveText('Offline');
    await screenshot(page, `sync-checkpoint-offline-${name}`);
    await context.setOffline(false);
  });
}

test('with no sync completed on this device, the popover says so', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signInAs(page, user);
  // The server never answers this device.
  await page.route('**/api/**', (route) => route.abort('connectionfailed'));
  await page.goto('/dashboard');
  await expect(page.getByTestId('sync-status')).toHaveText('Server not answering', { timeout: 30_000 });
  await page.getByTestId('sync-status-toggle').click();
  await expect(checkpoint(page)).toHaveText('Not synced on this device yet.');
  await screenshot(page, 'sync-checkpoint-never-phone');
});
