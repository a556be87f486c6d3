// Nothing waits forever offline: a portal page whose data has not reached the
// device yet (the first pull failed, or the device went offline before it
// finished) says it needs a connection, with Retry, instead of loading for as
// long as one waits; and shows the data as soon as it arrives.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { DESKTOP, PHONE } from '../support/browser';
import { createPortalUser, signInAs, type PortalTestUser } from './portal-helpers';
import { lookAt } from './support/lookAt';

/** Generous: the page says it within a few seconds, but a loaded runner is slow to render anything. */
const SAYS_IT = { timeout: 30_000 };

const notice = (page: Page) => page.getByTestId('needs-connection');

/**
 * Every pull of the context fails (no answer at all, as on a dead link) while `blocked`;
 * the first pull never stores anything.
 */
async function blockPulls(context: BrowserContext) {
  const state = { blocked: true };
  await context.route(/\/api\/sync\/changes/, (route) => (state.blocked ? route.abort('internetdisconnected') : route.continue()));
  return state;
}

interface FirstLoadPage {
  name: string;
  path: string;
  /** The page's sentence for the data it is missing. */
  message: string;
  /** The data, shown once it has arrived. */
  loaded: (page: Page, user: PortalTestUser) => Promise<void>;
}

const pages: FirstLoadPage[] = [
  {
    name: 'profile settings',
    path: '/dashboard/profile-settings',
    message: 'Your profile needs a connection to load the first time.',
    loaded: async (page) => {
      await expect(page.getByRole('textbox', { name: 'Company', exact: true })).toHaveValue('First Load Co', SAYS_IT);
    },
  },
  {
    name: 'the ticket',
    path: '/dashboard/ticket',
    message: 'Your ticket needs a connection to load the first time.',
    // The seeded masterclass has taken place, so the ticket that arrives says attended or not, with no QR code.
    loaded: async (page, user) => {
      const ticket = page.getByRole('region', { name: 'Your ticket' });
      await expect(ticket.getByText(user.fullName, { exact: true })).toBeVisible(SAYS_IT);
      await expect(ticket.getByText(/^(Attended|Not checked in)$/)).toBeVisible();
    },
  },
  {
    name: 'a tool',
    path: '/dashboard/use-case-generator',
    message: 'The masterclass details need a connection to load the first time.',
    loaded: async (page) => {
      await expect(page.getByText(/^\d+ Use Cases? Available$/)).toBeVisible(SAYS_IT);
    },
  },
  {
    name: 'the dashboard',
    path: '/dashboard',
    message: 'The masterclass details need a connection to load the first time.',
    loaded: async (page) => {
      await expect(page.getByRole('link', { name: 'Open tool: AI Readiness' })).toBeVisible(SAYS_IT);
    },
  },
];

test.describe('a page whose data is not on the device yet', () => {
  let user: PortalTestUser;
  test.beforeAll(async () => {
    user = await createPortalUser('attendee', { company: 'First Load Co' }, { seated: true });
  });
  test.afterAll(async () => {
    await user?.remove();
  });

  test('the first pull fails: each page says it needs a connection, and Retry brings the data', async ({ browser }) => {
    test.setTimeout(60_000 * pages.length);
    for (const [index, row] of pages.entries()) {
      await test.step(row.name, async () => {
        // A device of its own for each page: nothing any earlier row pulled is stored.
        const context = await browser.newContext({ viewport: index % 2 === 0 ? PHONE : DESKTOP, serviceWorkers: 'block', reducedMotion: 'reduce' });
        try {
          const page = await context.newPage();
          const pulls = await blockPulls(context);
          await signInAs(page, user);
          await page.goto(row.path);
          await expect(notice(page)).toBeVisible(SAYS_IT);
          await expect(notice(page)).toContainText(row.message);
          // Said once on the page.
          await expect(page.getByText(row.message)).toHaveCount(1);
          const retry = notice(page).getByRole('button', { name: 'Retry' });
          await expect(retry).toBeVisible();
          if (index === 0) {
            for (const size of [PHONE, DESKTOP]) {
              await page.setViewportSize(size);
              await lookAt(page, { path: test.info().outputPath(`needs-connection-${size.width}.png`), fullPage: true });
            }
          }

          // The server answers again from the press on (a retry the engine makes by itself before it
          // still fails, so the notice stays for the press): Retry asks for a pass, and the data shows.
          await retry.click();
          pulls.blocked = false;
          await row.loaded(page, user);
          await expect(notice(page)).toHaveCount(0);
        } finally {
          await context.close();
        }
      });
    }
  });

  test('offline before the first pull stored the profile: it says so, and shows the profile once back online', async ({ browser }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'block', reducedMotion: 'reduce' });
    try {
      const page = await context.newPage();
      const pulls = await blockPulls(context);
      await signInAs(page, user);
      await page.goto('/dashboard/profile-settings');
      await expect(notice(page)).toBeVisible(SAYS_IT);
      await context.setOffline(true);
      await expect(notice(page)).toContainText('You are offline. Connect to the internet and press Retry.');
      await expect(notice(page)).toContainText('Your profile needs a connection to load the first time.');
      await lookAt(page, { path: test.info().outputPath('needs-connection-offline-390.png'), fullPage: true });

      // Back online, the sync runs at once: the profile shows without a press.
      pulls.blocked = false;
      await context.setOffline(false);
      await expect(page.getByRole('textbox', { name: 'Company', exact: true })).toHaveValue('First Load Co', SAYS_IT);
      await expect(notice(page)).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
});
