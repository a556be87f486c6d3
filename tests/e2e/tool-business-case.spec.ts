// The business case builder: a case started from a library use case and built
// through every step online (bad amounts get messages and change nothing, the
// figures follow the input, the summary prints, downloads and copies as
// Markdown, a reload comes back to the same place), duplicate and delete from
// the list, and a case built with the device offline that reaches the server
// once it is back. Create Business Case stores nothing until the first real
// input; the PDF and Word downloads are read back with pdftotext and unzip.
// At 390 px every step is one tap away (from Timeline straight to Costs) and
// the year-by-year table scrolls in its own box to Year 3.
import AxeBuilder from '@axe-core/playwright';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type PocketBase from 'pocketbase';
import { DESKTOP, PHONE } from '../support/browser';
import { superuserClient } from '../support/e2e-admin';
import { AFTER_UNLOCK, createPortalUser, signInAs, type PortalTestUser } from './portal-helpers';
import { lookAt } from './support/lookAt';

const textbox = (scope: Page | ReturnType<Page['getByRole']>, name: string) => scope.getByRole('textbox', { name, exact: true });
const entry = (page: Page, name: string) => page.getByRole('group', { name });
const figure = (page: Page, id: string) => page.getByTestId(`figure-${id}`).getByTestId('figure-value');
const screenshot = (page: Page, name: string) => lookAt(page, { path: test.info().outputPath(`${name}.png`), fullPage: true });
const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();

let admin: PocketBase;
let user: PortalTestUser;

test.beforeAll(async () => {
  admin = await superuserClient();
});
test.beforeEach(async () => {
  user = await createPortalUser('attendee');
});
test.afterEach(async () => {
  await user?.remove();
});

async function openTool(page: Page, query = '') {
  await signInAs(page, user);
  await page.clock.install({ time: AFTER_UNLOCK });
  await page.goto(`/dashboard/business-case${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Business Case Generator' })).toBeVisible();
}

/** Steps 3 to 7 with the pilot's figures (worked by hand in src/features/business-case/financials.test.ts). */
async function fillFromStakeholders(page: Page, checkBadInput: boolean) {
  await page.getByRole('button', { name: 'Add stakeholder' }).click();
  await textbox(entry(page, 'stakeholder 1'), 'Name or group').fill('Finance team');
  await textbox(entry(page, 'stakeholder 1'), 'Role').fill('Users');
  await next(page);

  await page.getByRole('button', { name: 'Add one-off cost' }).click();
  await textbox(entry(page, 'one-off cost 1'), 'Item').fill('Integration');
  const oneOff = textbox(entry(page, 'one-off cost 1'), 'Amount (AUD)');
  if (checkBadInput) {
    await oneOff.fill('-40000');
    await expect(entry(page, 'one-off cost 1').getByText('Cannot be negative')).toBeVisible();
    await expect(figure(page, 'total-cost')).toHaveText('$0.00');
    await oneOff.fill('5000000000');
    await expect(entry(page, 'one-off cost 1').getByText('At most $1,000,000,000')).toBeVisible();
    await oneOff.pressSequentially('abc');
    await expect(figure(page, 'total-cost')).toHaveText('$0.00');
  }
  await oneOff.fill('40000');
  await page.getByRole('button', { name: 'Add running cost' }).click();
  await textbox(entry(page, 'running cost 1'), 'Item').fill('Licences');
  await textbox(entry(page, 'running cost 1'), 'Amount (AUD)').fill('12000');
  await expect(figure(page, 'total-cost')).toHaveText('$76,000.00');
  if (!checkBadInput) await screenshot(page, 'costs-step-phone');
  await expect(figure(page, 'roi')).toHaveText('-100%');
  await expect(figure(page, 'payback')).toHaveText('Not within 3 years');
  await next(page);

  await textbox(page, 'Hours saved a week').fill('20');
  if (checkBadInput) await expect(page.getByText('Enter the hourly rate: the hours saved count as $0 until then')).toBeVisible();
  await textbox(page, 'Hourly rate (AUD)').fill('50');
  await textbox(page, 'Cost avoided a year (AUD)').fill('10000');
  if (checkBadInput) {
    await textbox(page, 'Discount rate for the NPV').fill('');
    await expect(page.getByText('Enter the discount rate, from 0 to 100 % (0 means no discounting)')).toBeVisible();
    await textbox(page, 'Discount rate for the NPV').fill('7');
  }
  await expect(figure(page, 'yearly-net')).toHaveText('$50,000.00');
  await expect(figure(page, 'roi')).toHaveText('103.9%');
  await expect(figure(page, 'payback')).toHaveText('18 months');
  await expect(figure(page, 'npv')).toHaveText('$62,243.84');
  await expect(page.getByText(/^NPV = − one-off costs \+ Σ/)).toBeVisible();
  if (checkBadInput) await screenshot(page, 'benefits-step-desktop');
  await next(page);

  await page.getByRole('button', { name: 'Add risk' }).click();
  await textbox(entry(page, 'risk 1'), 'Risk').fill('Wrong codes');
  await textbox(entry(page, 'risk 1'), 'Mitigation').fill('Review invoices over $5,000');
  await next(page);

  await page.getByRole('button', { name: 'Add milestone' }).click();
  await textbox(entry(page, 'milestone 1'), 'Milestone').fill('Pilot live');
  await textbox(entry(page, 'milestone 1'), 'Month').fill('3');
  await page.getByRole('button', { name: 'View summary' }).click();
}

async function expectSummaryFigures(page: Page) {
  await expect(page.getByTestId('summary-total-cost')).toContainText('$76,000.00');
  await expect(page.getByTestId('summary-yearly-net')).toContainText('$50,000.00');
  await expect(page.getByTestId('summary-roi')).toContainText('103.9%');
  await expect(page.getByTestId('summary-payback')).toContainText('18 months');
  await expect(page.getByTestId('summary-npv')).toContainText('NPV (3 years at 7 %)$62,243.84');
}

const serverCases = () => admin.collection('business_cases').getFullList({ filter: `owner = "${user.id}"`, sort: 'created' });

test('built online from a library use case through every step: bad input, figures, summary, Markdown, reload', async ({ page, context }) => {
  test.setTimeout(90_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize(DESKTOP);
  const useCase = await admin.collection('ai_use_cases').getFirstListItem('', { sort: 'title' });
  await openTool(page, `?useCase=${useCase.id}`);
  await expect(page.getByText(`Your new business case starts from “${useCase.title}”.`)).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Create Business Case' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Problem and opportunity' })).toBeVisible();
  await expect(textbox(page, 'Title')).toHaveValue(useCase.title);
  await expect(page.getByRole('textbox', { name: 'The problem' })).toHaveValue(useCase.problem_statement);
  await textbox(page, 'Title').fill('');
  await expect(page.getByText('Give your business case a title')).toBeVisible();
  await textbox(page, 'Title').fill('Invoice coding assistant');
  // A reload straight after typing (before the autosave's pause) keeps the text, on the same step.
  await page.reload();
  await expect(textbox(page, 'Title')).toHaveValue('Invoice coding assistant');
  await next(page);
  await expect(page.getByRole('textbox', { name: 'Proposed AI solution' })).toHaveValue(new RegExp(`^${useCase.description.slice(0, 30).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  await next(page);
  await fillFromStakeholders(page, true);

  await expect(page).toHaveURL((url) => url.searchParams.get('step') === '7' && Boolean(url.searchParams.get('case')));
  await expectSummaryFigures(page);
  await expect(page.getByText('Still to complete')).toHaveCount(0);
  // The case reached the server, summary columns computed.
  await expect.poll(async () => (await serverCases()).map((row) => [row.title, row.status, row.estimated_cost_cents, row.one_off_costs]), { timeout: 15_000 })
    .toEqual([['Invoice coding assistant', 'ready', 7_600_000, [{ label: 'Integration', amount_cents: 4_000_000 }]]]);
  expect((await serverCases())[0].source_use_case).toEqual({ kind: 'library', id: useCase.id, title: useCase.title });

  // A reload comes back to the summary of the same case.
  await page.reload();
  await expectSummaryFigures(page);
  await screenshot(page, 'summary-desktop');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Portal' })).toBeHidden();
  await screenshot(page, 'summary-print');
  await page.emulateMedia({ media: 'screen' });
  await page.setViewportSize(PHONE);
  // Nothing wider than the phone: no sideways scrolling.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await screenshot(page, 'summary-phone');
  await page.setViewportSize(DESKTOP);

  await page.getByRole('button', { name: 'Copy Markdown' }).click();
  await expect(page.getByText('The summary is on your clipboard as Markdown.')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('# Invoice coding assistant');
  expect(copied).toContain('| NPV (3 years at 7 %) | $62,243.84 |');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download Markdown' }).click()]);
  expect(download.suggestedFilename()).toBe('invoice-coding-assistant-business-case.md');
  expect(readFileSync(await download.path(), 'utf8')).toBe(copied);


  await page.getByRole('button', { name: 'All business cases' }).click();
  await expect(page.getByRole('article', { name: 'Invoice coding assistant' })).toContainText('NPV $62,243.84');
});

test('duplicated and deleted from the list on a phone, on the server too', async ({ page }) => {
  await admin.collection('business_cases').create({
    owner: user.id, title: 'Invoice coding assistant', status: 'draft', currency: 'AUD',
    one_off_costs: [{ label: 'Integration', amount_cents: 4_000_000 }], running_costs: [{ label: 'Licences', amount_cents: 1_200_000 }],
    hours_saved_per_week: 20, hourly_rate_cents: 5_000, cost_avoided_cents: 1_000_000, ramp_up_percent: [50, 100, 100], discount_rate_percent: 7,
  });
  await page.setViewportSize(PHONE);
  await openTool(page);
  const original = page.getByRole('article', { name: 'Invoice coding assistant' });
  await expect(original).toContainText('NPV $62,243.84', { timeout: 20_000 });
  await original.getByRole('button', { name: 'Duplicate' }).click();
  const copy = page.getByRole('article', { name: 'Copy of Invoice coding assistant' });
  await expect(copy).toContainText('Total cost $76,000.00 · NPV $62,243.84');
  await screenshot(page, 'list-phone');
  await expect.poll(async () => (await serverCases()).map((row) => row.title), { timeout: 15_000 })
    .toEqual(['Invoice coding assistant', 'Copy of Invoice coding assistant']);
  await copy.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete this business case?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(copy).toHaveCount(0);
  await expect(original).toBeVisible();
  await expect.poll(async () => (await serverCases()).map((row) => row.title), { timeout: 15_000 }).toEqual(['Invoice coding assistant']);
});

test('built fully offline on a phone, then found on the server after reconnecting', async ({ page, context }) => {
  test.setTimeout(60_000);
  await page.setViewportSize(PHONE);
  await openTool(page);
  await expect(page.getByText('You have no business cases yet. Create one to get started.')).toBeVisible();
  await expect(page.getByTestId('sync-status')).toHaveText(/Online · synced/, { timeout: 20_000 });

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Create Business Case' }).click();
  await textbox(page, 'Title').fill('Offline rostering pilot');
  await page.getByRole('textbox', { name: 'The problem' }).fill('Rosters take a day a week.');
  await next(page);
  await page.getByRole('textbox', { name: 'Proposed AI solution' }).fill('A scheduling model drafts the roster.');
  await next(page);
  await fillFromStakeholders(page, false);
  await expectSummaryFigures(page);
  await expect(page.getByTestId('sync-status')).toHaveText(/^(Offline|Server not answering) · \d+ changes? waiting$/);
  expect(await serverCases()).toEqual([]);

  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect.poll(async () => (await serverCases()).map((row) => ({
    title: row.title, problem: row.problem_statement, status: row.status, cost: row.estimated_cost_cents, benefit: row.estimated_annual_benefit_cents,
    hours: row.hours_saved_per_week, rate: row.hourly_rate_cents, discount: row.discount_rate_percent, milestones: row.milestones,
  })), { timeout: 20_000 }).toEqual([{
    title: 'Offline rostering pilot', problem: 'Rosters take a day a week.', status: 'ready', cost: 7_600_000, benefit: 6_200_000,
    hours: 20, rate: 5_000, discount: 7, milestones: [{ title: 'Pilot live', month: 3 }],
  }]);
  await expect(page.getByTestId('sync-status')).toHaveText(/Online · synced/, { timeout: 15_000 });
});

/** The text of a downloaded file, read with tools the app did not write. */
function downloadedText(path: string, kind: 'pdf' | 'docx'): string {
  const text = kind === 'pdf'
    ? execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' })
    : execFileSync('unzip', ['-p', path, 'word/document.xml'], { encoding: 'utf8' }).replace(/<\/w:p>/g, '\n').replace(/<[^>]+>/g, '').replace(/&amp;/g, '&');
  return text.replace(/\s+/g, ' ');
}

test('Create stores nothing until the first input, a case is deleted from the builder with confirmation, and the PDF and Word downloads hold the whole case', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize(DESKTOP);
  await openTool(page);
  await expect(page.getByText('You have no business cases yet. Create one to get started.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('sync-status')).toHaveText(/Online · synced/, { timeout: 20_000 });

  // Opened and left without typing: no case anywhere.
  await page.getByRole('button', { name: 'Create Business Case' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Problem and opportunity' })).toBeVisible();
  await expect(page.getByTestId('case-save-state')).toHaveText('Saved on this device as soon as you type');
  await next(page);
  await page.getByRole('button', { name: 'All business cases' }).click();
  await expect(page.getByText('You have no business cases yet. Create one to get started.')).toBeVisible();
  await expect(page.getByTestId('sync-status')).toHaveText(/Online · synced/);
  expect(await serverCases()).toEqual([]);

  // The first real input stores it, once.
  await page.getByRole('button', { name: 'Create Business Case' }).click();
  await page.getByRole('textbox', { name: 'The problem' }).fill('Month-end close takes five days.');
  await expect(page.getByTestId('case-save-state')).toHaveText('Saved on this device');
  await expect.poll(async () => (await serverCases()).map((row) => [row.title, row.problem_statement]), { timeout: 15_000 })
    .toEqual([['Untitled business case', 'Month-end close takes five days.']]);
  await page.getByRole('textbox', { name: 'The opportunity' }).fill('Close in two days.');
  await expect.poll(async () => (await serverCases()).map((row) => row.opportunity), { timeout: 15_000 }).toEqual(['Close in two days.']);

  // Deleted from the builder after a confirmation, right after typing (the pending autosave does not
  // write it back): gone from the device and the server.
  const dialog = page.getByRole('dialog', { name: 'Delete this business case?' });
  await page.getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('textbox', { name: 'The opportunity' })).toHaveValue('Close in two days.');
  await page.getByRole('textbox', { name: 'The opportunity' }).fill('Close in one day.');
  await page.getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('You have no business cases yet. Create one to get started.')).toBeVisible();
  await expect.poll(async () => (await serverCases()).length, { timeout: 15_000 }).toBe(0);
  await expect(page.getByTestId('sync-status')).toHaveText(/Online · synced/, { timeout: 15_000 });
  expect(await serverCases()).toEqual([]);
  await expect(page.getByRole('article')).toHaveCount(0);

  // On a phone, the summary downloads as a PDF and a Word document holding every section and figure.
  const stored = await admin.collection('business_cases').create({
    owner: user.id, title: 'Invoice coding assistant', status: 'ready', currency: 'AUD',
    problem_statement: 'Invoices are coded by hand.', opportunity: 'Faster close.', proposed_solution: 'A classifier suggests the code.',
    stakeholders: [{ name: 'Finance team', role: 'Users', interest: '' }],
    one_off_costs: [{ label: 'Integration', amount_cents: 4_000_000 }], running_costs: [{ label: 'Licences', amount_cents: 1_200_000 }],
    hours_saved_per_week: 20, hourly_rate_cents: 5_000, cost_avoided_cents: 1_000_000, ramp_up_percent: [50, 100, 100], discount_rate_percent: 7,
    risk_items: [{ risk: 'Wrong codes', mitigation: 'Review invoices over $5,000' }], milestones: [{ title: 'Pilot live', month: 3 }],
    success_metrics: 'Coding time halves.',
  });
  await page.setViewportSize(PHONE);
  await page.goto(`/dashboard/business-case?case=${stored.id}&step=7`);
  await expectSummaryFigures(page);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await screenshot(page, 'summary-downloads-phone');
  for (const [button, kind] of [['Download PDF', 'pdf'], ['Download Word', 'docx']] as const) {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
    expect(download.suggestedFilename()).toBe(`invoice-coding-assistant-business-case.${kind}`);
    const text = downloadedText(await download.path(), kind);
    for (const expected of [
      'Invoice coding assistant', 'Business case · Ready', 'Problem', 'Invoices are coded by hand.', 'Opportunity', 'Faster close.',
      'Proposed AI solution', 'A classifier suggests the code.', 'Stakeholders', 'Finance team, Users', 'Financials (AUD)',
      '$40,000.00', '$12,000.00', '$76,000.00', '$62,000.00', '$50,000.00', '103.9%', '18 months', 'NPV (3 years at 7 %)', '$62,243.84',
      'Risks and mitigations', 'Wrong codes', 'Review invoices over $5,000', 'Timeline and milestones', 'Month 3: Pilot live', 'Success metrics', 'Coding time halves.',
    ]) expect(text, `${kind} holds “${expected}”`).toContain(expected);
  }
});

test('at 390 px any step is one tap away and the year table scrolls in its own box to Year 3; at 1280 the stepper and the whole table show', async ({ page }) => {
  test.setTimeout(90_000);
  // large amounts, so the table is wider than a phone
  const stored = await admin.collection('business_cases').create({
    owner: user.id, title: 'Statewide claims triage 𠮷田', status: 'ready', currency: 'AUD',
    problem_statement: 'Claims wait a week.', proposed_solution: 'A model sorts them.',
    one_off_costs: [{ label: 'Integration', amount_cents: 12_345_678_900 }], running_costs: [{ label: 'Licences', amount_cents: 9_876_543_200 }],
    hours_saved_per_week: 4000, hourly_rate_cents: 12_500, cost_avoided_cents: 45_000_000_000, ramp_up_percent: [50, 100, 100], discount_rate_percent: 7,
    milestones: [{ title: 'Pilot live', month: 3 }],
  });
  await page.setViewportSize(PHONE);
  await signInAs(page, user);
  await page.clock.install({ time: AFTER_UNLOCK });
  await page.goto(`/dashboard/business-case?case=${stored.id}&step=6`);
  await expect(page.getByRole('heading', { level: 1, name: 'Timeline and milestones' })).toBeVisible({ timeout: 20_000 });
  const steps = page.getByRole('navigation', { name: 'Steps' });
  await expect(steps.getByRole('button', { name: 'Step 7: Timeline' })).toHaveAttribute('aria-current', 'step');
  await screenshot(page, 'steps-timeline-390');

  // one tap from step 7 to Costs
  await steps.getByRole('button', { name: 'Step 4: Costs' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Costs' })).toBeVisible();
  await expect(page).toHaveURL((url) => url.searchParams.get('step') === '3');
  await expect(steps.getByRole('button', { name: 'Step 4: Costs' })).toHaveAttribute('aria-current', 'step');

  // the year table scrolls sideways inside its own box, which a keyboard can reach
  const years = page.getByRole('region', { name: 'Year by year, in AUD' });
  await expect(years).toHaveAttribute('tabindex', '0');
  const box = await years.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
  expect(box.scroll).toBeGreaterThan(box.client);
  const year3 = years.getByRole('columnheader', { name: 'Year 3' });
  const net3 = years.getByTestId('net-year-3');
  await net3.scrollIntoViewIfNeeded();
  await expect(year3).toBeVisible();
  await expect(net3).toBeInViewport();
  const [cell, frame] = [(await net3.boundingBox())!, (await years.boundingBox())!];
  expect(cell.x).toBeGreaterThanOrEqual(frame.x - 1);
  expect(cell.x + cell.width).toBeLessThanOrEqual(frame.x + frame.width + 1);
  expect(await years.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  // the page itself never scrolls sideways
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await screenshot(page, 'costs-years-scrolled-390');
  const findings = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).setLegacyMode().analyze();
  expect(findings.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);

  // the stepper takes over at 1280, and the whole table fits
  await page.setViewportSize(DESKTOP);
  await expect(steps).toBeHidden();
  await expect(page.getByRole('button', { name: 'Benefits', exact: true })).toBeVisible();
  await expect(years.getByRole('columnheader', { name: 'Year 3' })).toBeInViewport();
  await screenshot(page, 'costs-years-1280');
});
