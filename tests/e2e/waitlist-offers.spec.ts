// Waitlist offers, from a freed seat to a claimed and paid seat: the
// masterclass is sold out and two people join its waitlist; an administrator
// sees them as not confirmed on Event & Promo Codes, then in the queue once
// each confirmed their address with the link in their waitlist email; a
// confirmed attendee cancels, the seat is offered to the first person (the
// second sees on his status page that he is next); the first person's emailed
// link opens /register with her details and the held seat, she pays in the
// simulated checkout and her seat is confirmed. And confirming from the
// email's link on a phone and a laptop, with an axe scan of the page.
// Screenshots at 1280 and 390 px: /tmp/shots/waitlist-*.png.
//
// The journey changes seats and the waitlist, so the file runs on its own
// PocketBase (tests/e2e/support/ownServer.ts); the page's /api calls go to it.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import PocketBase from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import { masterclassEvent } from '../support/masterclassEvent';
import { APP_START_TIMEOUT } from './support/appStart';
import { emailedLink, outboxLink } from './support/accounts';
import { ownServerAdministrator, ownServerForFile, routeApiTo } from './support/ownServer';
import { signInAs } from './portal-helpers';
import { privacyConsent, unique } from './registration-helpers';
import { lookAt } from './support/lookAt';

let server: TestServer;
let superuser: PocketBase;

test.describe.configure({ mode: 'serial' });
ownServerForFile((started) => ({ server, admin: superuser } = started));

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** The page at 1280 and 390 px; with `part`, a tall window scrolled to it (the admin shell's header stays on top). */
async function shoot(page: Page, name: string, part?: Locator): Promise<void> {
  for (const [viewport, width] of [[PHONE, 390], [DESKTOP, 1280]] as const) {
    const path = `/tmp/shots/waitlist-${name}-${width}.png`;
    if (!part) {
      await page.setViewportSize(viewport);
      await lookAt(page, { path, fullPage: true });
      continue;
    }
    await page.setViewportSize({ width, height: 1500 });
    await part.evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 80));
    await lookAt(page, { path });
  }
  await page.setViewportSize(DESKTOP);
}

/** Accessibility problems (WCAG 2.1 A and AA) on the page, as `rule: element` lines. */
async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}

/** Confirms an address as its page's button does, with the token of the email's confirmation link. */
async function confirmByLink(email: string, baseURL: string): Promise<void> {
  const link = await emailedLink(superuser, email, 'confirmToken=', baseURL);
  const response = await fetch(`${server.url}/api/masterclass/waitlist-confirm`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ attendee: link.searchParams.get('attendee'), token: link.searchParams.get('confirmToken') }),
  });
  expect(response.status).toBe(200);
}

async function joinWaitlist(eventId: string, fullName: string, email: string): Promise<void> {
  const response = await fetch(`${server.url}/api/masterclass/registrations`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      mode: 'waitlist', event: eventId, privacyConsent: true, marketingConsent: false,
      attendees: [{ fullName, email, company: 'Harbour Logistics', jobTitle: 'Head of Operations', phoneNumber: '0400 111 222', role: 'Senior Manager' }],
    }),
  });
  expect(response.status).toBe(201);
}

test('a freed seat is offered to the longest-waiting person, who claims and pays for it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const event = await masterclassEvent(superuser);
  await superuser.collection('events').update(event.id, { capacity: 1, sales_state: 'sold_out' });
  const registration = await superuser.collection('registrations').create({
    event: event.id, kind: 'promo', status: 'completed', primary_email: 'leaving@example.com', currency: 'AUD', total_amount_cents: 0,
  });
  const leaving = await superuser.collection('attendees').create({
    registration: registration.id, event: event.id, email: 'leaving@example.com', full_name: 'Leaving Attendee', company: 'Co', job_title: 'Lead',
    role: 'Senior Manager', registration_status: 'confirmed', privacy_consent: true,
  });
  const mia = `${unique('mia')}@example.com`;
  const noah = `${unique('noah')}@example.com`;
  await joinWaitlist(event.id, 'Mia Chen', mia);
  await joinWaitlist(event.id, 'Noah Patel', noah);

  // The administrator's card: nobody in line until they confirm their address.
  const user = await ownServerAdministrator({ server, admin: superuser }, 'Nina Organiser');
  await routeApiTo(page, server);
  await signInAs(page, user);
  await page.goto('/admin/event');
  const card = page.getByRole('region', { name: 'Waitlist and seat offers' });
  await expect(card.getByTestId('waitlist-summary')).toHaveText(/^0 of 1 seats free · 0 waiting · 0 open offers/, { timeout: APP_START_TIMEOUT });
  await expect(card.getByTestId('waitlist-confirmation-counts')).toHaveText(/^On the waitlist: 0 with a confirmed email address, 2 not confirmed yet/);
  await expect(card).toContainText('Mia Chen (Email not confirmed)');
  await shoot(page, 'admin-unconfirmed', card);

  // Both confirm with the link in their waitlist email (in that order): the queue, two waiting, no seat free.
  await confirmByLink(mia, page.url());
  await confirmByLink(noah, page.url());
  await card.getByRole('button', { name: 'Refresh the waitlist' }).click();
  await expect(card.getByTestId('waitlist-summary')).toHaveText(/^0 of 1 seats free · 2 waiting · 0 open offers/);
  await expect(card.getByTestId('waitlist-confirmation-counts')).toHaveText(/^On the waitlist: 2 with a confirmed email address, 0 not confirmed yet/);
  const queue = card.getByRole('table', { name: 'People waiting for a seat' });
  await expect(queue.getByRole('row')).toHaveCount(3);
  await expect(queue.getByRole('row').nth(1)).toContainText('Mia Chen');
  await expect(card.getByRole('button', { name: 'Offer a seat to Mia Chen' })).toBeDisabled();

  // A confirmed attendee cancels: the seat goes to Mia at once, and it is held for her.
  await superuser.collection('attendees').update(leaving.id, { registration_status: 'cancelled' });
  await card.getByRole('button', { name: 'Refresh the waitlist' }).click();
  await expect(card.getByTestId('waitlist-summary')).toHaveText(/^0 of 1 seats free · 1 waiting · 1 open offer/);
  const offers = card.getByRole('table', { name: 'Seat offers' });
  await expect(offers.getByRole('row').nth(1)).toContainText('Mia Chen');
  await expect(offers.getByRole('row').nth(1)).toContainText('Open');
  await expect(offers.getByRole('row').nth(1)).toContainText('Cancellation');
  await shoot(page, 'admin', card);

  const visitorContext = await browser.newContext({ baseURL: new URL(page.url()).origin, viewport: DESKTOP });
  const visitor = await visitorContext.newPage();
  await routeApiTo(visitor, server);

  // Noah's status link (his waitlist email): he is next in line now. The outbox copy's link has no working token.
  expect((await outboxLink(superuser, noah, '/waitlist-status?', page.url())).searchParams.get('token')).toBe('[hidden]');
  const noahMail = await superuser.collection('emails').getFirstListItem(superuser.filter('to = {:to} && template = "waitlist_confirmation"', { to: noah }));
  const noahSecret = await superuser.collection('email_secrets').getFirstListItem(superuser.filter('email = {:id}', { id: noahMail.id }));
  const status = new URL(/See your place in the queue at any time: (\S+)/.exec(String(noahSecret.text))![1]!);
  expect(status.searchParams.has('confirmToken')).toBe(false);
  await visitor.goto(`${status.pathname}${status.search}`);
  await expect(visitor.getByTestId('waitlist-status')).toContainText("You're next in line", { timeout: APP_START_TIMEOUT });
  await expect(visitor.getByTestId('waitlist-status')).toContainText('hold the seat for them for 24 hours');
  await expect(visitor.getByTestId('waitlist-email-confirmed')).toHaveText('Your email address is confirmed.');
  await shoot(visitor, 'status');

  // Mia's claim link: /register with her details, her address fixed, one seat, even though the masterclass is sold out.
  const claim = await emailedLink(superuser, mia, '/register?offer=', visitor.url());
  await visitor.goto(`${claim.pathname}${claim.search}`);
  await expect(visitor.getByRole('heading', { name: 'Claim Your Seat' })).toBeVisible({ timeout: APP_START_TIMEOUT });
  await expect(visitor.getByTestId('waitlist-offer-notice')).toContainText(/It is yours until \w+day \d+ \w+ \d{4}, \d+:\d\d [ap]m AC[SD]T/);
  await expect(visitor.getByRole('textbox', { name: 'Full Name' })).toHaveValue('Mia Chen');
  await expect(visitor.getByRole('textbox', { name: 'Company' })).toHaveValue('Harbour Logistics');
  const email = visitor.getByRole('textbox', { name: /Email/ });
  await expect(email).toHaveValue(mia);
  await expect(email).toHaveAttribute('readonly', '');
  await expect(visitor.getByRole('button', { name: 'Add Another Attendee' })).toHaveCount(0);
  await shoot(visitor, 'claim');

  await privacyConsent(visitor).check();
  await visitor.getByRole('button', { name: 'Proceed to Payment' }).click();
  await visitor.waitForURL((url) => url.pathname === '/checkout/simulated');
  await visitor.getByRole('button', { name: 'Pay $495.00' }).click();
  await visitor.waitForURL((url) => url.pathname === '/register' && url.searchParams.get('success') === 'true');
  await expect(visitor.getByRole('heading', { name: 'Registration Complete' })).toBeVisible();

  const [offer] = await superuser.collection('waitlist_offers').getFullList({ filter: superuser.filter('event = {:id}', { id: event.id }) });
  expect(offer).toMatchObject({ status: 'claimed', email: mia });
  const rows = await superuser.collection('attendees').getFullList({ filter: superuser.filter('event = {:id} && email = {:email}', { id: event.id, email: mia }) });
  expect(rows.map((row) => row.registration_status)).toEqual(['confirmed']);
  await visitorContext.close();
  await user.remove();
});

test('confirming the address from the email link, on a phone and a laptop', async ({ page }) => {
  test.setTimeout(120_000);
  const event = await masterclassEvent(superuser);
  await routeApiTo(page, server);
  for (const [viewport, width] of [[PHONE, 390], [DESKTOP, 1280]] as const) {
    await page.setViewportSize(viewport);
    const email = `${unique(`ava${width}`)}@example.com`;
    await joinWaitlist(event.id, 'Ava Singh', email);
    await page.goto('/');
    const link = await emailedLink(superuser, email, 'confirmToken=', page.url());
    expect(link.pathname).toBe('/waitlist-status');

    // Opening the link only shows the page: the address is not confirmed until the button is pressed.
    await page.goto(`${link.pathname}${link.search}`);
    const panel = page.getByTestId('waitlist-confirm');
    await expect(panel.getByRole('heading', { name: 'Confirm your email address' })).toBeVisible({ timeout: APP_START_TIMEOUT });
    await expect(page.getByTestId('waitlist-status')).toContainText(/You'll be (next in line|number \d+ in the queue) once you confirm/);
    await expect(page.getByTestId('waitlist-status')).toContainText('offered only to people who have confirmed their email address');
    const row = await superuser.collection('attendees').getFirstListItem(superuser.filter('email = {:email}', { email }));
    expect(row.waitlist_confirmed_at).toBe('');
    expect(await axeViolations(page)).toEqual([]);
    await lookAt(page, { path: `/tmp/shots/waitlist-confirm-${width}.png`, fullPage: true });

    await panel.getByRole('button', { name: 'Confirm my email address' }).click();
    await expect(page.getByTestId('waitlist-email-confirmed')).toHaveText('Thank you: your email address is confirmed.');
    await expect(page.getByTestId('waitlist-status')).toContainText(/You're (next in line|number \d+ in the queue)/);
    expect((await superuser.collection('attendees').getOne(row.id)).waitlist_confirmed_at).not.toBe('');
    expect(await axeViolations(page)).toEqual([]);
    await lookAt(page, { path: `/tmp/shots/waitlist-confirmed-${width}.png`, fullPage: true });

    // A damaged link: a clear message, nothing confirmed.
    const other = `${unique(`ben${width}`)}@example.com`;
    await joinWaitlist(event.id, 'Ben Ortiz', other);
    const otherLink = await emailedLink(superuser, other, 'confirmToken=', page.url());
    const damaged = new URL(otherLink);
    damaged.searchParams.set('confirmToken', `${Math.floor(Date.now() / 1000) + 3600}.${'f'.repeat(64)}`);
    await page.goto(`${damaged.pathname}${damaged.search}`);
    await page.getByTestId('waitlist-confirm').getByRole('button', { name: 'Confirm my email address' }).click({ timeout: APP_START_TIMEOUT });
    await expect(page.getByRole('alert')).toContainText('This confirmation link is not valid.');
    if (width === 390) await lookAt(page, { path: `/tmp/shots/waitlist-confirm-refused-${width}.png`, fullPage: true });
    const otherRow = await superuser.collection('attendees').getFirstListItem(superuser.filter('email = {:email}', { email: other }));
    expect(otherRow.waitlist_confirmed_at).toBe('');
  }
});
