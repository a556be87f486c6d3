// Notices that help and never get in the way: one notice per topic (a success
// replaces its error), nothing over the header or the button just pressed, a
// named close button on every notice, and "Ready to work offline" said quietly
// in the page instead of as a notice. Also what must never be cut off: the
// order summary's promo line, and the 404 page's way around the site.
// Screenshots: /tmp/shots/notices/.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DESKTOP, PHONE } from '../support/browser';
import { superuserClient } from '../support/e2e-admin';
import { masterclassEvent } from '../support/masterclassEvent';
import type PocketBase from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import { signInAs } from './portal-helpers';
import { attendeeFields, attendeeCards, fillWaitlistEntry, privacyConsent, unique } from './registration-helpers';
import { createAccount, signInThroughPage } from './support/accounts';
import { APP_START_TIMEOUT } from './support/appStart';
import { lookAt } from './support/lookAt';
import { ownServerAdministrator, ownServerForFile, routeApiTo } from './support/ownServer';
import { showSalesOpen } from './support/routes';

const SHOTS = '/tmp/shots/notices';
/** A fortnight before the seeded masterclass (18 June 2025, 11:30 am ACST). */
const BEFORE_EVENT = new Date('2025-06-04T10:00:00+09:30');

const notices = (page: Page) => page.locator('.mantine-Notification-root');
const notice = (page: Page, title: string) => notices(page).filter({ hasText: title });

/** Lets enter transitions finish, so boxes are where they stay. */
const settle = (page: Page) => page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The buttons that submit the page's forms, wholly on screen, by their text. */
async function primaryButtonsInView(page: Page): Promise<Record<string, Locator>> {
  const found: Record<string, Locator> = {};
  for (const button of await page.locator('button[type="submit"]').all()) {
    const box = await button.boundingBox();
    const viewport = page.viewportSize()!;
    if (box && box.y >= 0 && box.y + box.height <= viewport.height && !(await button.evaluate((element) => !!element.closest('.mantine-Notification-root')))) {
      found[`the button "${(await button.innerText()).trim()}"`] = button;
    }
  }
  return found;
}

/** Every notice showing covers none of `targets` nor any submit button on screen. */
async function expectNothingCovered(page: Page, named: Record<string, Locator>) {
  await settle(page);
  const targets = { ...named, ...(await primaryButtonsInView(page)) };
  const shown = await notices(page).all();
  expect(shown.length).toBeGreaterThan(0);
  for (const item of shown) {
    const box = await item.boundingBox();
    expect(box).not.toBeNull();
    for (const [name, target] of Object.entries(targets)) {
      const covered = await target.boundingBox();
      if (covered) expect(overlaps(box!, covered), `a notice covers ${name}`).toBe(false);
    }
  }
}

/** axe (WCAG 2.1 A and AA) finds nothing on the page as it is, notice and all. */
async function expectAxeClean(page: Page) {
  await settle(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function expectNamedCloseButtons(page: Page) {
  for (const item of await notices(page).all()) await expect(item.getByRole('button', { name: 'Close notice' })).toBeVisible();
}

/** Neither the element nor what it holds is cut off. */
async function expectWhole(locator: Locator) {
  const clipped = await locator.evaluate((element) =>
    [element, ...element.querySelectorAll('*')].some((node) => node.scrollWidth > node.clientWidth + 1 && getComputedStyle(node).overflow !== 'visible'),
  );
  expect(clipped).toBe(false);
}

test.describe('registration', () => {
  let promo: { code: string; remove: () => Promise<void> };

  test.beforeAll(async () => {
    const admin = await superuserClient();
    const event = await masterclassEvent(admin);
    // A long code, as organisers make them: the summary must show it whole.
    const code = `PROMOCHAMPION_SPRING_${unique('X').replace(/-/g, '_').toUpperCase()}`;
    const expires = new Date(Date.now() + 86_400_000).toISOString().replace('T', ' ');
    const record = await admin.collection('promo_codes').create({ code, event: event.id, max_uses: 5, used_count: 0, active: true, expires_at: expires });
    promo = { code, remove: () => admin.collection('promo_codes').delete(record.id).then(() => undefined) };
  });
  test.afterAll(async () => {
    await promo?.remove();
  });

  test('a promo error is replaced by its success, nothing covers the header or the buttons, the summary shows the code whole (1280 and 390 px)', async ({ page }) => {
    await page.clock.setFixedTime(BEFORE_EVENT);
    await showSalesOpen(page);
    await page.setViewportSize(DESKTOP);
    await page.goto('/register');
    const header = page.locator('header').first();
    const input = page.getByRole('textbox', { name: 'Promo code' });
    const apply = page.getByRole('button', { name: 'Apply' });
    await expect(input).toBeVisible({ timeout: APP_START_TIMEOUT });

    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      if (viewport === PHONE) {
        // On a phone the code is typed with the Apply button at the foot of the screen.
        await apply.evaluate((button) => button.scrollIntoView({ block: 'end' }));
      }
      await input.fill('NOT-A-CODE');
      await apply.click();
      await expect(notice(page, 'Invalid Promo Code')).toBeVisible();
      await expectNothingCovered(page, { 'the header': header, 'the Apply button': apply });
      await expectNamedCloseButtons(page);

      await input.fill(promo.code.toLowerCase());
      await apply.click();
      await expect(notice(page, 'Promo Code Applied')).toBeVisible();
      // One notice per topic: the success took the error's place.
      await expect(notice(page, 'Invalid Promo Code')).toHaveCount(0);
      await expect(notices(page)).toHaveCount(1);
      const submit = page.getByRole('button', { name: 'Complete Free Registration' });
      await expectNothingCovered(page, { 'the header': header, 'the registration button': submit });
      await expectNamedCloseButtons(page);

      const promoLine = page.getByTestId('order-promo');
      await expect(promoLine.getByText(`Promo ${promo.code.toLowerCase()}`, { exact: true })).toBeVisible();
      await expectWhole(promoLine);
      await expect(promoLine.getByRole('button', { name: 'Remove promo code' })).toBeVisible();
      await lookAt(page.getByTestId('order-summary'), { path: `${SHOTS}/order-summary-${viewport.width}.png` });
      await lookAt(page, { path: `${SHOTS}/register-promo-${viewport.width}.png` });
      await promoLine.getByRole('button', { name: 'Remove promo code' }).click();
    }
  });
});

test.describe('the registration form', () => {
  // Two widths, each with an axe scan, on a busy runner.
  test.describe.configure({ timeout: 120_000 });
  /** The inline message of every required field and of the privacy policy, in the order the form shows them. */
  const EVERY_REQUIRED = [
    'Full name is required',
    'Valid email is required',
    'Company is required',
    'Job title is required',
    'Phone number is required',
    'Role selection is required',
    'You must accept the privacy policy to continue',
  ];

  test('pressed empty, it names every field needing attention beside its button and puts the cursor in the first; no notice covers the page (390 and 1280 px)', async ({ page }) => {
    await page.clock.setFixedTime(BEFORE_EVENT);
    await showSalesOpen(page);
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.goto('/register');
      const submit = page.getByRole('button', { name: 'Proceed to Payment' });
      await expect(submit).toBeVisible({ timeout: APP_START_TIMEOUT });
      await submit.click();
      const summary = page.getByTestId('form-problems');
      await expect(summary).toBeVisible();
      await expect(summary).toHaveAttribute('role', 'alert');
      // Every field, by its own message, in the form's order; the spec's title and sentence above them.
      await expect(summary.getByRole('listitem')).toHaveText(EVERY_REQUIRED);
      await expect(summary).toContainText('Invalid Attendee Information');
      await expect(summary).toContainText('Attendee 1 needs a valid full name, Attendee 1 needs a valid email address');
      const fields = attendeeFields(attendeeCards(page).first());
      await expect(fields.fullName).toBeFocused();
      // The form's problems are said in the page: no notice over it.
      await expect(notices(page)).toHaveCount(0);

      // Pressed again: still one summary, still no notice.
      await submit.click();
      await expect(page.getByTestId('form-problems')).toHaveCount(1);
      await expect(notices(page)).toHaveCount(0);

      // Each names its field and takes the cursor there; a field put right leaves the list.
      await summary.getByRole('button', { name: 'Company is required' }).click();
      await expect(fields.company).toBeFocused();
      await fields.company.fill('مؤسسة الذكاء 🚀');
      await expect(summary.getByRole('listitem')).toHaveText(EVERY_REQUIRED.filter((text) => text !== 'Company is required'));
      await summary.scrollIntoViewIfNeeded();
      await lookAt(page, { path: `${SHOTS}/register-problems-${viewport.width}.png` });
      await expectAxeClean(page);
      // What is typed is kept on the device: the next width starts from an empty form again.
      await fields.company.fill('');
    }
  });

  test('a waitlist entry without a name and email says so beside the button in the spec\'s words', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/register?waitlist=true');
    const submit = page.getByRole('button', { name: 'Register for Future Events' });
    await expect(submit).toBeVisible({ timeout: APP_START_TIMEOUT });
    await submit.click();
    const summary = page.getByTestId('form-problems');
    await expect(summary).toContainText('Missing Information');
    await expect(summary).toContainText('Please provide your full name and email address');
    await expect(summary.getByRole('listitem')).toHaveText(['Full name is required', 'Valid email is required', 'You must accept the privacy policy to continue']);
    await expect(notices(page)).toHaveCount(0);
  });

  test('joining the waitlist: the finished step says so under its heading, no notice repeats it (390 and 1280 px)', async ({ page }) => {
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.goto('/register?waitlist=true');
      await fillWaitlistEntry(page, { fullName: 'Zoë 𠮷田', email: `${unique('notice-wait')}@example.com` });
      await privacyConsent(page).check();
      await page.getByRole('button', { name: 'Register for Future Events' }).click();
      await expect(page.getByRole('heading', { level: 2, name: 'Interest Registered Successfully' })).toBeVisible();
      await expect(notices(page)).toHaveCount(0);
      await lookAt(page, { path: `${SHOTS}/waitlist-done-${viewport.width}.png` });
    }
  });

  test('a promo code refused twice shows one notice, clear of the header and the Apply button, and passes axe (390 and 1280 px)', async ({ page }) => {
    await page.clock.setFixedTime(BEFORE_EVENT);
    await showSalesOpen(page);
    await page.goto('/register');
    const input = page.getByRole('textbox', { name: 'Promo code' });
    const apply = page.getByRole('button', { name: 'Apply' });
    await expect(input).toBeVisible({ timeout: APP_START_TIMEOUT });
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await apply.evaluate((button) => button.scrollIntoView({ block: 'end' }));
      await input.fill('NOT-A-CODE');
      await apply.click();
      await expect(notice(page, 'Invalid Promo Code')).toBeVisible();
      await apply.click();
      await expect(notice(page, 'Invalid Promo Code')).toBeVisible();
      await expect(notices(page)).toHaveCount(1);
      await expectNothingCovered(page, { 'the header': page.locator('header').first(), 'the Apply button': apply });
      await lookAt(page, { path: `${SHOTS}/promo-refused-${viewport.width}.png` });
      await expectAxeClean(page);
    }
  });
});

test.describe('the admin event page', () => {
  let server: TestServer;
  let superuser: PocketBase;
  ownServerForFile((started) => ({ server, admin: superuser } = started));

  test('"Event updated" covers neither the header nor Create promo code nor Save event (1280 and 390 px)', async ({ page }) => {
    test.setTimeout(180_000);
    const user = await ownServerAdministrator({ server, admin: superuser }, 'Zoë 𠮷田');
    await routeApiTo(page, server);
    await signInAs(page, user);
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await page.goto('/admin/event');
      const save = page.getByRole('button', { name: 'Save event' });
      // The admin area's code and the event's three cards load first; a busy runner takes its time.
      await expect(save).toBeVisible({ timeout: 4 * APP_START_TIMEOUT });
      await save.scrollIntoViewIfNeeded();
      await save.click();
      await expect(notice(page, 'Event updated')).toBeVisible();
      await expectNothingCovered(page, {
        'the header': page.locator('header').first(),
        'Create promo code': page.getByRole('button', { name: 'Create promo code' }),
        'Save event': save,
      });
      await lookAt(page, { path: `${SHOTS}/event-updated-${viewport.width}.png` });
      await expectAxeClean(page);
      // Saved again: the same notice, not a second one.
      await save.click();
      await expect(notice(page, 'Event updated')).toBeVisible();
      await expect(notices(page)).toHaveCount(1);
    }
  });
});

test('signing in after a failure leaves one notice, clear of the header and the welcome (390 px)', async ({ page }) => {
  const account = await createAccount(await superuserClient(), 'notices');
  await page.setViewportSize(PHONE);
  await page.goto('/auth');
  await signInThroughPage(page, account.email, 'wrong-password-1');
  await expect(notice(page, 'Sign In Failed')).toBeVisible({ timeout: APP_START_TIMEOUT });
  const signIn = page.getByRole('form', { name: 'Sign in' }).getByRole('button', { name: 'Sign In' });
  await expectNothingCovered(page, { 'the Home link': page.getByRole('link', { name: 'Home' }), 'the Sign In button': signIn });
  await expectNamedCloseButtons(page);

  await signInThroughPage(page, account.email, account.password);
  const welcome = page.getByRole('heading', { level: 1, name: `Welcome, ${account.fullName}` });
  await expect(welcome).toBeVisible({ timeout: APP_START_TIMEOUT });
  await expect(notice(page, 'Welcome back')).toBeVisible();
  await expect(notice(page, 'Sign In Failed')).toHaveCount(0);
  await expect(notices(page)).toHaveCount(1);
  await expectNothingCovered(page, { 'the header': page.locator('header').first(), 'the welcome': welcome });
  await lookAt(page, { path: `${SHOTS}/signed-in-390.png` });
});

test.describe('offline-ready', () => {
  test.use({ serviceWorkers: 'allow' });

  test('is a quiet line in the page, never a notice over it, and passes axe (390 and 1280 px)', async ({ page }) => {
    // Two axe scans on a busy runner.
    test.setTimeout(90_000);
    await page.setViewportSize(PHONE);
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible({ timeout: APP_START_TIMEOUT });
    const line = page.getByTestId('offline-ready');
    // The service worker stores the whole app first: on a loaded runner that takes a while.
    await expect(line).toHaveText('Ready to work offline: this app now opens without a connection on this device.', { timeout: 30_000 });
    await expect(line).toHaveAttribute('role', 'status');
    await expect(page.getByText('Ready to work offline')).toHaveCount(1);
    await expect(notices(page)).toHaveCount(0);
    // It sits in the footer, below the page's own links.
    await expect(page.locator('footer').getByTestId('offline-ready')).toHaveCount(1);
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await line.scrollIntoViewIfNeeded();
      await lookAt(page, { path: `${SHOTS}/offline-ready-${viewport.width}.png` });
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(results.violations.map((violation) => violation.id)).toEqual([]);
    }
    await expect(notices(page)).toHaveCount(0);
  });
});

test('the 404 page has the site header and footer and a way around the site (1280 and 390 px)', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible({ timeout: APP_START_TIMEOUT });
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await expect(page.getByText('Oops! Page not found', { exact: true })).toBeVisible();
    await expect(page.locator('header').getByRole('link', { name: 'AI Champions Masterclass' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    const around = page.getByRole('navigation', { name: 'Elsewhere on the site' });
    await expect(around.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    await expect(around.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    await expect(page.locator('footer').getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
    await lookAt(page, { path: `${SHOTS}/not-found-${viewport.width}.png`, fullPage: true });
  }
});
