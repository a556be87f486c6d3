// Event & Promo Codes (/admin/event), at desktop and phone width: an
// administrator edits the event's facts (times typed in Adelaide time and
// stored as UTC), opens sales, sees the server refuse a capacity below the
// seats taken, creates a promo code and registers with it on /register for
// free, then deactivates it and the registration form calls it invalid. The
// promo codes, early access and waitlist cards say what went wrong when they could not load.
//
// These journeys change the event and its codes, so the file runs on its own
// PocketBase (tests/e2e/support/ownServer.ts); the app is served by the
// shared one and the page's /api calls go to this file's server.
import { expect, test, type Page } from '@playwright/test';
import PocketBase from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import { DESKTOP, PHONE } from '../support/browser';
import { masterclassEvent } from '../support/masterclassEvent';
import { ownServerAdministrator, ownServerForFile, routeApiTo } from './support/ownServer';
import { signInAs } from './portal-helpers';
import { fillAttendee, privacyConsent, toast, unique } from './registration-helpers';
import { lookAt } from './support/lookAt';

let server: TestServer;
let superuser: PocketBase;

test.describe.configure({ mode: 'serial' });
ownServerForFile((started) => ({ server, admin: superuser } = started));

const administrator = () => ownServerAdministrator({ server, admin: superuser }, 'Eve Organiser');

/** Seats held by an unpaid checkout of `count` attendees (the simulated checkout is on). */
async function holdSeats(count: number): Promise<void> {
  const attendees = Array.from({ length: count }, (_, index) => ({
    fullName: `Held Seat ${index + 1}`, email: `${unique('held')}@example.com`, company: 'Acme', jobTitle: 'Lead',
    phoneNumber: '0400 000 000', role: 'Senior Manager', dietaryRequirements: '',
  }));
  const response = await fetch(`${server.url}/api/masterclass/registrations`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ mode: 'paid', attendees, privacyConsent: true, marketingConsent: false }),
  });
  expect(response.status).toBe(201);
}

const shot = (page: Page, width: string, name: string) => lookAt(page, { path: `/tmp/shots/admin-event-${width}-${name}.png`, fullPage: true });

async function setTime(page: Page, label: string, day: string, time: string): Promise<void> {
  const date = page.getByRole('textbox', { name: `${label} date` });
  await date.fill(day);
  await date.press('Escape');
  await page.getByLabel(`${label} time`).fill(time);
}

async function applyPromo(page: Page, code: string): Promise<void> {
  await page.goto('/register');
  await page.getByRole('textbox', { name: 'Promo code' }).fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
}

for (const [width, viewport] of [['1280', DESKTOP], ['390', PHONE]] as const) {
  test(`at ${width} px: edit the event, open sales, create a promo code, register with it, deactivate it`, async ({ page }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(viewport);
    const event = await masterclassEvent(superuser);
    // Start from the spec's presentation: sold out, 50 seats, 2025 dates.
    await superuser.collection('events').update(event.id, { sales_state: 'sold_out' });
    const user = await administrator();
    await routeApiTo(page, server);
    await signInAs(page, user);

    await page.goto('/admin/event');
    await expect(page.getByRole('heading', { name: 'Event & Promo Codes' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(event.title as string);
    await expect(page.getByText('Visitors see: Sold out')).toBeVisible();
    await shot(page, width, 'loaded');

    // The facts, typed in Adelaide time: 10 March 2027 is daylight time (UTC+10:30).
    const day = width === '1280' ? '10/03/2027' : '11/03/2027';
    const utcDay = width === '1280' ? '2027-03-09' : '2027-03-10';
    await setTime(page, 'Start', day, '09:30');
    await setTime(page, 'End', day, '12:30');
    await setTime(page, 'Portal unlock', day, '08:30');
    await page.getByRole('textbox', { name: 'Venue' }).fill(`Stone & Chalk, Lot Fourteen (${width})`);
    await page.getByRole('textbox', { name: 'Capacity' }).fill('60');
    await page.getByRole('textbox', { name: /Price per attendee/ }).fill('450');
    await page.locator('label').filter({ hasText: /^Open$/ }).click();
    await page.getByRole('button', { name: 'Save event' }).click();
    // The other width's journey left a seat holder: a new date asks whether to tell them (event-change-notice.spec.ts).
    const asked = page.getByRole('dialog', { name: /^Notify \d+ attendees?\?$/ });
    await expect(toast(page, 'Event updated').or(asked)).toBeVisible();
    if (await asked.isVisible()) await asked.getByRole('button', { name: 'Save without notifying' }).click();
    await expect(toast(page, 'Event updated')).toBeVisible();
    await expect(page.getByText('Visitors see: Open')).toBeVisible();
    const saved = await masterclassEvent(superuser);
    expect(saved).toMatchObject({
      starts_at: `${utcDay} 23:00:00.000Z`, ends_at: `${day === '10/03/2027' ? '2027-03-10' : '2027-03-11'} 02:00:00.000Z`,
      portal_unlock_at: `${utcDay} 22:00:00.000Z`, capacity: 60, price_cents: 45000, sales_state: 'open', venue: `Stone & Chalk, Lot Fourteen (${width})`,
    });
    // Read back in Adelaide time after a reload.
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Start date' })).toHaveValue(day);
    await expect(page.getByLabel('Start time')).toHaveValue('09:30');

    // Below the seats taken: refused by the server, shown under the field, nothing saved.
    await holdSeats(3);
    await page.reload();
    await page.getByRole('textbox', { name: 'Capacity' }).fill('2');
    await page.getByRole('textbox', { name: 'Title' }).fill('Not saved');
    await page.getByRole('button', { name: 'Save event' }).click();
    await expect(toast(page, 'Failed to update event')).toBeVisible();
    await expect(page.getByText(/^Capacity cannot be lower than the \d+ seats already taken/).first()).toBeVisible();
    await shot(page, width, 'capacity-refused');
    expect(await masterclassEvent(superuser)).toMatchObject({ capacity: 60, title: event.title });
    await page.reload();

    // A new code, then a free registration with it on /register.
    const code = unique(`E2E${width}`).toUpperCase().replace(/[^A-Z0-9-]/g, '');
    await page.getByRole('textbox', { name: 'Code' }).fill(code);
    await page.getByRole('textbox', { name: 'Max uses' }).fill('5');
    await setTime(page, 'Expires', '31/12/2030', '23:59');
    await page.getByRole('button', { name: 'Create promo code' }).click();
    await expect(toast(page, 'Promo code created')).toBeVisible();
    const row = page.getByTestId(width === '1280' ? 'promo-row' : 'promo-card').filter({ hasText: code });
    await expect(row).toContainText('Free registration for one attendee');
    await expect(row).toContainText('Active');
    await expect(row).toContainText(/31 Dec(ember)? 2030/);

    // The same code again, in another letter case: refused with a clear message.
    await page.getByRole('textbox', { name: 'Code' }).fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Create promo code' }).click();
    await expect(page.getByText(`The promo code ${code} already exists. Codes are matched in any letter case.`).first()).toBeVisible();
    await shot(page, width, 'promo-codes');

    await applyPromo(page, code.toLowerCase());
    await expect(toast(page, 'Promo Code Applied')).toBeVisible();
    const email = `${unique('free')}@example.com`;
    await fillAttendee(page, 0, { fullName: 'Priya Shah', email });
    await privacyConsent(page).check();
    await page.getByRole('button', { name: 'Complete Free Registration' }).click();
    await expect(page.getByRole('heading', { name: 'Registration Complete' })).toBeVisible();
    const registration = await superuser.collection('registrations').getFirstListItem(superuser.filter('primary_email = {:email}', { email }));
    expect(registration).toMatchObject({ kind: 'promo', status: 'completed', total_amount_cents: 0 });

    // Deactivated: the registration form calls it invalid.
    await page.goto('/admin/event');
    await expect(row).toContainText('Active');
    await expect(row.getByText('1', { exact: true }).or(row.getByText('Used 1 of 5'))).toBeVisible();
    await row.getByRole('button', { name: `Deactivate ${code}` }).click();
    const dialog = page.getByRole('dialog', { name: `Deactivate ${code}?` });
    await shot(page, width, 'deactivate-dialog');
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await expect(toast(page, 'Promo code deactivated')).toBeVisible();
    await expect(row).toContainText('Inactive');
    await expect(row.getByRole('button', { name: `Activate ${code}` })).toBeVisible();
    await shot(page, width, 'deactivated');

    await applyPromo(page, code);
    await expect(toast(page, 'Invalid Promo Code', 'The promo code you entered is invalid or expired')).toBeVisible();
    await user.remove();
  });
}

test('at 390 px: the promo codes, early access and waitlist cards say what went wrong when they could not load, and Try again loads them', async ({ page }) => {
  await page.setViewportSize(PHONE);
  const user = await administrator();
  await routeApiTo(page, server);
  // Each card's reads are refused as a busy server would until its Try again is pressed (the
  // promo codes are also asked for ahead of the screen, when the navigation starts: that read is
  // refused too, so the screen's own read is the one that fails, whichever comes first).
  const busyUntilRetry = new Set<string>();
  const refuseUntilRetry = async (card: string, pattern: RegExp) => {
    busyUntilRetry.add(card);
    await page.route((url) => pattern.test(url.pathname), async (route) => {
      if (!busyUntilRetry.has(card) || route.request().method() !== 'GET') return route.fallback();
      return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ status: 503, message: 'Try again in a moment.', data: {} }) });
    });
  };
  await refuseUntilRetry('early', /\/early-access$/);
  await refuseUntilRetry('waitlist', /^\/api\/masterclass\/admin\/waitlist\//);
  await refuseUntilRetry('codes', /^\/api\/collections\/promo_codes\/records$/);
  await signInAs(page, user);
  await page.goto('/admin/event');

  const early = page.getByRole('region', { name: 'Early access for the waitlist' });
  const waitlist = page.getByRole('region', { name: 'Waitlist and seat offers' });
  const earlyError = early.getByRole('alert').filter({ hasText: 'Early access could not be loaded' });
  const waitlistError = waitlist.getByRole('alert').filter({ hasText: 'The waitlist could not be loaded' });
  const codes = page.getByRole('region', { name: 'Promo codes' });
  const codesError = codes.getByRole('alert').filter({ hasText: 'Failed to load promo codes' });
  await expect(codesError).toContainText('Try again in a moment.');
  await expect(earlyError).toContainText('Try again in a moment.');
  await expect(waitlistError).toContainText('Try again in a moment.');
  await shot(page, '390', 'cards-not-loaded');

  busyUntilRetry.delete('early');
  busyUntilRetry.delete('waitlist');
  await earlyError.getByRole('button', { name: 'Try again' }).click();
  await waitlistError.getByRole('button', { name: 'Try again' }).click();
  await expect(earlyError).toHaveCount(0);
  await expect(waitlistError).toHaveCount(0);
  await expect(waitlist.getByTestId('waitlist-summary')).toBeVisible();
  await expect(early.getByText(/No early access sent yet|priority window/)).toBeVisible();
  busyUntilRetry.delete('codes');
  await codesError.getByRole('button', { name: 'Try again' }).click();
  await expect(codesError).toHaveCount(0);
  // the seeded code, listed as a card on a phone
  await expect(codes.getByRole('button', { name: /^(Deactivate|Activate) / }).first()).toBeVisible();
  await user.remove();
});
