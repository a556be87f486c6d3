// Generate Custom Use Case: the form's messages for empty and short
// descriptions; a draft made on the device from the built-in template (the
// test server has no AI model), the closest library cases beside it; every field editable;
// saved to "My use cases" and stored on the server, online and, on a phone,
// offline until the connection comes back.
import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, PHONE } from '../support/browser';
import { superuserClient } from '../support/e2e-admin';
import { AFTER_UNLOCK, createPortalUser, signInAs, type PortalTestUser } from './portal-helpers';

const PATH = '/dashboard/use-case-generator/custom';
const ED_CASE = 'Emergency Department Demand Forecasting';
const textbox = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

let user: PortalTestUser;
test.beforeEach(async ({ page }) => {
  user = await createPortalUser('attendee');
  await signInAs(page, user);
});
test.afterEach(async () => {
  await user?.remove();
});

/** Opens the page unlocked, and picks the industry from the library's (so the library is on the device). */
async function openGenerator(page: Page) {
  await page.clock.install({ time: AFTER_UNLOCK });
  await page.goto(PATH);
  // The first visit waits for the first sync to bring the event (the tools' lock).
  await expect(page.getByRole('heading', { level: 1, name: 'Generate Custom Use Case' })).toBeVisible({ timeout: 15_000 });
  await textbox(page, 'Industry').fill('Health');
  await page.getByRole('option', { name: 'Healthcare' }).click();
}

async function describeProblem(page: Page) {
  await textbox(page, 'Business function').fill('Emergency department operations');
  await textbox(page, 'The problem').fill('Patient arrivals surge unpredictably and rosters cannot keep up, so waiting times grow.');
  await textbox(page, 'Data available').fill('Five years of triage records and hourly arrival counts');
}

async function savedUseCases() {
  const admin = await superuserClient();
  return admin.collection('saved_use_cases').getFullList({ filter: admin.filter('owner = {:owner}', { owner: user.id }) });
}

test.describe('desktop', () => {
  test.use({ viewport: DESKTOP });

  test('clear messages for bad input, a template draft beside the closest library cases, edited and saved to the server', async ({ page }) => {
    await page.clock.install({ time: AFTER_UNLOCK });
    await page.goto(PATH);
    await expect(page.getByRole('link', { name: 'Back to the library' })).toHaveAttribute('href', '/dashboard/use-case-generator', { timeout: 15_000 });
    const generate = page.getByRole('button', { name: 'Generate Use Case' });
    await generate.click();
    for (const message of ['Enter your industry', 'Enter the business function', 'Describe the problem in at least 20 characters', 'Describe the data you have available']) {
      await expect(page.getByText(message)).toBeVisible();
    }
    await expect(page.getByRole('region', { name: 'Your use case draft' })).toHaveCount(0);

    await textbox(page, 'Industry').fill('Health');
    await page.getByRole('option', { name: 'Healthcare' }).click();
    await describeProblem(page);
    await generate.click();

    const draft = page.getByRole('region', { name: 'Your use case draft' });
    // The test server has no model: a template draft, labelled as a starting point, that says nothing of the server's settings.
    await expect(draft.getByText('A starting point from the built-in template')).toBeVisible();
    await expect(draft.getByText('This draft was written on this device from a template for Emergency department operations in Healthcare, not by an AI model.', { exact: false })).toBeVisible();
    await expect(page.getByText(/configured/)).toHaveCount(0);
    const basedOn = draft.getByRole('region', { name: 'Similar cases in the library' });
    await basedOn.getByRole('button', { name: ED_CASE }).click();
    await expect(basedOn.getByText(/Predicts hourly emergency department arrivals/)).toBeVisible();
    await expect(textbox(page, 'Title')).toHaveValue('Demand Forecasting for Emergency department operations in Healthcare');
    await expect(textbox(page, 'AI Technique')).toHaveValue('Time-Series Forecasting');
    await expect(textbox(page, 'Problem Statement')).toHaveValue('Patient arrivals surge unpredictably and rosters cannot keep up, so waiting times grow.');

    await textbox(page, 'Title').fill('');
    await draft.getByRole('button', { name: 'Save to My use cases' }).click();
    await expect(draft.getByText('Title is required')).toBeVisible();
    await textbox(page, 'Title').fill('ED Arrivals Forecasting Pilot');
    await textbox(page, 'Value Proposition').fill('Fewer hours of ambulance ramping each week.');
    await draft.getByRole('textbox', { name: 'Tags' }).fill('pilot');
    await draft.getByRole('textbox', { name: 'Tags' }).press('Enter');
    await draft.getByRole('button', { name: 'Save to My use cases' }).click();
    await expect(draft.getByRole('status').getByText('Saved to My use cases')).toBeVisible();

    await expect.poll(async () => (await savedUseCases()).length).toBe(1);
    const [saved] = await savedUseCases();
    expect(saved?.title).toBe('ED Arrivals Forecasting Pilot');
    expect(saved?.use_case).toBe('');
    expect(saved?.generated).toMatchObject({
      title: 'ED Arrivals Forecasting Pilot',
      value_proposition: 'Fewer hours of ambulance ramping each week.',
      ai_technique: 'Time-Series Forecasting',
      source: 'device',
      request: { industry: 'Healthcare', businessFunction: 'Emergency department operations' },
    });
    expect(saved?.generated.tags).toContain('pilot');
    expect(saved?.generated.based_on.map((picked: { title: string }) => picked.title)).toContain(ED_CASE);
    await expect(draft.getByRole('link', { name: 'Start a business case' })).toHaveAttribute('href', `/dashboard/business-case?savedUseCase=${saved?.id}`);
  });
});

test.describe('phone', () => {
  test.use({ viewport: PHONE });

  test('offline, the device drafts it and keeps the save until the connection is back; a reload keeps the draft', async ({ page, context }) => {
    await openGenerator(page);
    await context.setOffline(true);
    await describeProblem(page);
    await expect(page.getByText('You\'re offline: the use case will be drafted on this device from the built-in template.')).toBeVisible();
    await page.getByRole('button', { name: 'Generate Use Case' }).click();

    const draft = page.getByRole('region', { name: 'Your use case draft' });
    await expect(draft.getByText('You are offline.')).toBeVisible();
    await expect(draft.getByRole('region', { name: 'Similar cases in the library' }).getByRole('button', { name: ED_CASE })).toBeVisible();
    await textbox(page, 'Title').fill('Offline Forecast Draft');
    await draft.getByRole('button', { name: 'Save to My use cases' }).click();
    await expect(draft.getByRole('status').getByText('Saved to My use cases')).toBeVisible();
    expect(await savedUseCases()).toHaveLength(0);

    await context.setOffline(false);
    await expect.poll(async () => (await savedUseCases()).map((row) => row.title), { timeout: 15_000 }).toEqual(['Offline Forecast Draft']);

    await page.reload();
    await expect(textbox(page, 'Title')).toHaveValue('Offline Forecast Draft');
    await expect(textbox(page, 'The problem')).toHaveValue('Patient arrivals surge unpredictably and rosters cannot keep up, so waiting times grow.');
    await expect(page.getByRole('region', { name: 'Your use case draft' }).getByRole('status').getByText('Saved to My use cases')).toBeVisible();
  });
});
