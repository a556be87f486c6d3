// Every public, portal and admin page scanned by axe-core (WCAG 2.1 A and AA
// rules) at 1280 px and 390 px, with the notices those pages show on screen: no
// violations. A page whose content depends on the event's phase (the landing
// page, registration, the portal's countdown and tools, the admin overview,
// event and check-in) is scanned in every phase it can differ in, at both widths; a page that
// reads nothing of the phase (legal pages, sign-in, the 404) is scanned once,
// in the first phase. One journey per phase and area
// opens its pages in one tab, moving between them as the app's own links do
// (no reload) and resizing the window instead of reloading it; axe is loaded
// into the tab once. A page is scanned once its content shows, its loaders are
// gone and its animations have ended, so colours are the final ones. The
// offline-ready line is scanned in tests/e2e/notices.spec.ts (it needs the
// service worker, which these journeys block).
import axe from 'axe-core';
import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, PHONE } from '../support/browser';
import { superuserClient } from '../support/e2e-admin';
import { EVENT_SLUG, masterclassEvent } from '../support/masterclassEvent';
import { createPortalUser, signInAs, type PortalTestUser } from './portal-helpers';
import { unique } from './registration-helpers';
import { signInThroughPage } from './support/accounts';
import { APP_START_TIMEOUT, startLandingApp } from './support/appStart';
import { rewriteJson, showSalesOpen } from './support/routes';

const WIDTHS = [DESKTOP, PHONE];

/**
 * The phases (DESIGN decision 17) of the seeded masterclass, Wednesday 18 June
 * 2025, 11:30 am – 2:30 pm ACST: the page's clock is set, and on sale the
 * event the pages read has its sales open.
 */
const PHASES = {
  'on sale': { clock: new Date('2025-06-04T10:00:00+09:30'), salesOpen: true },
  'sold out': { clock: new Date('2025-06-04T10:00:00+09:30'), salesOpen: false },
  happening: { clock: new Date('2025-06-18T12:00:00+09:30'), salesOpen: false },
  'taken place': { clock: new Date('2025-06-19T09:00:00+09:30'), salesOpen: false },
} as const;
type Phase = keyof typeof PHASES;

const PUBLIC_PAGES = [
  '/',
  '/register',
  '/register?waitlist=true',
  // The seeded masterclass's own page, and registration for it by its page address.
  `/events/${EVENT_SLUG}`,
  `/register?event=${EVENT_SLUG}`,
  '/contact',
  '/privacy-policy',
  '/terms',
  '/auth',
  '/reset-password',
  '/cancel',
  '/waitlist-status',
  // a door pass's link opens its PIN page for any pass id (the server answers at sign-in; the door itself: door-staff.spec.ts)
  '/door/aaaaaaaaaaaaaaa',
  '/no-such-page',
];
const PORTAL_PAGES = [
  '/dashboard',
  '/dashboard/ticket',
  '/dashboard/ai-readiness',
  '/dashboard/business-case',
  '/dashboard/use-case-generator',
  '/dashboard/use-case-generator/custom',
  '/dashboard/profile-settings',
];
const ADMIN_PAGES = ['/admin', '/admin/event', '/admin/attendees', '/admin/check-in', '/admin/emails', '/admin/messages', '/admin/speakers', '/admin/use-cases'];

/** The pages that read the phase, the sales state or the unlock (see src/features/*: phase, sales_state, unlock). */
const PHASE_PAGES = new Set([
  '/', '/register', '/register?waitlist=true', `/events/${EVENT_SLUG}`, `/register?event=${EVENT_SLUG}`,
  ...PORTAL_PAGES,
  '/admin', '/admin/event', '/admin/check-in',
]);
const FIRST_PHASE = 'on sale';
/** The pages of `pages` scanned in `phase`: every one in the first phase, the phase's own ones after it. */
const pagesIn = (pages: string[], phase: Phase) => (phase === FIRST_PHASE ? pages : pages.filter((path) => PHASE_PAGES.has(path)));

async function setPhase(page: Page, phase: Phase) {
  const { clock, salesOpen } = PHASES[phase];
  await page.clock.setFixedTime(clock);
  if (!salesOpen) return;
  await showSalesOpen(page);
  // A masterclass's page and /register?event= ask for it by its page address.
  await showSalesOpen(page, 50, '**/api/masterclass/event?*');
  await rewriteJson(page, '**/api/collections/events/records*', (body) => ({
    ...body,
    items: (body.items as Record<string, unknown>[] | undefined)?.map((event) => ({ ...event, sales_state: 'open' })),
  }));
}

/** What tells one page from the next: its title and its first heading. */
const signature = (page: Page) => page.evaluate(() => `${document.title}|${document.querySelector('h1')?.textContent ?? ''}`);

/** Opens `path` as a link in the app would: the first page loads the app, the next ones are routed in the tab. */
async function open(page: Page, path: string) {
  if (page.url() === 'about:blank') {
    await page.goto(path);
    // The landing page as sent waits for the visitor (src/app/landingWake.ts): check it as they use it.
    if (path === '/') await startLandingApp(page);
  } else if (new URL(page.url()).pathname + new URL(page.url()).search !== path) {
    const before = await signature(page);
    await page.evaluate((to) => window.history.pushState({ __TSR_index: window.history.length }, '', to), path);
    // The next page has replaced this one (a page that shares both with the one before gets a moment).
    await expect.poll(() => signature(page), { timeout: 5_000 }).not.toBe(before).catch(() => undefined);
  }
  // /auth has tabs where other pages have a main heading.
  await expect(page.locator('h1, [role="tab"]').first(), `${path} shows its heading`).toBeVisible({ timeout: APP_START_TIMEOUT });
  await expect(page.locator('.mantine-Loader-root, .mantine-Skeleton-root[data-visible]'), `${path} has loaded`).toHaveCount(0, { timeout: APP_START_TIMEOUT });
}

/** axe's findings, one line each, so a failure names the page, the rule, the element and why. */
async function violations(page: Page, label: string): Promise<string[]> {
  // Let fade-ins and transitions finish: axe reads the colours on screen.
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  // Loaded once per tab: the app's routing keeps the window, and with it axe.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const found = await page.evaluate(async () => {
    const scan = (window as unknown as { axe: typeof axe }).axe;
    const results = await scan.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] });
    return results.violations.flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} — ${node.failureSummary?.split('\n').slice(1).join(' ').trim()}`),
    );
  });
  return found.map((line) => `${label}: ${line}`);
}

const WIDTHS_LABEL = WIDTHS.map((viewport) => viewport.width).join(' and ');

/** Scans the page at both widths; `notices` (if any) shows the page's notices first, at each width. */
async function scanWidths(page: Page, path: string, found: string[], notices?: () => Promise<void>) {
  for (const viewport of WIDTHS) {
    await page.setViewportSize(viewport);
    if (notices) await notices();
    found.push(...(await violations(page, `${path} at ${viewport.width} px`)));
  }
}

/** A notice with this title (the last: one that moved fades out where it was). */
const notice = (page: Page, title: string) => page.locator('.mantine-Notification-root').filter({ hasText: title }).last();

for (const phase of Object.keys(PHASES) as Phase[]) {
  test.describe(`${phase}`, () => {
    let promo: { code: string; remove: () => Promise<void> } | undefined;
    let attendee: PortalTestUser;
    let administrator: PortalTestUser;

    test.beforeAll(async () => {
      attendee = await createPortalUser('attendee', {}, { seated: true });
      administrator = await createPortalUser('administrator');
      if (!PHASES[phase].salesOpen) return;
      const admin = await superuserClient();
      const event = await masterclassEvent(admin);
      const code = unique('A11Y').replace(/-/g, '_').toUpperCase();
      const expires = new Date(Date.now() + 86_400_000).toISOString().replace('T', ' ');
      const record = await admin.collection('promo_codes').create({ code, event: event.id, max_uses: 50, used_count: 0, active: true, expires_at: expires });
      promo = { code, remove: () => admin.collection('promo_codes').delete(record.id).then(() => undefined) };
    });
    test.afterAll(async () => {
      await Promise.all([attendee?.remove(), administrator?.remove(), promo?.remove()]);
    });

    test(`public pages have no accessibility violations at ${WIDTHS_LABEL} px (${phase})`, async ({ page, browser }) => {
      test.setTimeout(120_000);
      await setPhase(page, phase);
      const found: string[] = [];
      for (const path of pagesIn(PUBLIC_PAGES, phase)) {
        if (path === '/') {
          // Most visitors read the landing page as the server sent it, before any of the app runs
          // (src/app/landingWake.ts): that page, with none of its scripts.
          const asSent = await browser.newContext();
          await asSent.route((url) => url.pathname.endsWith('.js'), (route) => route.abort());
          const sentPage = await asSent.newPage();
          await sentPage.goto('/');
          await scanWidths(sentPage, '/ as sent', found);
          await asSent.close();
        }
        await open(page, path);
        if (path === '/register' && promo) {
          // A promo error, then its success in its place.
          const code = promo.code;
          await scanWidths(page, path, found, async () => {
            const remove = page.getByRole('button', { name: 'Remove promo code' });
            if (await remove.isVisible()) await remove.click();
            await page.getByRole('textbox', { name: 'Promo code' }).fill('NOT-A-CODE');
            await page.getByRole('button', { name: 'Apply' }).click();
            await expect(notice(page, 'Invalid Promo Code')).toBeVisible();
            found.push(...(await violations(page, `${path} with a promo error`)));
            await page.getByRole('textbox', { name: 'Promo code' }).fill(code);
            await page.getByRole('button', { name: 'Apply' }).click();
            await expect(notice(page, 'Promo Code Applied')).toBeVisible();
          });
        } else if (path === '/auth') {
          await scanWidths(page, path, found, async () => {
            await signInThroughPage(page, 'nobody@example.com', 'not-the-password');
            await expect(notice(page, 'Sign In Failed')).toBeVisible();
          });
        } else {
          await scanWidths(page, path, found);
        }
      }
      expect(found).toEqual([]);
    });

    // Sold out is on sale's clock, and the portal shows nothing of sales: its pages are on sale's.
    if (phase !== 'sold out') test(`portal pages have no accessibility violations at ${WIDTHS_LABEL} px (${phase})`, async ({ page }) => {
      test.setTimeout(120_000);
      await setPhase(page, phase);
      await signInAs(page, attendee);
      const found: string[] = [];
      for (const path of PORTAL_PAGES) {
        await open(page, path);
        if (path === '/dashboard/profile-settings') {
          await scanWidths(page, path, found, async () => {
            // The saved note shows for 3 s: on a machine busy enough that one look at the page takes
            // longer, it can come and go unseen, so the (unchanged) profile is saved again until it is seen.
            await expect(async () => {
              await page.getByRole('button', { name: 'Save Changes' }).click();
              await expect(notice(page, 'Your profile has been updated')).toBeVisible({ timeout: 2_500 });
            }).toPass({ timeout: 20_000 });
          });
        } else {
          await scanWidths(page, path, found);
        }
      }
      expect(found).toEqual([]);
    });

    test(`admin pages have no accessibility violations at ${WIDTHS_LABEL} px (${phase})`, async ({ page }) => {
      test.setTimeout(120_000);
      await setPhase(page, phase);
      await signInAs(page, administrator);
      const found: string[] = [];
      for (const path of pagesIn(ADMIN_PAGES, phase)) {
        await open(page, path);
        if (path === '/admin/attendees') {
          await scanWidths(page, path, found, async () => {
            await page.getByRole('button', { name: 'Export to CSV' }).click();
            await expect(page.locator('.mantine-Notification-root[data-notice-topic="export"]').last()).toBeVisible();
          });
        } else {
          await scanWidths(page, path, found);
        }
      }
      expect(found).toEqual([]);
    });
  });
}
