// The next masterclass: after the last one has taken place, an administrator
// creates the next one on Event & Promo Codes (/admin/event) by copying it
// with new dates, sees it saved as a draft that visitors do not see, publishes
// it, and the landing page then features it with its date.
//
// The journey adds an event, so the file runs on its own PocketBase
// (tests/e2e/support/ownServer.ts); the page's /api calls go to it.
import { expect, test } from '@playwright/test';
import PocketBase from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import { APP_START_TIMEOUT } from './support/appStart';
import { masterclassEvent } from '../support/masterclassEvent';
import { ownServerAdministrator, ownServerForFile, routeApiTo } from './support/ownServer';
import { signInAs } from './portal-helpers';
import { toast } from './registration-helpers';
import { lookAt } from './support/lookAt';

let server: TestServer;
let superuser: PocketBase;

test.describe.configure({ mode: 'serial' });
ownServerForFile((started) => ({ server, admin: superuser } = started));

const administrator = () => ownServerAdministrator({ server, admin: superuser }, 'Nina Organiser');

test('an administrator creates the next masterclass, publishes it, and the landing page features its date', async ({ page }) => {
  test.setTimeout(120_000);
  // The last masterclass took place on its seeded date (18 June 2025).
  const last = await masterclassEvent(superuser);
  await superuser.collection('events').update(last.id, {
    starts_at: '2025-06-18 02:00:00.000Z', ends_at: '2025-06-18 05:00:00.000Z', portal_unlock_at: '2025-06-17 23:30:00.000Z', sales_state: 'sold_out',
  });
  const user = await administrator();
  await routeApiTo(page, server);
  await signInAs(page, user);

  await page.goto('/admin/event');
  await expect(page.getByRole('heading', { name: 'Event & Promo Codes' })).toBeVisible({ timeout: APP_START_TIMEOUT });
  await expect(page.getByText('Visitors see: Taken place (waitlist only)')).toBeVisible();
  const card = page.getByRole('region', { name: 'Create the next masterclass' });
  // The times come from the last masterclass (11:30 – 2:30 pm Adelaide time).
  await expect(card.getByLabel('From time')).toHaveValue('11:30');
  await expect(card.getByLabel('Until time')).toHaveValue('14:30');

  // A start in the past is refused before anything is sent.
  const from = card.getByRole('textbox', { name: 'From date' });
  await from.fill('01/01/2020');
  await from.press('Escape');
  await card.getByRole('button', { name: 'Create draft' }).click();
  await expect(card.getByText('The start must be in the future.')).toBeVisible();

  // Wednesday 13 October 2027 is daylight time in Adelaide (ACDT, UTC+10:30).
  await from.fill('13/10/2027');
  await from.press('Escape');
  await card.getByRole('button', { name: 'Create draft' }).click();
  await expect(toast(page, 'Draft created')).toBeVisible();
  await expect(page.getByText('Draft: visitors do not see it')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Start date' })).toHaveValue('13/10/2027');
  const drafts = await superuser.collection('events').getFullList({ filter: 'published = false' });
  expect(drafts).toHaveLength(1);
  expect(drafts[0]).toMatchObject({
    starts_at: '2027-10-13 01:00:00.000Z', ends_at: '2027-10-13 04:00:00.000Z', portal_unlock_at: '2027-10-12 22:30:00.000Z',
    price_cents: last.price_cents, capacity: last.capacity, venue: last.venue, published: false,
  });
  await lookAt(page, { path: '/tmp/shots/next-event-draft.png', fullPage: true });

  // Still a draft: visitors see the last masterclass.
  const visitor = await page.context().browser()!.newPage();
  await routeApiTo(visitor, server);
  await visitor.goto('/');
  const details = visitor.getByRole('region', { name: 'Event Details' });
  await expect(details.getByText('Wednesday 18 June 2025', { exact: true })).toBeVisible({ timeout: APP_START_TIMEOUT });

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(toast(page, 'Event published')).toBeVisible();
  await expect(page.getByText('Visitors see: Open')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Masterclass' })).toHaveValue(/13 October 2027 — Open · featured on the site/);

  await visitor.reload();
  await expect(details.getByText('Wednesday 13 October 2027', { exact: true })).toBeVisible({ timeout: APP_START_TIMEOUT });
  await expect(details.getByText('11:30 am – 2:30 pm ACDT', { exact: true })).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Register Now' }).first()).toBeVisible();
  await lookAt(visitor, { path: '/tmp/shots/next-event-landing.png' });
  await visitor.close();
  await user.remove();
});
