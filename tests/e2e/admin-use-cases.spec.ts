// Manage Use Cases (spec "Admin area", sections 4, 5, 8, 9): the filters
// (title, industry, AI technique; back to page 1), sorting on the server
// (title ascending first; a second click descending), page sizes and the
// pager, the empty text; one form for add and edit ('Title is required', every
// library field, tags included) and the delete confirmation, with the spec's
// toasts. An attendee's open use case library shows the added use case and
// the edit, and loses the deleted one, without a reload (realtime sync); a
// device that was offline during a delete drops it on reconnecting (the
// tombstone). The overview's ?new=1 opens the add form.
import { expect, test, type Page } from '@playwright/test';
import type PocketBase from 'pocketbase';
import { DESKTOP, PHONE } from '../support/browser';
import { superuserClient } from '../support/e2e-admin';
import { AFTER_UNLOCK, createPortalUser, signInAs, type PortalTestUser } from './portal-helpers';

// One after another: the add/edit/delete journey changes the totals the first journey counts.
test.describe.configure({ mode: 'default' });

let admin: PortalTestUser;
let attendee: PortalTestUser;
let su: PocketBase;

test.beforeAll(async () => {
  su = await superuserClient();
  [admin, attendee] = await Promise.all([createPortalUser('administrator'), createPortalUser('attendee')]);
});
test.afterAll(async () => {
  await Promise.all([admin?.remove(), attendee?.remove()]);
});

const table = (page: Page) => page.getByRole('table', { name: 'Use cases' });
const bodyRows = (page: Page) => table(page).locator('tbody tr');
const titles = async (page: Page) => (await table(page).locator('tbody tr td:first-child').allInnerTexts()).map((text) => text.trim());
const footer = (page: Page) => page.getByText(/^Showing \d+ of \d+ use cases$/);
const pageLine = (page: Page) => page.getByText(/^Page \d+ of \d+$/);

async function openAdmin(page: Page, path = '/admin/use-cases') {
  await signInAs(page, admin);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Use Cases' })).toBeVisible();
}

/** The server's own order, for comparing with the table (the id breaks ties, as on the page). */
async function serverTitles(filter: string, sort: string, perPage = 10, page = 1) {
  const result = await su.collection('ai_use_cases').getList(page, perPage, { filter, sort: `${sort},id` });
  return { titles: result.items.map((item) => item.title as string), total: result.totalItems, pages: result.totalPages };
}

test('filters, sorting, page sizes and the pager work on the server and say what they show', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await openAdmin(page);
  // The test server has no AI model: administrators are told what attendees' drafts come from.
  await expect(page.getByTestId('ai-drafting-status')).toHaveText('AI drafting: not configured — drafts use the built-in template (set AI_API_URL and AI_API_KEY on the server to use a model).');
  const first = await serverTitles('', 'title');
  await expect(footer(page)).toHaveText(`Showing 10 of ${first.total} use cases`);
  await expect(pageLine(page)).toHaveText(`Page 1 of ${first.pages}`);
  await expect.poll(() => titles(page)).toEqual(first.titles);
  for (const header of ['Title', 'Industry', 'AI Technique', 'Domain', 'Actions']) {
    await expect(table(page).getByRole('columnheader', { name: header })).toBeVisible();
  }

  // a header click sorts ascending, a second click descending
  await table(page).getByRole('columnheader', { name: 'Industry' }).getByText('Industry').click();
  await expect.poll(() => titles(page)).toEqual((await serverTitles('', 'industry')).titles);
  await table(page).getByRole('columnheader', { name: 'Industry' }).getByText('Industry').click();
  await expect.poll(() => titles(page)).toEqual((await serverTitles('', '-industry')).titles);

  // page size 5, then Next and Previous
  await page.getByRole('textbox', { name: 'Rows per page' }).click();
  await page.getByRole('option', { name: '5', exact: true }).click();
  const fives = await serverTitles('', '-industry', 5);
  await expect(pageLine(page)).toHaveText(`Page 1 of ${fives.pages}`);
  await expect(footer(page)).toHaveText(`Showing 5 of ${fives.total} use cases`);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(pageLine(page)).toHaveText(`Page 2 of ${fives.pages}`);
  await expect.poll(() => titles(page)).toEqual((await serverTitles('', '-industry', 5, 2)).titles);
  await expect(page.getByRole('button', { name: 'Previous' })).toBeEnabled();

  // a filter goes back to page 1; the three combine, case-insensitively
  await page.getByRole('textbox', { name: 'Industry' }).fill('health');
  await expect(pageLine(page)).toHaveText(/^Page 1 of \d+$/);
  const health = await serverTitles('industry ~ "health"', '-industry', 5);
  await expect(footer(page)).toHaveText(`Showing ${health.titles.length} of ${health.total} use cases`);
  await page.getByRole('textbox', { name: 'AI technique' }).fill('forecast');
  await page.getByRole('textbox', { name: 'Title' }).fill('EMERGENCY');
  const combined = await serverTitles('industry ~ "health" && ai_technique ~ "forecast" && title ~ "emergency"', '-industry', 5);
  expect(combined.total).toBeGreaterThan(0);
  await expect(footer(page)).toHaveText(`Showing ${combined.total} of ${combined.total} use cases`);
  await expect.poll(() => titles(page)).toEqual(combined.titles);

  await page.getByRole('textbox', { name: 'Title' }).fill('zzqx no such use case');
  await expect(page.getByText('No use cases found', { exact: true })).toBeVisible();
  await expect(footer(page)).toHaveText('Showing 0 of 0 use cases');
  await expect(pageLine(page)).toHaveText('Page 1 of 1');
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
});

test('add, edit and delete reach an attendee\'s open library without a reload', async ({ browser }) => {
  // Two browsers, a form of every library field, three live changes: long on a busy 2-core runner.
  test.setTimeout(90_000);
  const attendeeContext = await browser.newContext({ viewport: PHONE });
  const library = await attendeeContext.newPage();
  await signInAs(library, attendee);
  await library.clock.install({ time: AFTER_UNLOCK });
  await library.goto('/dashboard/use-case-generator');
  await expect(library.getByText(/^\d+ Use Cases? Available$/)).toBeVisible();

  const adminContext = await browser.newContext({ viewport: DESKTOP });
  const page = await adminContext.newPage();
  await openAdmin(page);
  const title = `Warehouse pick-path planning ${Date.now()}`;
  const renamed = `${title} (revised)`;
  try {
    await page.getByRole('button', { name: 'Add Use Case' }).click();
    const form = page.getByRole('dialog', { name: 'Add Use Case' });
    await form.getByRole('button', { name: 'Add Use Case' }).click();
    await expect(form.getByText('Title is required')).toBeVisible();

    await form.getByRole('textbox', { name: 'Title' }).fill(title);
    await form.getByRole('textbox', { name: 'Description' }).fill('Plans the shortest route through the warehouse for each order.');
    await form.getByRole('textbox', { name: 'Industry' }).fill('Logistics');
    await form.getByRole('textbox', { name: 'Domain' }).fill('Warehousing');
    await form.getByRole('textbox', { name: 'Business function' }).fill('Operations');
    await form.getByRole('textbox', { name: 'Adoption level' }).click();
    await page.getByRole('option', { name: 'Growing' }).click();
    await form.getByRole('textbox', { name: 'AI technique' }).fill('Route optimisation');
    await form.getByRole('textbox', { name: 'Model type' }).fill('Reinforcement learning');
    await form.getByRole('textbox', { name: 'Input data' }).fill('Order lines, shelf map');
    await form.getByRole('textbox', { name: 'Output type' }).fill('Pick route');
    await form.getByRole('textbox', { name: 'Tags' }).fill('routing,warehouse,');
    await form.getByRole('textbox', { name: 'Problem statement' }).fill('Pickers walk too far.');
    await form.getByRole('textbox', { name: 'Solution summary' }).fill('Routes are planned per order.');
    await form.getByRole('textbox', { name: 'Value proposition' }).fill('Shorter picking times.');
    await form.getByRole('textbox', { name: 'Challenges and risks' }).fill('Shelf maps go stale.');
    await form.getByRole('button', { name: 'Add Use Case' }).click();
    await expect(page.getByText('AI use case created successfully!')).toBeVisible();
    await expect(form).toBeHidden();

    const stored = await su.collection('ai_use_cases').getFirstListItem(su.filter('title = {:title}', { title }));
    expect(stored).toMatchObject({
      industry: 'Logistics', domain: 'Warehousing', business_function: 'Operations', adoption_level: 'Growing',
      ai_technique: 'Route optimisation', model_type: 'Reinforcement learning', input_data_type: 'Order lines, shelf map',
      output_type: 'Pick route', tags: ['routing', 'warehouse'], problem_statement: 'Pickers walk too far.',
      solution_summary: 'Routes are planned per order.', value_proposition: 'Shorter picking times.', challenges_risks: 'Shelf maps go stale.',
    });
    // the attendee's open library shows it, with its industry chip
    await expect(library.getByRole('article', { name: title })).toBeVisible({ timeout: 15_000 });

    // a row click opens the same form, filled; the edit reaches the attendee
    await page.getByRole('textbox', { name: 'Title' }).fill('Warehouse pick-path');
    await bodyRows(page).filter({ hasText: title }).locator('td').first().click();
    const edit = page.getByRole('dialog', { name: 'Edit Use Case' });
    await expect(edit.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
    await expect(edit.getByRole('textbox', { name: 'Model type' })).toHaveValue('Reinforcement learning');
    await expect(edit.getByText('routing', { exact: true })).toBeVisible();
    await edit.getByRole('textbox', { name: 'Title' }).fill('');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit.getByText('Title is required')).toBeVisible();
    await edit.getByRole('textbox', { name: 'Title' }).fill(renamed);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('AI use case updated successfully!')).toBeVisible();
    await expect(library.getByRole('article', { name: renamed })).toBeVisible({ timeout: 15_000 });
    await expect(library.getByRole('article', { name: title, exact: true })).toHaveCount(0);

    // delete asks first; Cancel keeps it
    const row = bodyRows(page).filter({ hasText: renamed });
    await row.getByRole('button', { name: `Delete ${renamed}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete use case' });
    await expect(confirm.getByText('Are you sure you want to delete this use case?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: `Delete ${renamed}` }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('AI use case deleted successfully!')).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(library.getByRole('article', { name: renamed })).toHaveCount(0, { timeout: 15_000 });
    const tombstones = await su.collection('tombstones').getFullList({ filter: su.filter('collection = "ai_use_cases" && record_id = {:id}', { id: stored.id }) });
    expect(tombstones).toHaveLength(1);
  } finally {
    const left = await su.collection('ai_use_cases').getFullList({ filter: su.filter('title ~ {:title}', { title }) });
    await Promise.all(left.map((item) => su.collection('ai_use_cases').delete(item.id)));
    await Promise.all([attendeeContext.close(), adminContext.close()]);
  }
});

test('a use case deleted while an attendee is offline leaves their library when they reconnect (tombstone)', async ({ browser }) => {
  const title = `Offline shelf audit ${Date.now()}`;
  const created = await su.collection('ai_use_cases').create({ title, industry: 'Retail', ai_technique: 'Computer vision' });
  const attendeeContext = await browser.newContext({ viewport: PHONE });
  const adminContext = await browser.newContext({ viewport: DESKTOP });
  try {
    const library = await attendeeContext.newPage();
    await signInAs(library, attendee);
    await library.clock.install({ time: AFTER_UNLOCK });
    await library.goto('/dashboard/use-case-generator');
    await expect(library.getByRole('article', { name: title })).toBeVisible({ timeout: 15_000 });
    await attendeeContext.setOffline(true);

    const page = await adminContext.newPage();
    await openAdmin(page);
    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    await expect(footer(page)).toHaveText('Showing 1 of 1 use cases');
    await page.getByRole('button', { name: `Delete ${title}` }).click();
    await page.getByRole('dialog', { name: 'Delete use case' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('AI use case deleted successfully!')).toBeVisible();
    await expect(page.getByText('No use cases found', { exact: true })).toBeVisible();

    // still on the offline device, until it reconnects and pulls the tombstone
    await expect(library.getByRole('article', { name: title })).toBeVisible();
    await attendeeContext.setOffline(false);
    await expect(library.getByRole('article', { name: title })).toHaveCount(0, { timeout: 20_000 });
  } finally {
    await su.collection('ai_use_cases').delete(created.id).catch(() => undefined);
    await Promise.all([attendeeContext.close(), adminContext.close()]);
  }
});

test('?new=1 opens the add form on a phone, and the URL forgets it', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await openAdmin(page, '/admin/use-cases?new=1');
  const form = page.getByRole('dialog', { name: 'Add Use Case' });
  await expect(form).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/admin/use-cases' && url.search === '');
  await expect(form.getByRole('textbox', { name: 'Title' })).toHaveValue('');
  await form.getByRole('button', { name: 'Close' }).click();
  await expect(form).toBeHidden();
  await expect(footer(page)).toBeVisible();
  // the table and its footer fit the phone's width
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
