// The use case library (spec "Use Case Generator screen"): full-text search
// on the device that forgives a typo and marks what matched, the detail
// dialog's fields, the empty state's Clear Filters; the industry chips and
// Advanced Filters combined and kept in the URL across a reload; the heart
// saving a use case to "My use cases" and to the server, and Remove. While
// the library loads (its first pull held back) it shows a loader that ends,
// never "no results", and the count only once it is known.
import { expect, test, type Page } from '@playwright/test';
import type PocketBase from 'pocketbase';
import { DESKTOP, PHONE } from '../support/browser';
import { superuserClient } from '../support/e2e-admin';
import { AFTER_UNLOCK, createPortalUser, signInAs, type PortalTestUser } from './portal-helpers';
import { lookAt } from './support/lookAt';

const FORECASTING = 'Emergency Department Demand Forecasting';
const countLine = (page: Page) => page.getByText(/^\d+ Use Cases? Available$/);
const available = (count: number) => `${count} ${count === 1 ? 'Use Case' : 'Use Cases'} Available`;
const card = (page: Page, title: string) => page.getByRole('article', { name: title });

let user: PortalTestUser;
let admin: PocketBase;

test.beforeAll(async () => {
  admin = await superuserClient();
  user = await createPortalUser('attendee');
});
test.afterAll(async () => {
  await user?.remove();
});

async function openLibrary(page: Page, query = '') {
  await signInAs(page, user);
  await page.clock.install({ time: AFTER_UNLOCK });
  await page.goto(`/dashboard/use-case-generator${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Use Case Generator' })).toBeVisible();
}

const serverCount = async (filter = '') => (await admin.collection('ai_use_cases').getList(1, 1, { filter })).totalItems;
/**
 * The whole library's count line equals the server's total. Administrators'
 * journeys in other files may add a use case meanwhile; the page follows it
 * live, so the two are compared until they agree.
 */
const showsServerTotal = (page: Page) => expect.poll(async () => {
  const [shown, total] = await Promise.all([countLine(page).textContent({ timeout: 1000 }).catch(() => null), serverCount()]);
  return shown === available(total);
}).toBe(true);

test('a search with a typo finds and marks the matches; the dialog shows every field; Clear Filters empties the search', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await openLibrary(page);
  await showsServerTotal(page);
  await expect(page.getByRole('group', { name: 'Industry' }).getByText('All Industries')).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search use cases' }).fill('forcasting');
  const forecasting = card(page, FORECASTING);
  await expect(forecasting).toBeVisible();
  await expect(forecasting.locator('mark').first()).toHaveText(/^forecasting$/i);
  // Every use case tagged "forecasting" is found, and the count is the cards shown.
  const tagged = await admin.collection('ai_use_cases').getFullList({ filter: 'tags ~ \'"forecasting"\'' });
  expect(tagged.length).toBeGreaterThan(1);
  for (const { title } of tagged) await expect(card(page, title)).toBeVisible();
  await expect(countLine(page)).toHaveText(available(await page.getByRole('article').count()));
  expect(await page.getByRole('article').count()).toBeGreaterThanOrEqual(tagged.length);
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === 'forcasting');

  await forecasting.getByRole('button', { name: /^View Details/ }).click();
  const dialog = page.getByRole('dialog', { name: FORECASTING });
  const row = await admin.collection('ai_use_cases').getFirstListItem(`title = "${FORECASTING}"`);
  for (const [label, value] of [
    ['Industry', row.industry], ['Adoption level', row.adoption_level], ['Domain', row.domain], ['Business function', row.business_function],
    ['Description', row.description], ['Problem statement', row.problem_statement], ['Value proposition', row.value_proposition],
    ['Solution summary', row.solution_summary], ['Challenges and risks', row.challenges_risks], ['AI technique', row.ai_technique],
    ['Model type', row.model_type], ['Input data', row.input_data_type], ['Output type', row.output_type],
  ] as const) {
    await expect(dialog.getByText(label, { exact: true })).toBeVisible();
    await expect(dialog.getByText(String(value), { exact: true }).first()).toBeAttached();
  }
  for (const tag of row.tags as string[]) await expect(dialog.getByText(tag, { exact: true }).last()).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Start a business case' })).toHaveAttribute('href', `/dashboard/business-case?useCase=${row.id}`);
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();

  await page.getByRole('searchbox', { name: 'Search use cases' }).fill('zzqxv nothing');
  await expect(page.getByText('No use cases matching your criteria.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await showsServerTotal(page);
  await expect(page.getByRole('searchbox', { name: 'Search use cases' })).toHaveValue('');
  await expect(page).toHaveURL((url) => url.search === '');
});

test('industry and Advanced Filters combine, are counted, live in the URL and survive a reload', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await openLibrary(page);
  await page.getByRole('group', { name: 'Industry' }).getByText('Healthcare', { exact: true }).click();
  await expect(countLine(page)).toHaveText(available(await serverCount('industry = "Healthcare"')));

  await page.getByRole('button', { name: 'Advanced Filters' }).click();
  const drawer = page.getByRole('dialog', { name: 'Advanced Filters' });
  const growing = await serverCount('industry = "Healthcare" && adoption_level = "Growing"');
  await drawer.getByText(`Growing (${growing})`, { exact: true }).click();
  await expect(countLine(page)).toHaveText(available(growing));
  await drawer.getByRole('textbox', { name: 'Tags' }).click();
  await page.getByRole('option', { name: /^forecasting \(\d+\)$/ }).click();
  await page.keyboard.press('Escape');
  const combined = await serverCount('industry = "Healthcare" && adoption_level = "Growing" && tags ~ "forecasting"');
  await expect(drawer.getByRole('button', { name: `Show ${combined} ${combined === 1 ? 'use case' : 'use cases'}` })).toBeVisible();
  await drawer.getByRole('button', { name: /^Show \d+ use cases?$/ }).click();
  await expect(countLine(page)).toHaveText(available(combined));
  await expect(card(page, FORECASTING)).toBeVisible();
  await expect(page).toHaveURL((url) => url.searchParams.get('industry') === 'Healthcare'
    && JSON.parse(url.searchParams.get('adoption') ?? '[]')[0] === 'Growing'
    && JSON.parse(url.searchParams.get('tags') ?? '[]')[0] === 'forecasting');

  await page.reload();
  await expect(countLine(page)).toHaveText(available(combined));
  await expect(page.getByRole('button', { name: 'Advanced Filters (2 chosen)' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Industry' }).getByRole('radio', { name: 'Healthcare' })).toBeChecked();

  await page.getByRole('button', { name: 'Remove filter Tags: forecasting' }).click();
  await expect(countLine(page)).toHaveText(available(growing));
  await page.getByRole('button', { name: /^Advanced Filters/ }).click();
  await drawer.getByRole('button', { name: 'Clear Filters' }).click();
  await showsServerTotal(page);
  await expect(page).toHaveURL((url) => url.search === '');
});

test('the heart saves a use case to My use cases and the server; Remove takes it out again', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await openLibrary(page, '?q=Emergency');
  const useCase = await admin.collection('ai_use_cases').getFirstListItem(`title = "${FORECASTING}"`);
  await card(page, FORECASTING).getByRole('button', { name: `Save ${FORECASTING} to My use cases` }).click();
  await expect(card(page, FORECASTING).getByRole('button', { name: `Remove ${FORECASTING} from My use cases` })).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('tab', { name: /My use cases/ }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get('view') === 'saved');
  const saved = card(page, FORECASTING);
  await expect(saved).toBeVisible();
  const savedOnServer = async () => admin.collection('saved_use_cases').getFullList({ filter: `owner = "${user.id}"` });
  await expect.poll(async () => (await savedOnServer()).map((row) => [row.use_case, row.title])).toEqual([[useCase.id, FORECASTING]]);
  const [record] = await savedOnServer();
  await expect(saved.getByRole('link', { name: 'Start a business case' })).toHaveAttribute('href', `/dashboard/business-case?savedUseCase=${record.id}`);

  await page.reload();
  await expect(card(page, FORECASTING)).toBeVisible();
  await card(page, FORECASTING).getByRole('button', { name: `Remove ${FORECASTING} from My use cases` }).click();
  await expect(page.getByText('No saved use cases yet.')).toBeVisible();
  await expect.poll(async () => (await savedOnServer()).length).toBe(0);
});

test('at 390 px, while the library loads it never says "no results": a loader that ends, then the count once known', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  await page.setViewportSize(PHONE);
  // everything the page ever shows, watched from its first node
  await page.addInitScript(() => {
    const seen = { noResults: false, zero: false };
    (window as unknown as { seenWhileLoading: typeof seen }).seenWhileLoading = seen;
    new MutationObserver(() => {
      const text = document.body?.textContent ?? '';
      if (text.includes('No use cases matching your criteria')) seen.noResults = true;
      if (/\b0 Use Cases Available/.test(text)) seen.zero = true;
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  // the library's first pull held back
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.route((url) => url.pathname === '/api/sync/changes' && url.searchParams.get('collection') === 'ai_use_cases', async (route) => {
    await held;
    await route.continue();
  });
  await openLibrary(page);
  const loader = page.getByRole('tabpanel').getByLabel('Loading use cases');
  await expect(loader).toBeVisible();
  await expect(countLine(page)).toHaveCount(0);
  await lookAt(page, { path: testInfo.outputPath('library-loading-390.png') });
  release();
  await showsServerTotal(page);
  await expect(loader).toHaveCount(0);
  await expect(page.getByRole('article').first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { seenWhileLoading: { noResults: boolean; zero: boolean } }).seenWhileLoading)).toEqual({ noResults: false, zero: false });
});
