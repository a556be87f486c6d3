// A cancelled masterclass, at 390 and 1280 px. June (the soonest, featured
// until then) is cancelled by an administrator while September is on sale:
// the landing features September (a cancelled masterclass is never featured
// while another is still to come); June's own page and /register?event=<June>
// say "This masterclass has been cancelled" with no Register, no form and no
// waitlist, only a way to the masterclasses still to come; the server refuses
// a waitlist join for June. June's attendee reads on the ticket, Your
// Registration and the order page that it was cancelled: no QR code, no Show
// at the door, no Add to Calendar.
//
// The journey adds and cancels events, so the file runs on its own PocketBase
// (tests/e2e/support/ownServer.ts); the page's /api calls go to it.
import { expect, test, type Page } from '@playwright/test';
import PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import { masterclassEvent } from '../support/masterclassEvent';
import { APP_START_TIMEOUT } from './support/appStart';
import { lookAt } from './support/lookAt';
import { ownServerForFile, routeApiTo } from './support/ownServer';
import { signInAs, type PortalTestUser } from './portal-helpers';
import { unique } from './registration-helpers';

let server: TestServer;
let superuser: PocketBase;
let june: RecordModel;
let september: RecordModel;
let ada: PortalTestUser & { orderPath: string };

test.describe.configure({ mode: 'serial' });
ownServerForFile((started) => ({ server, admin: superuser } = started));

const JUNE_DATE = 'Wednesday 18 June 2031';
const SEPTEMBER_DATE = 'Wednesday 10 September 2031';
const CANCELLED = 'This masterclass has been cancelled';

const closingSection = (page: Page) => page.getByRole('region', { name: 'Ready to Lead the AI Revolution?' });
const shoot = (page: Page, name: string) =>
  lookAt(page, { path: `/tmp/shots/event-cancelled/${name}-${page.viewportSize()!.width}.png`, fullPage: true, animations: 'disabled' });

test.beforeAll(async () => {
  const seeded = await masterclassEvent(superuser);
  june = await superuser.collection('events').update(seeded.id, {
    starts_at: '2031-06-18 02:00:00.000Z', ends_at: '2031-06-18 05:00:00.000Z', portal_unlock_at: '2031-06-17 23:30:00.000Z', sales_state: 'open', sales_open_at: '', published: true,
  });
  september = await superuser.collection('events').create({
    title: 'AI CHAMPIONS MASTERCLASS',
    starts_at: '2031-09-10 01:30:00.000Z',
    ends_at: '2031-09-10 04:30:00.000Z',
    portal_unlock_at: '2031-09-09 23:00:00.000Z',
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
  const code = await superuser.collection('promo_codes').getFirstListItem('code = "CHAMPION2025"');
  await superuser.collection('promo_codes').update(code.id, { active: true, expires_at: '2031-06-01 00:00:00.000Z', max_uses: 1000 });

  // Ada holds a seat at June (a free code, so her order link is real), on an account that signs in.
  const email = `${unique('cancelled-')}@example.com`;
  const answer = await superuser.send('/api/masterclass/registrations', {
    method: 'POST',
    body: {
      mode: 'promo', promoCode: 'CHAMPION2025', privacyConsent: true, marketingConsent: false, event: june.id,
      attendees: [{ fullName: 'Ada Cancelled', email, company: 'Analytical Engines', jobTitle: 'Head of Data', phoneNumber: '0400 000 000', role: 'Senior Manager', dietaryRequirements: '' }],
    },
  });
  const password = 'cancelled-pass-1234';
  const user = await superuser.collection('users').create({ email, password, passwordConfirm: password, role: 'attendee', full_name: 'Ada Cancelled', verified: true });
  const [attendee] = await superuser.collection('attendees').getFullList({ filter: superuser.filter('registration = {:id}', { id: answer.registrationId }) });
  await superuser.collection('attendees').update(attendee.id, { user: user.id });
  const auth = await new PocketBase(server.url).collection('users').authWithPassword(email, password);
  ada = {
    id: user.id, email, fullName: 'Ada Cancelled', orderPath: `/order/${answer.order.id}?key=${answer.order.key}`,
    storedAuth: JSON.stringify({ token: auth.token, record: auth.record }),
    remove: async () => { await superuser.collection('users').delete(user.id); },
  };

  // The administrator cancels June as a whole.
  const done = await superuser.send(`/api/masterclass/admin/events/${june.id}/cancel`, { method: 'POST', body: { confirm: true } });
  expect(done).toMatchObject({ cancelled: true, seats: 1 });
});

test('the server refuses a waitlist join for the cancelled masterclass, saying so, and features the next one', async () => {
  const response = await fetch(`${server.url}/api/masterclass/registrations`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ mode: 'waitlist', privacyConsent: true, marketingConsent: false, event: june.id, attendees: [{ fullName: 'Late Comer', email: `${unique('late-')}@example.com` }] }),
  });
  expect(response.status).toBe(409);
  expect(((await response.json()) as { data: { event: { message: string } } }).data.event.message).toMatch(/^This masterclass has been cancelled/);
  // the featured masterclass is the next one still to come, not the cancelled one
  const featured = (await (await fetch(`${server.url}/api/masterclass/event`)).json()) as { id: string; cancelled: boolean };
  expect(featured).toMatchObject({ id: september.id, cancelled: false });
});

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 600 ? 844 : 800 } });

    test('the landing features the next masterclass on sale; the cancelled one\'s page and /register say it was cancelled, with no way in', async ({ page }) => {
      test.setTimeout(120_000);
      await routeApiTo(page, server);
      await page.goto('/');
      const hero = page.locator('section[aria-labelledby="hero-title"]');
      await expect(hero.getByText(SEPTEMBER_DATE, { exact: false }).first()).toBeVisible({ timeout: APP_START_TIMEOUT });
      await expect(hero.getByTestId('primary-action')).toHaveText('Register Now');
      await expect(page.getByText(JUNE_DATE, { exact: false })).toHaveCount(0);
      await shoot(page, 'landing');

      // June's own page: cancelled, no seats, no Register; a way to the masterclasses still to come.
      await page.goto(`/events/${june.slug}`);
      const details = page.getByTestId('event-page');
      await expect(details).toHaveAttribute('data-phase', 'cancelled', { timeout: APP_START_TIMEOUT });
      await expect(details.getByTestId('event-notice')).toHaveText(CANCELLED);
      await expect(details.getByTestId('event-action')).toHaveCount(0);
      await expect(details.getByTestId('event-seats')).toHaveCount(0);
      await shoot(page, 'event-page');

      // /register for June (and its waitlist address): the notice, no form, no waitlist button.
      for (const path of [`/register?event=${june.slug}`, `/register?event=${june.slug}&waitlist=true`]) {
        await page.goto(path);
        const notice = page.getByTestId('sales-state-notice');
        await expect(notice).toHaveAttribute('data-phase', 'cancelled', { timeout: APP_START_TIMEOUT });
        await expect(notice.getByRole('heading', { name: CANCELLED })).toBeVisible();
        await expect(notice).toContainText(`The ${JUNE_DATE} masterclass has been cancelled, so it takes no registrations and has no waitlist.`);
        // no form, and the notice's one link is to the masterclasses (the stepper's steps are not ways in)
        await expect(page.locator('form')).toHaveCount(0);
        await expect(page.getByRole('main').getByRole('textbox')).toHaveCount(0);
        await expect(notice.getByRole('link')).toHaveText(['See Our Masterclasses']);
        await expect(notice.getByRole('button')).toHaveCount(0);
      }
      await shoot(page, 'register');
      await page.getByTestId('see-masterclasses').click();
      await expect(page).toHaveURL((url) => url.pathname === '/');
      await expect(page.locator('section[aria-labelledby="hero-title"]').getByText(SEPTEMBER_DATE, { exact: false }).first()).toBeVisible({ timeout: APP_START_TIMEOUT });
    });

    test('the attendee\'s ticket, Your Registration and order page say it was cancelled: no QR code, no Show at the door, no Add to Calendar', async ({ page }) => {
      test.setTimeout(120_000);
      await routeApiTo(page, server);
      await signInAs(page, ada);
      await page.goto('/dashboard/ticket');
      const card = page.getByTestId('ticket-card');
      await expect(card.getByTestId('ticket-attendance')).toHaveText('Masterclass cancelled', { timeout: 30_000 });
      await expect(card.getByTestId('ticket-cancelled')).toContainText('This masterclass has been cancelled, and your seat with it');
      await expect(card.getByRole('button', { name: 'Show at the door' })).toHaveCount(0);
      await expect(card.getByTestId('ticket-code')).toHaveCount(0);
      await expect(card.locator('svg[aria-label^="QR code"], [aria-label^="QR code"]')).toHaveCount(0);
      await shoot(page, 'ticket');

      await page.goto('/dashboard/registration');
      const seat = page.getByTestId('seat-cancelled');
      await expect(seat).toContainText('This masterclass has been cancelled, and your seat with it.', { timeout: 30_000 });
      await expect(seat).toContainText(JUNE_DATE);
      await shoot(page, 'your-registration');

      await page.goto(ada.orderPath);
      const order = page.getByTestId('order-details');
      await expect(order.getByTestId('order-ticket-status')).toHaveText('Cancelled', { timeout: APP_START_TIMEOUT });
      await expect(order.getByText(`This masterclass has been cancelled (it was to take place on ${JUNE_DATE}).`, { exact: false })).toBeVisible();
      await expect(order.getByRole('link', { name: 'Add to Calendar' })).toHaveCount(0);
      await expect(order.getByText('Confirmed', { exact: true })).toHaveCount(0);
      await expect(order.getByTestId('order-ticket-code')).toHaveCount(0);
      await shoot(page, 'order');
    });
  });
}

test.describe('with no other masterclass to come', () => {
  test.afterAll(async () => {
    await superuser.collection('events').update(september.id, { published: true });
  });

  for (const width of [390, 1280]) {
    test(`the landing features the cancelled one and says so, with no Register or waitlist (${width} px)`, async ({ page }) => {
      test.setTimeout(120_000);
      await superuser.collection('events').update(september.id, { published: false });
      await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
      await routeApiTo(page, server);
      await page.goto('/');
      const hero = page.locator('section[aria-labelledby="hero-title"]');
      await expect(hero.getByText(CANCELLED, { exact: true })).toBeVisible({ timeout: APP_START_TIMEOUT });
      await expect(hero.getByText(`The AI Champions Masterclass planned in Adelaide on ${JUNE_DATE} has been cancelled.`)).toBeVisible();
      await expect(page.getByTestId('primary-action')).toHaveCount(0);
      await expect(page.getByTestId('next-masterclass')).toHaveCount(0);
      await shoot(page, 'landing-featured');
      await lookAt(page, { path: `/tmp/shots/event-cancelled/landing-featured-hero-${width}.png`, animations: 'disabled' });
      await closingSection(page).scrollIntoViewIfNeeded();
      await expect(closingSection(page).getByText(`The masterclass planned for ${JUNE_DATE} has been cancelled, and every seat bought for it refunded in full.`)).toBeVisible();
      await lookAt(page, { path: `/tmp/shots/event-cancelled/landing-featured-closing-${width}.png`, animations: 'disabled' });
    });
  }
});
