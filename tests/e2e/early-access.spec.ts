// Waitlist first: people on the waitlist of an earlier masterclass get early
// access to the next one. An administrator opens Event & Promo Codes for the
// upcoming masterclass, sees how many people would get the email, confirms,
// watches the batches go out and reads the summary; the priority window is
// then open. The emailed link opens /register with an early-access notice
// (until when, in the event's time zone) and the address filled in; a
// visitor without a link is told when public sales open.
//
// The journey adds events and waitlist entries, so the file runs on its own
// PocketBase (tests/e2e/support/ownServer.ts); the page's /api calls go to it.
import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import PocketBase from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import { APP_START_TIMEOUT } from './support/appStart';
import { masterclassEvent } from '../support/masterclassEvent';
import { ownServerAdministrator, ownServerForFile, routeApiTo } from './support/ownServer';
import { emailedLink } from './support/accounts';
import { signInAs } from './portal-helpers';
import { unique } from './registration-helpers';
import { lookAt } from './support/lookAt';

let server: TestServer;
let superuser: PocketBase;

test.describe.configure({ mode: 'serial' });
ownServerForFile((started) => ({ server, admin: superuser } = started));

const administrator = () => ownServerAdministrator({ server, admin: superuser }, 'Nina Organiser');

/** Accessibility violations (WCAG 2.1 A and AA) in the page, or in the parts `include` names, one line each. */
async function violations(page: Page, include: string[] = []): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  for (const selector of include) builder = builder.include(selector);
  const results = await builder.analyze();
  return results.violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}

async function joinWaitlist(eventId: string, email: string, marketingConsent: boolean): Promise<void> {
  const response = await fetch(`${server.url}/api/masterclass/registrations`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      mode: 'waitlist', event: eventId, privacyConsent: true, marketingConsent,
      attendees: [{ fullName: 'Grace Hopper', email, company: 'Navy', jobTitle: 'Rear Admiral', phoneNumber: '0400 000 000', role: 'Senior Manager' }],
    }),
  });
  expect(response.status).toBe(201);
}

test('an administrator sends early access to the waitlist, sees the progress and summary, and the link opens an early-access registration', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // An earlier masterclass whose waitlist hears first: two addresses with consent (one of them twice, in another case) and one without.
  const earlier = await superuser.collection('events').create({
    title: 'AI CHAMPIONS MASTERCLASS', starts_at: '2024-06-19 02:00:00.000Z', ends_at: '2024-06-19 05:00:00.000Z', timezone: 'Australia/Adelaide',
    location: 'Adelaide, South Australia', venue: 'Lot Fourteen', capacity: 50, max_per_registration: 10, price_cents: 49500, currency: 'AUD',
    sales_state: 'sold_out', portal_unlock_at: '2024-06-18 23:30:00.000Z', published: true,
  });
  const ada = `${unique('ada-')}@example.com`;
  const grace = `${unique('grace-')}@example.com`;
  await joinWaitlist(earlier.id, ada, true);
  await joinWaitlist(earlier.id, grace, true);
  await joinWaitlist(earlier.id, `${unique('quiet-')}@example.com`, false);
  // the same person on the seeded masterclass's waitlist is for that one, not an earlier one: only the earlier event counts
  const next = await masterclassEvent(superuser);

  const user = await administrator();
  await routeApiTo(page, server);
  await signInAs(page, user);
  await page.goto('/admin/event');
  await expect(page.getByRole('heading', { name: 'Event & Promo Codes' })).toBeVisible({ timeout: APP_START_TIMEOUT });
  const card = page.getByRole('region', { name: 'Early access for the waitlist' });
  await expect(card.getByTestId('early-access-counts')).toHaveText('Sent so far: 0 early-access emails. Waiting for it: 2 people.');
  await expect(card.getByText('The first send opens a priority window of 48 hours')).toBeVisible();

  await card.getByRole('button', { name: 'Send early access to the waitlist' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send early access to the waitlist' });
  await expect(dialog.getByTestId('early-access-confirm')).toContainText('2 people will get the early-access email');
  await lookAt(page, { path: '/tmp/shots/early-access-confirm.png' });
  await dialog.getByRole('button', { name: 'Send to 2 people' }).click();
  await expect(dialog.getByTestId('early-access-summary')).toContainText('2 early-access emails sent of 2, 0 failed');
  await lookAt(page, { path: '/tmp/shots/early-access-summary.png' });
  // the card and the dialog (the admin shell around them is scanned by its own journeys)
  expect(await violations(page, ['section[aria-labelledby="early-access-title"]', '[role="dialog"]'])).toEqual([]);
  await dialog.getByTestId('early-access-summary').getByRole('button', { name: 'Close' }).click();

  await expect(card.getByTestId('early-access-counts')).toHaveText('Sent so far: 2 early-access emails. Waiting for it: 0 people.');
  await expect(card.getByTestId('early-access-window')).toContainText(/Priority window open until \w+day \d+ \w+ \d{4}, \d+:\d\d [ap]m AC[SD]T/);
  await expect(card.getByRole('button', { name: 'Send early access to the waitlist' })).toBeDisabled();
  const window = await superuser.collection('events').getOne(next.id);
  expect(window.early_access_starts_at).not.toBe('');

  // A visitor without a link is told when public sales open.
  const visitorContext = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const visitor = await visitorContext.newPage();
  await routeApiTo(visitor, server);
  await visitor.goto('/register');
  await expect(visitor.getByTestId('early-access-notice')).toContainText('Public sales open on', { timeout: APP_START_TIMEOUT });

  // Ada's link opens an early-access registration with her address filled in.
  const link = await emailedLink(superuser, ada, '/register', page.url());
  expect(link.searchParams.get('event')).toBe(next.id);
  await visitor.goto(`${link.pathname}${link.search}`);
  const notice = visitor.getByTestId('early-access-notice');
  await expect(notice).toContainText('Early access', { timeout: APP_START_TIMEOUT });
  await expect(notice).toContainText(/lasts until \w+day \d+ \w+ \d{4}, \d+:\d\d [ap]m AC[SD]T/);
  await expect(notice).toContainText(`Enter ${ada} as the first attendee`);
  await expect(visitor.getByRole('textbox', { name: /Email/ }).first()).toHaveValue(ada);
  await lookAt(visitor, { path: '/tmp/shots/early-access-register.png', fullPage: true });
  expect(await violations(visitor)).toEqual([]);
  await visitorContext.close();
  await user.remove();
});
