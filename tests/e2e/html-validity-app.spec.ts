// Every page behind a sign-in or a link is valid HTML by the W3C Nu HTML Checker
// once the app has rendered it, at 1280 and 390 px, with no `<style>` element in
// the body: each portal page an attendee opens, each admin page, the door pass's
// PIN page and its door, and the buyer's order page. The data is a real order:
// two attendees paid for through the simulated checkout (so its confirmation and
// invitation emails are captured), the buyer's account linked to her seat with
// the tools unlocked and a readiness assessment done, a contact message, a door pass. The file runs on its own
// PocketBase (tests/e2e/support/ownServer.ts): it opens sales and moves the
// masterclass's unlock. One journey: one signed-in tab per role, pages opened as
// the app's links open them, each page drawn at both widths by resizing the
// window, and every page checked in one run of the checker (a slow Java start).
// The public pages and the error kept on purpose: tests/e2e/html-validity.spec.ts.
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type PocketBase from 'pocketbase';
import { DESKTOP } from '../support/browser';
import { validateHtml } from '../support/vnu';
import { masterclassEvent } from '../support/masterclassEvent';
import { signInAs } from './portal-helpers';
import { unique } from './registration-helpers';
import { emailedLink } from './support/accounts';
import { APP_START_TIMEOUT } from './support/appStart';
import { isKeptOnPurpose, renderedAtBothWidths, unexpectedErrors, withStyleInBody, type RenderedPage } from './support/htmlValidity';
import { ownServerAccount, ownServerAdministrator, ownServerForFile, routeApiTo, type OwnServer } from './support/ownServer';

let own: OwnServer;
ownServerForFile((started) => (own = started));

interface AppPage {
  path: string;
  /** The page's main heading: once it shows, the page is the one asked for. */
  heading: string | RegExp;
  /** What shows once its data is in. */
  ready?: (page: Page) => Promise<unknown>;
}

/** The portal's pages (src/routes/dashboard). */
const PORTAL_PAGES: AppPage[] = [
  {
    path: '/dashboard',
    heading: 'Welcome, Ada Lovelace',
    ready: async (page) => {
      await expect(page.getByRole('region', { name: 'Session materials' }).getByRole('link').first()).toBeVisible();
      await expect(page.getByRole('link', { name: 'Show ticket' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Your registration' })).toBeVisible();
    },
  },
  { path: '/dashboard/ticket', heading: 'Your Ticket', ready: (page) => expect(page.getByTestId('ticket-qr').first()).toBeVisible() },
  { path: '/dashboard/ai-readiness', heading: 'AI Readiness Assessment', ready: (page) => expect(page.getByTestId('readiness-latest')).toBeVisible() },
  // The results of her assessment, with the radar chart (Recharts' SVG).
  {
    path: '/dashboard/ai-readiness?view=results',
    heading: 'Your AI Readiness Results',
    ready: (page) => expect(page.getByRole('img', { name: /^Radar chart of your dimension scores/ }).locator('svg').first()).toBeVisible(),
  },
  { path: '/dashboard/business-case', heading: 'Business Case Generator' },
  { path: '/dashboard/use-case-generator', heading: 'Use Case Generator', ready: (page) => expect(page.getByRole('article').first()).toBeVisible() },
  { path: '/dashboard/use-case-generator/custom', heading: 'Generate Custom Use Case' },
  { path: '/dashboard/profile-settings', heading: 'Profile Settings', ready: (page) => expect(page.getByRole('textbox', { name: 'Full Name' })).toHaveValue('Ada Lovelace') },
  { path: '/dashboard/registration', heading: 'Your Registration', ready: (page) => expect(page.getByRole('form', { name: 'Your details' })).toBeVisible() },
];

/** The admin area's pages (src/routes/admin). */
const ADMIN_PAGES: AppPage[] = [
  { path: '/admin', heading: 'Admin Dashboard', ready: (page) => expect(page.locator('.recharts-surface').first()).toBeVisible() },
  { path: '/admin/attendees', heading: 'Manage Attendees', ready: (page) => expect(page.getByText('Grace Hopper').first()).toBeVisible() },
  { path: '/admin/event', heading: 'Event & Promo Codes', ready: (page) => expect(page.getByRole('button', { name: 'Save event' })).toBeVisible() },
  { path: '/admin/emails', heading: 'Emails', ready: (page) => expect(page.getByText(/Your place at the AI Champions Masterclass is confirmed/).first()).toBeVisible() },
  { path: '/admin/messages', heading: 'Messages', ready: (page) => expect(page.getByText('Can we book eight seats?').first()).toBeVisible() },
  { path: '/admin/use-cases', heading: 'Manage Use Cases', ready: (page) => expect(page.getByRole('row').nth(1)).toBeVisible() },
  { path: '/admin/speakers', heading: 'Speakers', ready: (page) => expect(page.getByRole('list', { name: 'Speakers in the order they are shown' }).getByRole('listitem').first()).toBeVisible() },
  // A new device's name is asked for in a dialog, open as the page opens.
  {
    path: '/admin/check-in',
    heading: 'Door Check-in',
    ready: async (page) => {
      await expect(page.locator('[data-door-pass="North door"]')).toBeVisible();
      await expect(page.getByText('List of 2 attendees kept on this device')).toBeVisible();
      await expect(page.getByRole('dialog', { name: 'Name this device' })).toBeVisible();
    },
  },
];

const noMore = async () => undefined;

/** A paid order of two, its buyer signed up, the tools unlocked, a contact message and a door pass. */
async function arrange(admin: PocketBase) {
  const attendees = ['Ada Lovelace', 'Grace Hopper'].map((fullName) => ({
    fullName, email: `${unique('valid')}@example.com`, company: 'Analytical Engines', jobTitle: 'Head of Data', phoneNumber: '0400 000 000', role: 'Senior Manager',
  }));
  const created = await fetch(`${own.server.url}/api/masterclass/registrations`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ mode: 'paid', privacyConsent: true, marketingConsent: false, attendees }),
  });
  expect(created.status).toBe(201);
  const { sessionId, registrationId } = (await created.json()) as { sessionId: string; registrationId: string };
  expect((await fetch(`${own.server.url}/api/masterclass/checkout/simulated/${sessionId}/pay`, { method: 'POST' })).status).toBe(200);
  const buyer = attendees[0]!;
  const account = await ownServerAccount(own, 'attendee', buyer.email, buyer.fullName);
  const seat = await admin.collection('attendees').getFirstListItem(admin.filter('registration = {:id} && email = {:email}', { id: registrationId, email: buyer.email }));
  await admin.collection('attendees').update(seat.id, { user: account.id });
  // A readiness assessment she completed (every answer 3: 50 in each dimension).
  const framework = JSON.parse(readFileSync(path.join(import.meta.dirname, '../../pb_hooks/shared/readiness-framework.json'), 'utf8')) as { dimensions: { id: string; questions: { id: string }[] }[] };
  await admin.collection('readiness_assessments').create({
    owner: account.id, status: 'completed', score: 50, level: 'Scaling', completed_at: new Date().toISOString().replace('T', ' '), framework_version: 1,
    answers: Object.fromEntries(framework.dimensions.flatMap((dimension) => dimension.questions.map((question) => [question.id, 3]))),
    dimension_scores: Object.fromEntries(framework.dimensions.map((dimension) => [dimension.id, 50])),
  });
  // The masterclass is on later today: the portal's tools and materials are open.
  const event = await masterclassEvent(admin);
  const at = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString().replace('T', ' ');
  await admin.collection('events').update(event.id, { portal_unlock_at: at(-1), starts_at: at(2), ends_at: at(5) });
  await admin.collection('contact_messages').create({ name: 'Jo Citizen', email: 'jo@example.com', subject: 'Group booking', message: 'Can we book eight seats?\nThanks, Jo' });
  const pass = await fetch(`${own.server.url}/api/masterclass/admin/door-passes`, {
    method: 'POST', headers: { Authorization: admin.authStore.token, 'Content-Type': 'application/json' },
    body: JSON.stringify({ event: event.id, label: 'North door' }),
  });
  expect(pass.status).toBe(200);
  const { url: passUrl, pin } = (await pass.json()) as { url: string; pin: string };
  return { account, buyer, passPath: new URL(passUrl).pathname, pin };
}

test('every portal, admin, door and order page is valid once the app has rendered it, at 1280 and 390 px', async ({ page, browser, baseURL }) => {
  test.setTimeout(360_000);
  const { account, buyer, passPath, pin } = await arrange(own.admin);
  const orderLink = await emailedLink(own.admin, buyer.email, '/order/', baseURL!);
  const rendered: RenderedPage[] = [];

  // The attendee, in the portal.
  await routeApiTo(page, own.server);
  await signInAs(page, account);
  for (const { path, heading, ready } of PORTAL_PAGES) rendered.push(...(await renderedAtBothWidths(page, path, heading, ready ?? noMore)));

  // An administrator, in the admin area.
  const administrator = await ownServerAdministrator(own, 'Alex Admin');
  const adminContext = await browser.newContext({ baseURL, serviceWorkers: 'block', reducedMotion: 'reduce' });
  const adminPage = await adminContext.newPage();
  await routeApiTo(adminPage, own.server);
  await signInAs(adminPage, administrator);
  for (const { path, heading, ready } of ADMIN_PAGES) rendered.push(...(await renderedAtBothWidths(adminPage, path, heading, ready ?? noMore)));
  await adminContext.close();

  // The buyer's order page from her email, and door staff's PIN page and door, without an account.
  const guestContext = await browser.newContext({ baseURL, serviceWorkers: 'block', reducedMotion: 'reduce' });
  const guest = await guestContext.newPage();
  await routeApiTo(guest, own.server);
  rendered.push(...(await renderedAtBothWidths(guest, `${orderLink.pathname}${orderLink.search}`, 'Your order', (tab) => expect(tab.getByTestId('order-ticket')).toHaveCount(2), 'the order page')));
  rendered.push(...(await renderedAtBothWidths(guest, passPath, 'Door Check-in', (tab) => expect(tab.getByRole('button', { name: 'Open the door' })).toBeVisible(), 'the door pass PIN page')));
  await guest.setViewportSize(DESKTOP);
  await guest.getByRole('textbox', { name: 'PIN digit 1 of 6' }).pressSequentially(pin);
  await guest.getByRole('button', { name: 'Open the door' }).click();
  await expect(guest.getByText('List of 2 attendees kept on this device')).toBeVisible({ timeout: APP_START_TIMEOUT });
  rendered.push(...(await renderedAtBothWidths(guest, null, 'Door Check-in', (tab) => expect(tab.getByRole('textbox', { name: 'Search by name' })).toBeVisible(), 'the door')));
  await guestContext.close();

  expect(rendered).toHaveLength((PORTAL_PAGES.length + ADMIN_PAGES.length + 3) * 2);
  const reports = await validateHtml(rendered);
  expect(unexpectedErrors(reports)).toEqual([]);
  expect(withStyleInBody(rendered)).toEqual([]);
  // The launch-screen links are in every page's head: the exception is exactly those six.
  for (const report of reports) expect(report.messages.filter(isKeptOnPurpose), report.name).toHaveLength(6);
});
