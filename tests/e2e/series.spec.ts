// A series of masterclasses, at 390 and 1280 px: masterclass A (the featured
// one, the soonest still to come) is sold out and B, later, is on sale. The
// landing page shows A and beside it "Next: Wednesday 10 March 2027 —
// Register"; B's own page (/events/<slug>) says its facts, speakers and seats
// and registers for B; a paid seat goes through the simulated checkout and the
// order shown at the end is B's. With both on sale, the hero registers for A
// and the line names B. A's page offers the waitlist for A; an
// unknown address is an honest not-found.
//
// The journey adds events, so the file runs on its own PocketBase
// (tests/e2e/support/ownServer.ts); the page's /api calls go to it.
import { expect, test } from '@playwright/test';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import { masterclassEvent } from '../support/masterclassEvent';
import { APP_START_TIMEOUT } from './support/appStart';
import { lookAt } from './support/lookAt';
import { ownServerForFile, routeApiTo } from './support/ownServer';
import { fillAttendee, privacyConsent, unique } from './registration-helpers';

let server: TestServer;
let admin: PocketBase;
let a: RecordModel;
let b: RecordModel;

test.describe.configure({ mode: 'serial' });
ownServerForFile((started) => ({ server, admin } = started));

// A: Wednesday 17 February 2027, sold out. B: Wednesday 10 March 2027, 11:30 am – 2:30 pm ACDT, open.
const A_DATE = 'Wednesday 17 February 2027';
const B_DATE = 'Wednesday 10 March 2027';

test.beforeAll(async () => {
  const seeded = await masterclassEvent(admin);
  a = await admin.collection('events').update(seeded.id, {
    starts_at: '2027-02-17 01:00:00.000Z', ends_at: '2027-02-17 04:00:00.000Z', portal_unlock_at: '2027-02-16 22:30:00.000Z', sales_state: 'sold_out', published: true,
  });
  b = await admin.collection('events').create({
    title: 'AI CHAMPIONS MASTERCLASS',
    starts_at: '2027-03-10 01:00:00.000Z',
    ends_at: '2027-03-10 04:00:00.000Z',
    portal_unlock_at: '2027-03-09 22:30:00.000Z',
    timezone: 'Australia/Adelaide',
    location: 'Adelaide, South Australia',
    venue: 'Stone & Chalk',
    capacity: 30,
    max_per_registration: 5,
    price_cents: 59500,
    currency: 'AUD',
    sales_state: 'open',
    published: true,
  });
  await admin.collection('speakers').create({ event: b.id, name: 'Priya Raman', role: 'Chief Data Officer', organisation: 'Harbour Health', bio: 'Runs AI at a hospital network.', sort: 1 });
  expect(b.slug).toBe('ai-champions-masterclass-2027-03-10');
});

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 600 ? 844 : 800 } });

    test('the landing shows the sold-out masterclass and the next one on sale; its page registers a paid seat for it', async ({ page }) => {
      test.setTimeout(120_000);
      await routeApiTo(page, server);
      await page.goto('/');
      const hero = page.locator('section[aria-labelledby="hero-title"]');
      await expect(hero.getByText(A_DATE, { exact: false }).first()).toBeVisible({ timeout: APP_START_TIMEOUT });
      await expect(hero.getByTestId('primary-action')).not.toHaveText('Register Now');
      const next = page.getByTestId('next-masterclass');
      await expect(next).toHaveText(`Next: ${B_DATE} — Register`);
      await expect(next.getByRole('link', { name: 'Register' })).toHaveAttribute('href', `/register?event=${b.slug}`);
      await lookAt(page, { path: `/tmp/shots/series-landing-${width}.png` });

      // B's own page: its facts, its speaker, its seats and its own Register.
      await next.getByRole('link', { name: B_DATE }).click();
      await expect(page).toHaveURL((url) => url.pathname === `/events/${b.slug}`);
      const details = page.getByTestId('event-page');
      await expect(details).toBeVisible();
      await expect(details.getByRole('heading', { level: 1 })).toHaveText('AI CHAMPIONS MASTERCLASS');
      const facts = details.getByRole('list', { name: 'The masterclass' }).or(details.locator('dl'));
      await expect(facts).toContainText(B_DATE);
      await expect(facts).toContainText('11:30 am – 2:30 pm ACDT');
      await expect(facts).toContainText('Stone & Chalk, Adelaide, South Australia');
      await expect(facts).toContainText('$595.00 per person');
      const seatsBefore = Number(/\d+/.exec((await details.getByTestId('event-seats').textContent()) ?? '')?.[0]);
      expect(seatsBefore).toBeGreaterThan(0);
      await expect(details.getByText('Priya Raman')).toBeVisible();
      await expect(details.getByText('Chief Data Officer, Harbour Health')).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(B_DATE));
      await lookAt(page, { path: `/tmp/shots/series-event-page-${width}.png`, fullPage: true });

      await details.getByTestId('event-action').click();
      await expect(page).toHaveURL((url) => url.pathname === '/register' && url.searchParams.get('event') === b.slug);
      // The form is B's: its date in the summary, its price in the total.
      await expect(page.getByText(B_DATE, { exact: false }).first()).toBeVisible({ timeout: APP_START_TIMEOUT });
      const email = `${unique(`series-${width}`)}@example.com`;
      await fillAttendee(page, 0, { fullName: 'Grace Hopper', email });
      await privacyConsent(page).check();
      await expect(page.getByTestId('order-total')).toHaveText('$595.00');
      await page.getByRole('button', { name: 'Proceed to Payment' }).click();
      await page.waitForURL((url) => url.pathname === '/checkout/simulated');
      await expect(page.getByTestId('checkout-amount')).toHaveText('$595.00');
      await page.getByRole('button', { name: 'Pay $595.00' }).click();
      await page.waitForURL((url) => url.pathname === '/register' && url.searchParams.get('success') === 'true');
      await expect(page.getByRole('heading', { name: 'Registration Complete' })).toBeVisible();
      // The order and its ticket name B, never A.
      const order = page.getByTestId('order-details');
      await expect(order).toContainText(B_DATE, { timeout: 30_000 });
      await expect(order).not.toContainText(A_DATE);
      await expect(order.getByTestId('order-ticket-name')).toHaveText('Grace Hopper');
      // Back from the checkout, the page is B's too (its return link names the masterclass).
      expect(new URL(page.url()).searchParams.get('event')).toBe(b.id);
      await expect(page.getByText(`AI Champions Masterclass · ${B_DATE}`, { exact: false })).toBeVisible();
      await expect(page.getByText(A_DATE, { exact: false })).toHaveCount(0);
      await lookAt(page, { path: `/tmp/shots/series-complete-${width}.png`, fullPage: true });

      const [row] = await admin.collection('attendees').getFullList({ filter: admin.filter('email = {:email}', { email }) });
      expect(row).toMatchObject({ event: b.id, registration_status: 'confirmed' });
      expect((await admin.collection('registrations').getOne(row!.registration)).event).toBe(b.id);

      // B's page counts the seat taken.
      await page.goto(`/events/${b.slug}`);
      await expect(page.getByTestId('event-seats')).toHaveText(`${seatsBefore - 1} seats left`, { timeout: APP_START_TIMEOUT });
    });

    test('two masterclasses on sale: the hero registers for A and names B beside it', async ({ page }) => {
      test.setTimeout(120_000);
      await admin.collection('events').update(a.id, { sales_state: 'open' });
      try {
        await routeApiTo(page, server);
        await page.goto('/');
        const hero = page.locator('section[aria-labelledby="hero-title"]');
        const register = hero.getByTestId('primary-action');
        await expect(register).toHaveText('Register Now', { timeout: APP_START_TIMEOUT });
        await expect(register).toHaveAttribute('href', `/register?event=${a.slug}`);
        const next = page.getByTestId('next-masterclass');
        await expect(next).toHaveText(`Next: ${B_DATE} — Register`);
        await expect(next.getByRole('link', { name: 'Register' })).toHaveAttribute('href', `/register?event=${b.slug}`);
        await lookAt(page, { path: `/tmp/shots/series-both-on-sale-${width}.png` });
      } finally {
        await admin.collection('events').update(a.id, { sales_state: 'sold_out' });
      }
    });
  });
}

test('A’s page offers its own waitlist; an address no published masterclass has is an honest not-found', async ({ page }) => {
  await routeApiTo(page, server);
  await page.goto(`/events/${a.slug}`);
  const details = page.getByTestId('event-page');
  await expect(details).toBeVisible({ timeout: APP_START_TIMEOUT });
  await expect(details).toContainText(A_DATE);
  await expect(details.getByTestId('event-seats')).toHaveText('Sold out');
  const action = details.getByTestId('event-action');
  await expect(action).not.toHaveText('Register Now');
  await expect(action).toHaveAttribute('href', `/register?event=${a.slug}&waitlist=true`);
  // Its title and description name its date; its one address for search engines is its slug's, even when reached by its id.
  await expect(page).toHaveTitle(`Masterclass on ${A_DATE} | AI Champions Masterclass`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', `The AI Champions Masterclass on ${A_DATE}, 11:30 am – 2:30 pm ACDT at Lot Fourteen, North Terrace, Adelaide SA 5000, Adelaide, South Australia: its price, seats left and speakers, and registration.`);
  const origin = new URL(page.url()).origin;
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${origin}/events/${a.slug}`);
  await page.goto(`/events/${a.id}`);
  await expect(page.getByTestId('event-page')).toContainText(A_DATE, { timeout: APP_START_TIMEOUT });
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${origin}/events/${a.slug}`);
  // Leaving it, the next page has no canonical of the masterclass's.
  await page.getByTestId('event-action').click();
  await expect(page).toHaveURL((url) => url.pathname === '/register');
  await expect(page).toHaveTitle('Register | AI Champions Masterclass');
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);

  await page.goto(`/events/${unique('no-such-masterclass')}`);
  await expect(page.getByTestId('event-not-found')).toBeVisible({ timeout: APP_START_TIMEOUT });
  await expect(page.getByRole('heading', { name: 'Masterclass not found' })).toBeVisible();
  await expect(page).toHaveTitle(/Page Not Found/);
  await page.getByRole('link', { name: 'See the next masterclass' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
});

test('offline: a page seen before shows what the device kept; one never seen needs a connection, with Retry', async ({ page, context }) => {
  await routeApiTo(page, server);
  await page.goto(`/events/${b.slug}`);
  await expect(page.getByTestId('event-seats')).toHaveText(/seats left/, { timeout: APP_START_TIMEOUT });
  // The copy is written in the background: wait until the device holds it.
  await expect
    .poll(() => page.evaluate((key) => new Promise<boolean>((resolve) => {
      const open = indexedDB.open('masterclass-public');
      open.onerror = () => resolve(false);
      open.onsuccess = () => {
        try {
          const get = open.result.transaction('copies').objectStore('copies').get(key);
          get.onsuccess = () => resolve(get.result !== undefined);
          get.onerror = () => resolve(false);
        } catch {
          resolve(false);
        }
      };
    }), `eventPage:${b.slug}`))
    .toBe(true);
  // Offline: the requests this file sends to its own server fail as a lost connection does.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.route((url) => url.pathname.startsWith('/api/'), (route) => route.abort('internetdisconnected'));
  await context.setOffline(true);
  // Moving within the app (the page's code is loaded): a masterclass this device has never shown.
  const go = (path: string) => page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await go('/events/ai-champions-masterclass-never-seen');
  const needs = page.getByTestId('needs-connection');
  await expect(needs).toBeVisible();
  await expect(needs).toContainText("This masterclass's page needs a connection to load the first time.");
  await expect(needs).toContainText('You are offline.');
  await expect(needs.getByRole('button', { name: 'Retry' })).toBeVisible();
  await lookAt(page, { path: '/tmp/shots/series-event-offline.png' });
  // B's page again: from the device, its seat count not said as current.
  await go(`/events/${b.slug}`);
  await expect(page.getByTestId('event-page')).toContainText(B_DATE);
  await expect(page.getByTestId('event-seats')).toHaveText('Seats left: connect to the internet to check');
  await context.setOffline(false);
});

test('the landing’s ways in name the masterclass shown: a waitlist link clicked after another masterclass became the featured one still joins the one on the page', async ({ page }) => {
  await routeApiTo(page, server);
  await page.goto('/');
  const hero = page.locator('section[aria-labelledby="hero-title"]');
  const join = hero.getByTestId('primary-action');
  await expect(join).toHaveText('Join the waitlist for 17 February', { timeout: APP_START_TIMEOUT });
  await expect(join).toHaveAttribute('href', `/register?event=${a.slug}&waitlist=true`);
  const closing = page.locator('section[aria-labelledby="closing-title"]');
  await closing.scrollIntoViewIfNeeded();
  await expect(closing.getByTestId('primary-action')).toHaveAttribute('href', `/register?event=${a.slug}&waitlist=true`);
  // Meanwhile an earlier masterclass on sale is published: the site now features it.
  const earlier = await admin.collection('events').create({
    title: 'AI CHAMPIONS MASTERCLASS', starts_at: '2027-02-03 01:00:00.000Z', ends_at: '2027-02-03 04:00:00.000Z', portal_unlock_at: '2027-02-02 22:30:00.000Z',
    timezone: 'Australia/Adelaide', location: 'Adelaide, South Australia', venue: 'Lot Fourteen', capacity: 30, max_per_registration: 5,
    price_cents: 59500, currency: 'AUD', sales_state: 'open', published: true,
  });
  try {
    await hero.scrollIntoViewIfNeeded();
    await join.click();
    await expect(page).toHaveURL((url) => url.pathname === '/register' && url.searchParams.get('event') === a.slug);
    // The waitlist for A, the date the visitor chose, not the masterclass featured now.
    await expect(page.getByText(A_DATE, { exact: false }).first()).toBeVisible({ timeout: APP_START_TIMEOUT });
    await expect(page.getByText('Wednesday 3 February 2027', { exact: false })).toHaveCount(0);
  } finally {
    await admin.collection('events').delete(earlier.id);
  }
});
