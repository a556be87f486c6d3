// Cancelling with the terms' refunds: an attendee signed in to the portal
// cancels their paid seat from 'Your registration' (what the terms give
// today, a confirmation, the result), and an attendee without an account
// opens the signed link from their confirmation email on /cancel. Both at
// 1280 and 390 px, with screenshots of the dialog and the page, each scanned
// with axe (WCAG 2.1 A and AA).
//
// The journeys register and cancel, so the file runs on its own PocketBase
// (tests/e2e/support/ownServer.ts, simulated checkout); the page's /api calls go to it.
import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import type PocketBase from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import { DESKTOP, PHONE } from '../support/browser';
import { ownServerForFile, routeApiTo } from './support/ownServer';
import { signInAs, type PortalTestUser } from './portal-helpers';
import { unique } from './registration-helpers';
import PocketBaseClient from 'pocketbase';
import { lookAt } from './support/lookAt';

let server: TestServer;
let superuser: PocketBase;

test.describe.configure({ mode: 'serial' });
ownServerForFile((started) => ({ server, admin: superuser } = started));

const FULL_REFUND = 'Full refund for cancellations made up to 14 days before the event.';

/** A paid registration for one attendee, paid through the simulated checkout; its attendee row. */
async function paidAttendee(fullName: string) {
  const email = `${unique('cancel-')}@example.com`;
  const created = await fetch(`${server.url}/api/masterclass/registrations`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      mode: 'paid', privacyConsent: true, marketingConsent: false,
      attendees: [{ fullName, email, company: 'Analytical Engines', jobTitle: 'Head of Data', phoneNumber: '0400 000 000', role: 'Senior Manager' }],
    }),
  });
  expect(created.status).toBe(201);
  const { sessionId, registrationId } = await created.json();
  expect((await fetch(`${server.url}/api/masterclass/checkout/simulated/${sessionId}/pay`, { method: 'POST' })).status).toBe(200);
  return superuser.collection('attendees').getFirstListItem(superuser.filter('registration = {:id}', { id: registrationId }));
}

/** An account on the file's server holding `attendee`'s row, signed in the way the app stores a session. */
async function accountFor(attendee: { id: string; email: string; full_name: string }): Promise<PortalTestUser> {
  const password = 'cancel-pass-1234';
  const user = await superuser.collection('users').create({
    email: attendee.email, password, passwordConfirm: password, role: 'attendee', full_name: attendee.full_name, verified: true,
  });
  await superuser.collection('attendees').update(attendee.id, { user: user.id });
  const auth = await new PocketBaseClient(server.url).collection('users').authWithPassword(attendee.email, password);
  return {
    id: user.id, email: attendee.email, fullName: attendee.full_name,
    storedAuth: JSON.stringify({ token: auth.token, record: auth.record }),
    remove: async () => { await superuser.collection('users').delete(user.id); },
  };
}

/** The working cancellation link of the attendee's confirmation email (the superuser's copy), on the app under test. */
async function emailedCancelLink(attendeeId: string, baseURL: string): Promise<string> {
  let text = '';
  await expect.poll(async () => {
    const copies = await superuser.collection('email_secrets').getFullList({ filter: superuser.filter('email.attendee = {:id}', { id: attendeeId }) });
    text = copies.map((copy) => String(copy.text)).find((body) => body.includes('/cancel?')) ?? '';
    return text !== '';
  }, { timeout: 15_000 }).toBe(true);
  const emailed = new URL(/https?:\/\/\S+\/cancel\?\S+/.exec(text)![0]);
  return new URL(`${emailed.pathname}${emailed.search}`, baseURL).toString();
}

/** Accessibility violations (WCAG 2.1 A and AA) in the page, or in the parts `include` names, one line each. */
async function violations(page: Page, include: string[] = []): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  for (const selector of include) builder = builder.include(selector);
  const results = await builder.analyze();
  return results.violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}

async function shoot(page: Page, name: string, viewport: { width: number }) {
  // animations finished: the dialog is shown as it rests, not mid-fade
  await lookAt(page, { path: `/tmp/shots/cancellation-${name}-${viewport.width}.png`, animations: 'disabled' });
}

for (const viewport of [DESKTOP, PHONE]) {
  test(`an attendee cancels their registration in the portal, from preview to done (${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const attendee = await paidAttendee('Ada Lovelace');
    const user = await accountFor(attendee as unknown as { id: string; email: string; full_name: string });
    await routeApiTo(page, server);
    await signInAs(page, user);
    await page.goto('/dashboard');

    const card = page.getByRole('region', { name: 'Your registration' });
    await expect(card).toBeVisible({ timeout: 15_000 });
    await expect(card).toContainText('AI CHAMPIONS MASTERCLASS');
    await card.getByRole('button', { name: /Cancel my registration/ }).click();

    const dialog = page.getByRole('dialog', { name: 'Cancel my registration' });
    await expect(dialog.getByTestId('cancel-refund')).toContainText('AUD 495.00');
    await expect(dialog).toContainText(FULL_REFUND);
    await expect(dialog).toContainText('This refund applies until');
    await shoot(page, 'portal-preview', viewport);
    expect(await violations(page, ['[role="dialog"]'])).toEqual([]);

    await dialog.getByRole('button', { name: 'Continue to cancel' }).click();
    await expect(dialog).toContainText('A refund of AUD 495.00 will be recorded (test mode: no money moves).');
    await shoot(page, 'portal-confirm', viewport);
    await dialog.getByRole('button', { name: 'Yes, cancel my registration' }).click();
    await expect(dialog.getByText('Your registration is cancelled')).toBeVisible();
    await expect(dialog.getByTestId('cancel-outcome')).toHaveText('A refund of AUD 495.00 is recorded (test mode: no money moves).');
    await shoot(page, 'portal-done', viewport);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();

    // the row comes back cancelled through the sync and leaves the card
    await expect(card).toBeHidden({ timeout: 15_000 });
    expect((await superuser.collection('attendees').getOne(attendee.id)).registration_status).toBe('cancelled');
  });
}

test('an attendee without an account cancels with the link from their confirmation email', async ({ page, baseURL }) => {
  const attendee = await paidAttendee('Grace Hopper');
  const link = await emailedCancelLink(attendee.id, baseURL!);
  await routeApiTo(page, server);
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Cancel your registration' })).toBeVisible();
    await expect(page.getByTestId('cancel-refund')).toContainText('AUD 495.00');
    await expect(page.getByText('Attendee: Grace Hopper')).toBeVisible();
    await lookAt(page, { path: `/tmp/shots/cancellation-link-${viewport.width}.png`, fullPage: true });
    expect(await violations(page)).toEqual([]);
  }
  await page.getByRole('button', { name: 'Continue to cancel' }).click();
  await page.getByRole('button', { name: 'Yes, cancel my registration' }).click();
  await expect(page.getByTestId('cancel-outcome')).toHaveText('A refund of AUD 495.00 is recorded (test mode: no money moves).');
  await lookAt(page, { path: '/tmp/shots/cancellation-link-done-390.png', fullPage: true });

  // the same link again says so; a tampered one is refused
  await page.goto(link);
  await expect(page.getByText('This registration has already been cancelled.')).toBeVisible();
  const tampered = link.replace(/[0-9a-f]$/, (last) => (last === '0' ? '1' : '0'));
  await page.goto(tampered);
  await expect(page.getByText(/This cancellation link is not valid/)).toBeVisible();
});
