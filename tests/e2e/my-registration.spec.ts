// Keeping one's registration right, in the portal: an attendee changes their
// dietary requirements on Your Registration (1280 px), sends a colleague in
// their place (390 px), and the colleague, once signed in, sees the new
// ticket; then a profile photo is uploaded in Profile Settings and shown.
// Each screen is scanned with axe (WCAG 2.1 A and AA) and photographed at
// both widths. The rules and races are proven in
// tests/server/attendee-self-service.test.ts.
//
// The journey passes a seat on, so the file runs on its own PocketBase
// (tests/e2e/support/ownServer.ts: the masterclass is still to come there).
import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import PocketBase from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import { DESKTOP, PHONE } from '../support/browser';
import { masterclassEvent } from '../support/masterclassEvent';
import { ownServerForFile, routeApiTo } from './support/ownServer';
import { signInAs, type PortalTestUser } from './portal-helpers';
import { unique } from './registration-helpers';
import { lookAt } from './support/lookAt';

let server: TestServer;
let superuser: PocketBase;

test.describe.configure({ mode: 'serial' });
ownServerForFile((started) => ({ server, admin: superuser } = started));

// A 2×2 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

/** An account with a confirmed seat at the masterclass, signed in the way the app stores a session. */
async function seatedAccount(fullName: string, email = `${unique('self-')}@example.com`): Promise<PortalTestUser & { attendeeId: string }> {
  const password = 'self-pass-1234';
  const user = await superuser.collection('users').create({ email, password, passwordConfirm: password, role: 'attendee', full_name: fullName, verified: true });
  const event = await masterclassEvent(superuser);
  const registration = await superuser.collection('registrations').create({
    event: event.id, kind: 'promo', status: 'completed', primary_email: email, currency: 'AUD', total_amount_cents: 0,
  });
  const attendee = await superuser.collection('attendees').create({
    registration: registration.id, event: event.id, user: user.id, email, full_name: fullName, company: 'Analytical Engines',
    job_title: 'Head of Data', phone_number: '0400 000 000', role: 'Senior Manager', registration_status: 'confirmed', privacy_consent: true,
  });
  const auth = await new PocketBase(server.url).collection('users').authWithPassword(email, password);
  return {
    id: user.id, email, fullName, attendeeId: attendee.id,
    storedAuth: JSON.stringify({ token: auth.token, record: auth.record }),
    remove: async () => { await superuser.collection('users').delete(user.id); },
  };
}

/** axe's findings in the page's own content (the portal's header is the portal's), and in an open dialog. */
async function violations(page: Page): Promise<string[]> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  const results = await new AxeBuilder({ page }).include('main').include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}

const shoot = (page: Page, name: string) =>
  lookAt(page, { path: `/tmp/shots/selfservice/${name}-${page.viewportSize()!.width}.png`, fullPage: true, animations: 'disabled' });

test('an attendee changes their dietary requirements, sends a colleague, who sees the new ticket', async ({ browser, page }) => {
  test.setTimeout(90_000);
  const ada = await seatedAccount('Ada Lovelace');
  await routeApiTo(page, server);
  await signInAs(page, ada);
  await page.setViewportSize(DESKTOP);
  await page.goto('/dashboard/registration');

  const card = page.getByRole('region', { name: 'AI CHAMPIONS MASTERCLASS' });
  const details = card.getByRole('form', { name: 'Your details' });
  await expect(details.getByRole('button', { name: 'Save details' })).toBeVisible({ timeout: 15_000 });
  await expect(details.getByLabel('Phone Number')).toHaveValue('0400 000 000');
  await details.getByLabel('Dietary Requirements').fill('Vegetarian, no peanuts');
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(details.getByText('Your details have been saved')).toBeVisible();
  await expect.poll(async () => (await superuser.collection('attendees').getOne(ada.attendeeId)).dietary_requirements).toBe('Vegetarian, no peanuts');
  await shoot(page, 'details-saved');
  expect(await violations(page)).toEqual([]);

  await page.setViewportSize(PHONE);
  await shoot(page, 'registration');
  expect(await violations(page)).toEqual([]);
  await card.getByRole('button', { name: 'Send a colleague' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send a colleague in my place' });
  const colleagueEmail = `${unique('grace-')}@example.com`;
  await dialog.getByLabel('Full Name').fill('Grace Hopper');
  await dialog.getByLabel('Email').fill('not an address');
  await dialog.getByLabel('Company').fill('Analytical Engines');
  await dialog.getByLabel('Job Title').fill('Rear Admiral');
  await dialog.getByRole('button', { name: 'Give my seat to this colleague' }).click();
  await expect(dialog.getByText('Invalid email address')).toBeVisible();
  await dialog.getByLabel('Email').fill(colleagueEmail);
  await shoot(page, 'colleague-dialog');
  expect(await violations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Give my seat to this colleague' }).click();
  // the answer says to whom the seat went, and so does the row once the sync brings it back cancelled
  await expect(card.getByText(/Your seat now belongs to Grace Hopper\.|You passed your seat to Grace Hopper\./)).toBeVisible();
  await expect(card.getByText('You passed your seat to Grace Hopper.', { exact: false })).toBeVisible({ timeout: 15_000 });
  await shoot(page, 'seat-passed');
  await page.setViewportSize(DESKTOP);
  await shoot(page, 'seat-passed');
  expect(await violations(page)).toEqual([]);

  // the colleague, with an account of their own (as the invitation makes it), sees the new ticket
  const grace = await superuser.collection('attendees').getFirstListItem(superuser.filter('replaces = {:id}', { id: ada.attendeeId }));
  const password = 'grace-pass-1234';
  const account = await superuser.collection('users').create({ email: colleagueEmail, password, passwordConfirm: password, role: 'attendee', full_name: 'Grace Hopper', verified: true });
  await superuser.collection('attendees').update(grace.id, { user: account.id });
  const auth = await new PocketBase(server.url).collection('users').authWithPassword(colleagueEmail, password);
  const context = await browser.newContext({ viewport: PHONE });
  const colleaguePage = await context.newPage();
  await routeApiTo(colleaguePage, server);
  await signInAs(colleaguePage, {
    id: account.id, email: colleagueEmail, fullName: 'Grace Hopper', storedAuth: JSON.stringify({ token: auth.token, record: auth.record }), remove: async () => {},
  });
  await colleaguePage.goto('/dashboard/ticket');
  const groups = String(grace.ticket_code).match(/.{1,4}/g)!.join(' ');
  await expect(colleaguePage.getByText(new RegExp(`^${groups}$`, 'i'))).toBeVisible({ timeout: 15_000 });
  await expect(colleaguePage.getByRole('main').getByText('Grace Hopper').first()).toBeVisible();
  await shoot(colleaguePage, 'colleague-ticket');
  await context.close();
});

test('an attendee uploads a profile photo, which the portal shows', async ({ page }) => {
  const ada = await seatedAccount('Ada Lovelace');
  await routeApiTo(page, server);
  await signInAs(page, ada);
  await page.goto('/dashboard/profile-settings');
  await expect(page.getByRole('button', { name: 'Upload a photo' })).toBeEnabled({ timeout: 15_000 });
  await page.getByTestId('profile-photo-input').setInputFiles({ name: 'ada.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Your photo has been uploaded.')).toBeVisible();
  // the profile's photo and the header's avatar show the uploaded picture once the device has it
  const photo = page.getByRole('region', { name: 'Profile Photo' }).locator('img');
  await expect(photo).toHaveAttribute('src', /\/api\/files\/.+thumb=240x240/, { timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Account menu' }).locator('img')).toHaveAttribute('src', /thumb=96x96/);
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await shoot(page, 'profile-photo');
    expect(await violations(page)).toEqual([]);
  }
});
