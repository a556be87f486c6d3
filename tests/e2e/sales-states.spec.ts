// The sales states in the browser (DESIGN decision 23), at 1280 and 390 px, on
// the file's own PocketBase (tests/e2e/support/ownServer.ts) whose masterclass
// (Wednesday 18 June 2031) each journey puts into its state through the
// records API, as an administrator's save would: scheduled ("Sales open on …"
// and a way to be told), open, closed with every seat free (never called sold
// out), sold out (the waitlist for that date, joined with a name and an email),
// happening and taken place, each with its own words and one primary action on
// the landing page and /register. Then an attendee's ticket, order page and
// Your Registration on the day and after it: "Your seat today", attended or
// not, no "Show at the door", no Add to Calendar. The server's side is proven
// in tests/server/sales-states.test.ts. Screenshots: /tmp/shots/sales-states/.
import { expect, test, type Page } from '@playwright/test';
import PocketBase from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import { DESKTOP, PHONE } from '../support/browser';
import { EVENT_SLUG, masterclassEvent, UPCOMING_EVENT_TIMES } from '../support/masterclassEvent';
import { APP_START_TIMEOUT } from './support/appStart';
import { lookAt } from './support/lookAt';
import { ownServerAdministrator, ownServerForFile, routeApiTo } from './support/ownServer';
import { signInAs, type PortalTestUser } from './portal-helpers';
import { privacyConsent, unique } from './registration-helpers';

let server: TestServer;
let superuser: PocketBase;

test.describe.configure({ mode: 'serial' });
ownServerForFile((started) => ({ server, admin: superuser } = started));

const SOLD_OUT = 'Event Sold Out – Registration Now Closed';
// 9:00 am on Monday 10 February 2031 in Adelaide (ACDT, +10:30).
const SALES_OPEN_AT = '2031-02-09 22:30:00.000Z';
const SALES_OPEN_WORDS = 'Monday 10 February at 9:00 am';
const PAST_TIMES = { starts_at: '2025-06-18 02:00:00.000Z', ends_at: '2025-06-18 05:00:00.000Z' };

const hero = (page: Page) => page.getByRole('region', { name: 'AI CHAMPIONS MASTERCLASS' });
const details = (page: Page) => page.getByRole('region', { name: 'Event Details' });
const closing = (page: Page) => page.getByRole('region', { name: 'Ready to Lead the AI Revolution?' });
const stamp = (ms: number) => new Date(ms).toISOString().replace('T', ' ');

/** Puts the masterclass into a state the way the admin's Save event does (the records API). */
async function setEvent(patch: Record<string, unknown>) {
  const event = await masterclassEvent(superuser);
  await superuser.collection('events').update(event.id, { sales_state: 'open', sales_open_at: '', capacity: 50, ...UPCOMING_EVENT_TIMES, ...patch });
}

const shoot = (page: Page, name: string) =>
  lookAt(page, { path: `/tmp/shots/sales-states/${name}-${page.viewportSize()!.width}.png`, fullPage: true, animations: 'disabled' });

interface StateWords {
  name: string;
  patch: () => Record<string, unknown>;
  /** The hero's notice; null while on sale. */
  notice: string | null;
  action: string;
  actionHref: string;
  eyebrow: string;
  /** /register's notice title (null: the form). */
  registerTitle: string | null;
  registerButton: string;
}

const STATES: StateWords[] = [
  {
    name: 'scheduled',
    patch: () => ({ sales_open_at: SALES_OPEN_AT }),
    notice: `Sales open on ${SALES_OPEN_WORDS}`,
    action: 'Tell Me When Sales Open',
    actionHref: `/register?event=${EVENT_SLUG}&waitlist=true`,
    eyebrow: 'Save the date',
    registerTitle: `Sales open on ${SALES_OPEN_WORDS}`,
    registerButton: 'Tell Me When Sales Open',
  },
  {
    name: 'open',
    patch: () => ({}),
    notice: null,
    action: 'Register Now',
    actionHref: `/register?event=${EVENT_SLUG}`,
    eyebrow: 'Save the date',
    registerTitle: null,
    registerButton: 'Proceed to Payment',
  },
  {
    name: 'closed',
    patch: () => ({ sales_state: 'closed' }),
    notice: 'Registration Is Closed',
    action: 'Register for Future Events',
    actionHref: '/register?waitlist=true',
    eyebrow: 'Save the date',
    registerTitle: 'Registration Is Closed',
    registerButton: 'Register for Future Events',
  },
  {
    name: 'sold-out',
    patch: () => ({ sales_state: 'sold_out' }),
    notice: SOLD_OUT,
    action: 'Join the waitlist for 18 June',
    actionHref: `/register?event=${EVENT_SLUG}&waitlist=true`,
    eyebrow: 'Save the date',
    registerTitle: SOLD_OUT,
    registerButton: 'Join the waitlist for 18 June',
  },
  {
    name: 'happening',
    patch: () => ({ starts_at: stamp(Date.now() - 30 * 60_000), ends_at: stamp(Date.now() + 150 * 60_000) }),
    notice: 'Happening Now – Registration Closed',
    action: 'Register for Future Events',
    actionHref: '/register?waitlist=true',
    eyebrow: 'Happening now',
    registerTitle: 'The Masterclass Is Under Way',
    registerButton: 'Register for Future Events',
  },
  {
    name: 'taken-place',
    patch: () => PAST_TIMES,
    notice: 'This Masterclass Has Taken Place',
    action: 'Register for Future Events',
    actionHref: '/register?waitlist=true',
    eyebrow: 'The last masterclass',
    registerTitle: 'This Masterclass Has Taken Place',
    registerButton: 'Register for Future Events',
  },
];

async function landingSays(page: Page, state: StateWords) {
  await page.goto('/');
  // The page the shared server sent shows its own masterclass first; the live read (this file's server) follows.
  const action = hero(page).getByTestId('primary-action');
  await expect(action).toHaveText(state.action, { timeout: APP_START_TIMEOUT });
  await expect(action).toHaveAttribute('href', state.actionHref);
  // one primary action: no second way in beside it
  await expect(hero(page).getByRole('link', { name: /Register|waitlist|Tell Me/ })).toHaveCount(1);
  if (state.notice) await expect(hero(page).getByText(state.notice, { exact: true })).toBeVisible();
  else await expect(hero(page).getByTestId('hero-offer')).toContainText('$495 per person');
  // closed with every seat free is never called sold out
  if (state.name === 'closed') await expect(page.getByText(/sold out|fully booked/i)).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, `${state.name}-landing`);
  await details(page).scrollIntoViewIfNeeded();
  await expect(details(page).getByText(state.eyebrow, { exact: true })).toBeVisible();
  if (state.name === 'taken-place') await expect(details(page).getByText('Save the date')).toHaveCount(0);
  await closing(page).scrollIntoViewIfNeeded();
  await expect(closing(page).getByTestId('primary-action')).toHaveText(state.action);
}

async function registerSays(page: Page, state: StateWords) {
  await page.goto('/register');
  if (state.registerTitle) {
    const notice = page.getByTestId('sales-state-notice');
    await expect(notice.getByRole('heading', { name: state.registerTitle, exact: true })).toBeVisible({ timeout: APP_START_TIMEOUT });
    await expect(notice.getByRole('link')).toHaveText([state.registerButton]);
    if (state.name === 'closed') await expect(page.getByText(/sold out|fully booked/i)).toHaveCount(0);
  } else {
    await expect(page.getByRole('button', { name: state.registerButton })).toBeVisible({ timeout: APP_START_TIMEOUT });
  }
  await shoot(page, `${state.name}-register`);
}

for (const viewport of [DESKTOP, PHONE]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const state of STATES) {
      test(`${state.name}: the landing and /register say so, with one way in`, async ({ page }) => {
        await setEvent(state.patch());
        await routeApiTo(page, server);
        await landingSays(page, state);
        await registerSays(page, state);
      });
    }

    test('sold out: the waitlist for that date, joined with a name and an email, ends saying what happens next', async ({ page }) => {
      await setEvent({ sales_state: 'sold_out' });
      await routeApiTo(page, server);
      await page.goto('/register');
      await page.getByTestId('sales-state-notice').getByRole('link', { name: 'Join the waitlist for 18 June' }).click({ timeout: APP_START_TIMEOUT });
      await expect(page).toHaveURL(/\/register\?waitlist=true$/);
      const banner = page.getByTestId('waitlist-banner');
      await expect(banner).toContainText('Join the waitlist for 18 June');
      await expect(banner).toContainText('If a seat frees up, it is offered to you first by email, for a limited time.');
      await expect(page.getByRole('textbox', { name: 'Company (optional)' })).toBeVisible();
      for (const absent of ['Job Title', 'Phone Number']) await expect(page.getByRole('textbox', { name: absent })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Register for Future Events' })).toHaveCount(0);
      const email = `${unique('wait-')}@example.com`;
      await page.getByRole('textbox', { name: 'Full Name' }).fill('Grace Waiting');
      await page.getByRole('textbox', { name: 'Email' }).fill(email);
      await privacyConsent(page).check();
      await shoot(page, 'sold-out-waitlist-form');
      await page.getByRole('button', { name: 'Join the waitlist for 18 June' }).click();
      await expect(page.getByRole('heading', { name: "You're on the waitlist for 18 June" })).toBeVisible();
      await expect(page.getByRole('status')).toContainText('What happens next');
      await expect(page.getByRole('status')).toContainText('If a seat frees up, it is offered to you first by email, for a limited time.');
      await expect(page.getByText('Registration Complete')).toHaveCount(0);
      await shoot(page, 'sold-out-waitlist-joined');
      const [entry] = await superuser.collection('attendees').getFullList({ filter: superuser.filter('email = {:email}', { email }) });
      expect(entry).toMatchObject({ full_name: 'Grace Waiting', registration_status: 'waitlisted', company: '', job_title: '', phone_number: '' });
    });
  });
}

test.describe('an administrator schedules sales', () => {
  test('sets "Sales open at" on the event form: visitors see Sales scheduled, and the landing says when sales open', async ({ page }) => {
    await setEvent({});
    const admin = await ownServerAdministrator({ server, admin: superuser }, 'Sales Admin');
    await routeApiTo(page, server);
    await signInAs(page, admin);
    await page.setViewportSize(DESKTOP);
    await page.goto('/admin/event');
    await expect(page.getByText('Visitors see: Open')).toBeVisible({ timeout: APP_START_TIMEOUT });
    const date = page.getByRole('textbox', { name: 'Sales open at date' });
    await date.fill('10/02/2031');
    await date.press('Escape');
    await page.getByLabel('Sales open at time').fill('09:00');
    await page.getByRole('button', { name: 'Save event' }).click();
    await expect(page.getByText('Visitors see: Sales scheduled')).toBeVisible();
    expect((await masterclassEvent(superuser)).sales_open_at).toBe(SALES_OPEN_AT);
    await shoot(page, 'admin-sales-open-at');
    // a time after the start is refused on the page, and nothing is saved
    await date.fill('20/06/2031');
    await date.press('Escape');
    await page.getByRole('button', { name: 'Save event' }).click();
    await expect(page.getByText('Sales must open before the start.').first()).toBeVisible();
    expect((await masterclassEvent(superuser)).sales_open_at).toBe(SALES_OPEN_AT);
    await admin.remove();
    await page.goto('/');
    await expect(hero(page).getByText(`Sales open on ${SALES_OPEN_WORDS}`, { exact: true })).toBeVisible({ timeout: APP_START_TIMEOUT });
  });
});

/** A seat bought with the promo code through the registration route (so its order link is real), on an account that signs in. */
async function seatedAttendee(fullName: string): Promise<PortalTestUser & { attendeeId: string; orderPath: string }> {
  await setEvent({});
  const email = `${unique('day-')}@example.com`;
  const answer = await superuser.send('/api/masterclass/registrations', {
    method: 'POST',
    body: {
      mode: 'promo', promoCode: 'CHAMPION2025', privacyConsent: true, marketingConsent: false,
      attendees: [{ fullName, email, company: 'Analytical Engines', jobTitle: 'Head of Data', phoneNumber: '0400 000 000', role: 'Senior Manager', dietaryRequirements: '' }],
    },
  });
  const password = 'day-pass-1234';
  const user = await superuser.collection('users').create({ email, password, passwordConfirm: password, role: 'attendee', full_name: fullName, verified: true });
  const [attendee] = await superuser.collection('attendees').getFullList({ filter: superuser.filter('registration = {:id}', { id: answer.registrationId }) });
  await superuser.collection('attendees').update(attendee.id, { user: user.id });
  const auth = await new PocketBase(server.url).collection('users').authWithPassword(email, password);
  return {
    id: user.id, email, fullName, attendeeId: attendee.id,
    orderPath: `/order/${answer.order.id}?key=${answer.order.key}`,
    storedAuth: JSON.stringify({ token: auth.token, record: auth.record }),
    remove: async () => { await superuser.collection('users').delete(user.id); },
  };
}

test.describe('an attendee on the day and after it', () => {
  test('on the day: Your Registration says "Your seat today" (checked in), never that there is no seat', async ({ page }) => {
    const ada = await seatedAttendee('Ada Today');
    await superuser.collection('attendees').update(ada.attendeeId, { checked_in_at: new Date().toISOString() });
    await setEvent({ starts_at: stamp(Date.now() - 30 * 60_000), ends_at: stamp(Date.now() + 150 * 60_000) });
    await routeApiTo(page, server);
    await signInAs(page, ada);
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await page.goto('/dashboard/registration');
      const today = page.getByTestId('seat-today');
      await expect(today.getByRole('heading', { name: 'Your seat today' })).toBeVisible({ timeout: 20_000 });
      await expect(today.getByText('You are checked in')).toBeVisible();
      await expect(page.getByText(/no seat at a masterclass still to come/)).toHaveCount(0);
      await shoot(page, 'day-your-registration');
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { name: 'Your seat today' })).toBeVisible({ timeout: 20_000 });
      await expect(page.getByText('You are checked in', { exact: false })).toBeVisible();
      await shoot(page, 'day-portal-home');
    }
  });

  test('after it: the ticket says attended with nothing to show at the door, the order page no Add to Calendar and no Confirmed, Your Registration that it took place', async ({ page }) => {
    const ada = await seatedAttendee('Ada After');
    await superuser.collection('attendees').update(ada.attendeeId, { checked_in_at: '2025-06-18 02:05:00.000Z' });
    await setEvent(PAST_TIMES);
    await routeApiTo(page, server);
    await signInAs(page, ada);
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await page.goto('/dashboard/ticket');
      const card = page.getByTestId('ticket-card');
      await expect(card.getByTestId('ticket-attendance')).toHaveText('Attended', { timeout: 20_000 });
      await expect(card.getByRole('button', { name: 'Show at the door' })).toHaveCount(0);
      await expect(card.getByTestId('ticket-afterwards')).toContainText('You attended this masterclass.');
      await shoot(page, 'after-ticket');

      await page.goto(ada.orderPath);
      const order = page.getByTestId('order-details');
      await expect(order.getByTestId('order-ticket-status')).toHaveText('Attended', { timeout: APP_START_TIMEOUT });
      await expect(order.getByTestId('order-ticket-afterwards')).toHaveText('Attended the masterclass on Wednesday 18 June 2025.');
      await expect(order.getByRole('link', { name: 'Add to Calendar' })).toHaveCount(0);
      await expect(order.getByText('Confirmed', { exact: true })).toHaveCount(0);
      await expect(order.getByText(/Show the QR code at the door/)).toHaveCount(0);
      await shoot(page, 'after-order');

      await page.goto('/dashboard/registration');
      await expect(page.getByTestId('no-seat')).toHaveText(
        'The masterclass you had a seat at took place on Wednesday 18 June 2025, and you were checked in at the door. You have no seat at a masterclass still to come on this device.',
        { timeout: 20_000 },
      );
      await shoot(page, 'after-your-registration');
    }
  });
});
