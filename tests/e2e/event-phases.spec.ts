// The event's phases (DESIGN decision 17) in the browser: the landing page,
// /register and the portal before, during and after the masterclass, at
// 1280 and 390 px. The seeded masterclass is Wednesday 18 June 2025,
// 11:30 am – 2:30 pm ACST (02:00–05:00 UTC); each journey gives the page its
// phase by setting the page's clock, or by moving the event the page reads,
// never by waiting. Screenshots: /tmp/shots/phases-*.png.
import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, PHONE } from '../support/browser';
import { superuserClient } from '../support/e2e-admin';
import { EVENT_SLUG, masterclassEvent } from '../support/masterclassEvent';
import { createPortalUser, signInAs, type PortalTestUser } from './portal-helpers';
import { APP_START_TIMEOUT, startLandingApp } from './support/appStart';
import { lookAt } from './support/lookAt';
import { rewriteJson, showSalesOpen } from './support/routes';

const SOLD_OUT = 'Event Sold Out – Registration Now Closed';
const HAPPENING = 'Happening Now – Registration Closed';
const PAST = 'This Masterclass Has Taken Place';
const WHEN = 'Wednesday 18 June 2025, 11:30 am – 2:30 pm ACST';
const EVENT_API = '**/api/masterclass/event';

const adelaide = (wallClock: string) => new Date(wallClock);
const BEFORE = adelaide('2025-06-04T10:00:00+09:30');
const DURING = adelaide('2025-06-18T12:00:00+09:30');
const AFTER = adelaide('2025-06-19T09:00:00+09:30');

const hero = (page: Page) => page.getByRole('region', { name: 'AI CHAMPIONS MASTERCLASS' });
const closing = (page: Page) => page.getByRole('region', { name: 'Ready to Lead the AI Revolution?' });
const details = (page: Page) => page.getByRole('region', { name: 'Event Details' });

async function openLanding(page: Page) {
  await page.goto('/');
  // The page as sent waits for the visitor when its phase is the server's (src/app/landingWake.ts);
  // the sections below the hero are the app's.
  await startLandingApp(page);
  await expect(page.getByText('Limited to 50 participants', { exact: true })).toBeVisible({ timeout: APP_START_TIMEOUT });
}

/** The page reads the seeded event with its sales open and its dates moved by `shiftMs` (the shared server is left alone). */
async function moveEvent(page: Page, shiftMs: number, salesState?: string) {
  const shift = (value: string) => new Date(new Date(value.replace(' ', 'T')).getTime() + shiftMs).toISOString().replace('T', ' ');
  // The landing page reads the public summary again once idle (the server put the seeded event into the page).
  await rewriteJson(page, EVENT_API, (event) => ({
    ...event,
    starts_at: shift(String(event.starts_at)),
    ends_at: shift(String(event.ends_at)),
    ...(salesState ? { sales_state: salesState } : {}),
  }));
}

async function heroShot(page: Page, phase: string, width: number) {
  await hero(page).getByTestId('primary-action').waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
  await lookAt(page, { path: `/tmp/shots/phases-${phase}-${width}.png` });
}

for (const viewport of [DESKTOP, PHONE]) {
  test.describe(`landing at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('before the event, sold out: the spec texts word for word', async ({ page }) => {
      await page.clock.setFixedTime(BEFORE);
      await openLanding(page);
      await expect(hero(page).getByText(SOLD_OUT, { exact: true })).toBeVisible();
      await expect(
        hero(page).getByText('We look forward to welcoming registered attendees in Adelaide on Wednesday 18 June 2025, 11:30 am ACST.', { exact: true }),
      ).toBeVisible();
      // sold out offers the waitlist for that date
      await expect(hero(page).getByRole('link', { name: 'Join the waitlist for 18 June' })).toHaveAttribute('href', `/register?event=${EVENT_SLUG}&waitlist=true`);
      await expect(details(page).getByText('Save the date', { exact: true })).toBeVisible();
      await expect(details(page).getByText('11:30 am – 2:30 pm ACST', { exact: true })).toBeVisible();
      await expect(closing(page).getByText(SOLD_OUT, { exact: true })).toBeVisible();
      await expect(page.getByText('You leave with', { exact: true })).toBeVisible();
      await heroShot(page, 'sold-out', viewport.width);
    });

    test('on sale: the event moved to a date still to come with sales open, Register Now and its own date', async ({ page }) => {
      // Forward by whole 52-week spans until it is ahead of today: the weekday and the Adelaide time of day (June, standard time) stay.
      const now = Date.now();
      const seedStart = Date.parse('2025-06-18T02:00:00Z');
      const years = Math.ceil((now - seedStart) / (364 * 86_400_000));
      const shiftMs = years * 364 * 86_400_000;
      await moveEvent(page, shiftMs, 'open');
      await openLanding(page);
      const start = new Date(seedStart + shiftMs);
      const parts = Object.fromEntries(
        new Intl.DateTimeFormat('en-AU', { timeZone: 'Australia/Adelaide', weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).formatToParts(start).map((part) => [part.type, part.value]),
      );
      // The one date format: 'Wednesday 16 June 2027, 11:30 am ACST'.
      const dayText = `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}`;
      await expect(hero(page).getByText(`We look forward to welcoming registered attendees in Adelaide on ${dayText}, 11:30 am ACST.`, { exact: true })).toBeVisible();
      await expect(hero(page).getByTestId('hero-offer')).toContainText('$495 per person');
      await expect(hero(page).getByText('Places are limited to 50 participants. Secure yours today.')).toBeVisible();
      await expect(page.getByText(SOLD_OUT)).toHaveCount(0);
      await expect(hero(page).getByRole('link', { name: 'Register Now' })).toHaveAttribute('href', `/register?event=${EVENT_SLUG}`);
      await expect(closing(page).getByRole('link', { name: 'Register Now' })).toBeVisible();
      await heroShot(page, 'on-sale', viewport.width);
    });

    test('happening now: under way, registration closed, the waitlist for the next one', async ({ page }) => {
      await page.clock.setFixedTime(DURING);
      await openLanding(page);
      await expect(hero(page).getByText(HAPPENING, { exact: true })).toBeVisible();
      await expect(hero(page).getByText(`The masterclass is under way in Adelaide right now: ${WHEN}.`, { exact: true })).toBeVisible();
      await expect(page.getByText(/We look forward to welcoming/)).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Register Now' })).toHaveCount(0);
      await expect(details(page).getByText('Happening now', { exact: true })).toBeVisible();
      await expect(closing(page).getByText(HAPPENING, { exact: true })).toBeVisible();
      await expect(closing(page).getByText(/This masterclass is under way today\./)).toBeVisible();
      await expect(closing(page).getByRole('link', { name: 'Register for Future Events' })).toHaveAttribute('href', '/register?waitlist=true');
      await heroShot(page, 'happening', viewport.width);
    });

    test('taken place: says so with the date, keeps the speakers and what attendees got, invites interest in the next one', async ({ page }) => {
      await page.clock.setFixedTime(AFTER);
      await openLanding(page);
      await expect(hero(page).getByText(PAST, { exact: true })).toBeVisible();
      await expect(
        hero(page).getByText('The AI Champions Masterclass took place in Adelaide on Wednesday 18 June 2025. Thank you to everyone who joined us.', {
          exact: true,
        }),
      ).toBeVisible();
      await expect(hero(page).getByText('Register your interest and be the first to hear when the next masterclass opens.')).toBeVisible();
      await expect(page.getByText(SOLD_OUT)).toHaveCount(0);
      await expect(page.getByText(/We look forward to welcoming/)).toHaveCount(0);
      // what attendees got, and the speakers, stay
      await expect(page.getByText('Attendees left with', { exact: true })).toBeVisible();
      await expect(page.getByText('A pitch-ready business case', { exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Meet Your Speakers' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Meet Your Speakers' }).getByRole('button', { name: /Chief Technology Officer/ })).toBeVisible();
      await expect(details(page).getByText('The last masterclass', { exact: true })).toBeVisible();
      await expect(details(page).getByText('Wednesday 18 June 2025', { exact: true })).toBeVisible();
      await expect(closing(page).getByText(PAST, { exact: true })).toBeVisible();
      await expect(closing(page).getByText(/^This masterclass took place on Wednesday 18 June 2025\. Register your interest now/)).toBeVisible();
      await closing(page).getByRole('link', { name: 'Register for Future Events' }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/register' && url.search === '?waitlist=true');
      await expect(page.getByText('Event Has Taken Place', { exact: true })).toBeVisible();
      await expect(page.getByText('The Wednesday 18 June 2025 masterclass has taken place.', { exact: false })).toBeVisible();
      await page.goto('/');
      await heroShot(page, 'past', viewport.width);
      // The closing section hydrates as it nears the screen; this page's clock is set apart from
      // the server's, so React renders it afresh then: look once its words are the page's own.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect(closing(page).getByText(PAST, { exact: true })).toBeVisible();
      await lookAt(closing(page), { path: `/tmp/shots/phases-past-closing-${viewport.width}.png` });
    });
  });
}

test.describe('phase boundaries in Adelaide time', () => {
  test.use({ viewport: DESKTOP });

  for (const [clock, notice] of [
    ['2025-06-18T11:29:59+09:30', SOLD_OUT],
    ['2025-06-18T11:30:00+09:30', HAPPENING],
    ['2025-06-18T14:29:59+09:30', HAPPENING],
    ['2025-06-18T14:30:00+09:30', PAST],
  ] as const) {
    test(`at ${clock} the hero says "${notice}"`, async ({ page }) => {
      await page.clock.setFixedTime(new Date(clock));
      await openLanding(page);
      await expect(hero(page).getByText(notice, { exact: true })).toBeVisible();
    });
  }

  test('an open page moves into the next phase when the start passes, without a reload', async ({ page }) => {
    await page.clock.install({ time: new Date('2025-06-18T11:29:40+09:30') });
    await openLanding(page);
    await expect(hero(page).getByText(SOLD_OUT, { exact: true })).toBeVisible();
    await page.clock.runFor(30_000);
    await expect(hero(page).getByText(HAPPENING, { exact: true })).toBeVisible();
  });

  test('the first load with no clock set is honest: the seeded masterclass took place', async ({ page }) => {
    await openLanding(page);
    await expect(hero(page).getByText(PAST, { exact: true })).toBeVisible();
  });
});

test.describe('/register in normal mode', () => {
  test.use({ viewport: DESKTOP });

  test('during the event: under way, no form, the waitlist offered', async ({ page }) => {
    await page.clock.setFixedTime(DURING);
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'The Masterclass Is Under Way' })).toBeVisible({ timeout: APP_START_TIMEOUT });
    await expect(page.getByText(`The AI Champions Masterclass is happening now (${WHEN}), so registration for it has closed.`, { exact: false })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Proceed to Payment' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Register for Future Events' })).toHaveAttribute('href', '/register?waitlist=true');
  });

  test('after the event, even with sales shown open: it took place, no form, the waitlist offered', async ({ page }) => {
    await page.clock.setFixedTime(AFTER);
    await showSalesOpen(page);
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: PAST })).toBeVisible({ timeout: APP_START_TIMEOUT });
    await expect(page.getByText(`The AI Champions Masterclass took place on ${WHEN} in Adelaide, South Australia, so registration for it has closed.`, { exact: false })).toBeVisible();
    await expect(page.getByText(`AI Champions Masterclass · ${WHEN} · Adelaide, South Australia`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Proceed to Payment' })).toHaveCount(0);
    await lookAt(page, { path: '/tmp/shots/phases-register-past-1280.png' });
    await page.getByRole('link', { name: 'Register for Future Events' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/register' && url.searchParams.get('waitlist') === 'true');
    await expect(page.getByRole('button', { name: 'Register for Future Events' })).toBeVisible();
  });
});

test.describe('portal', () => {
  test.use({ viewport: DESKTOP });
  let user: PortalTestUser;

  test.beforeAll(async () => {
    user = await createPortalUser('attendee', {}, { seated: true });
  });
  test.afterAll(async () => {
    await user?.remove();
  });

  test('after the event it says when it was and that the tools stay available', async ({ page }) => {
    await signInAs(page, user);
    await page.clock.install({ time: AFTER });
    await page.goto('/dashboard');
    // this attendee was not checked in at the door: no thanks for coming, the facts only
    const note = page.getByRole('region', { name: 'The masterclass has taken place' });
    await expect(note).toBeVisible({ timeout: APP_START_TIMEOUT });
    await expect(note).toContainText(`The AI Champions Masterclass took place on ${WHEN}. Your tools and the session materials stay available here after the event`);
    await expect(page.getByRole('link', { name: 'Open tool: AI Readiness Questionnaire' })).toBeVisible();
    await lookAt(page, { path: '/tmp/shots/phases-portal-past-1280.png' });
  });

  test('before the event it says nothing of the kind', async ({ page }) => {
    await signInAs(page, user);
    await page.clock.install({ time: BEFORE });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible({ timeout: APP_START_TIMEOUT });
    await expect(page.getByText('Session Materials', { exact: true })).toBeVisible();
    await expect(page.getByText('Thank you for joining us')).toHaveCount(0);
  });
});

test.describe('event form', () => {
  test.use({ viewport: DESKTOP });

  test('shows the phase visitors see; an end before the start is refused on the page with a clear message, and nothing is saved', async ({ page }) => {
    const admin = await createPortalUser('administrator');
    const superuser = await superuserClient();
    const before = await masterclassEvent(superuser);
    try {
      await signInAs(page, admin);
      await page.goto('/admin/event');
      await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(before.title as string, { timeout: APP_START_TIMEOUT });
      // The seeded masterclass has taken place: whatever its sales state, visitors see that.
      await expect(page.getByText('Visitors see: Taken place (waitlist only)')).toBeVisible();
      await page.getByLabel('End time').fill('10:30');
      await page.getByRole('button', { name: 'Save event' }).click();
      await expect(page.getByText('The end must be after the start.').first()).toBeVisible();
      await lookAt(page, { path: '/tmp/shots/phases-admin-end-before-start-1280.png', fullPage: true });
      expect(await masterclassEvent(superuser)).toMatchObject({ starts_at: before.starts_at, ends_at: before.ends_at, updated: before.updated });
    } finally {
      await admin.remove();
    }
  });
});
