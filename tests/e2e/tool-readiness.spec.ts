// The AI Readiness assessment (spec "AI Readiness and Business Case pages",
// "Dashboard home"): a full assessment with its half-answered step refused,
// resumed after a reload, scored as worked out by hand, its plan tick on the
// server and 'Your Progress' done; a retake showing the change since last
// time; and a whole assessment done offline that reaches the server once the
// phone is back online.
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import PocketBase from 'pocketbase';
import { DESKTOP, PHONE } from '../support/browser';
import { superuserClient } from '../support/e2e-admin';
import { AFTER_UNLOCK, createPortalUser, signInAs, type PortalTestUser } from './portal-helpers';
import { lookAt } from './support/lookAt';

interface Framework {
  scale: { value: number; label: string }[];
  dimensions: { id: string; name: string; questions: { id: string }[]; actions: { id: string; text: string }[] }[];
}
const framework = JSON.parse(readFileSync(path.join(import.meta.dirname, '../../pb_hooks/shared/readiness-framework.json'), 'utf8')) as Framework;

/** Worked by hand: dimension scores 100, 0, 50, 75, 38, 81 → 344 / 6 = 57.3 → 57, Scaling; weakest: data, governance, infrastructure. */
const ANSWERS: Record<string, number[]> = {
  strategy: [5, 5, 5, 5], data: [1, 1, 1, 1], infrastructure: [3, 3, 3, 3],
  talent: [4, 4, 4, 4], governance: [2, 3, 2, 3], culture: [5, 4, 4, 4],
};
const SCALE = Object.fromEntries(framework.scale.map((point) => [point.value, `${point.value} ${point.label}`]));
const FIRST_DATA_ACTION = framework.dimensions.find((d) => d.id === 'data')!.actions[0]!.text;

let user: PortalTestUser;
let admin: PocketBase;
test.beforeAll(async () => {
  admin = await superuserClient();
});
test.beforeEach(async () => {
  user = await createPortalUser('attendee');
});
// The tab closes before its account goes: the portal never sees its account deleted mid-sync while the journey ends.
test.afterEach(async ({ page }) => {
  await page.close();
  await user?.remove();
});

const screenshot = (page: Page, name: string) => lookAt(page, { path: test.info().outputPath(`${name}.png`), fullPage: true });
const serverAssessments = () => admin.collection('readiness_assessments').getFullList({ filter: `owner = "${user.id}"`, sort: 'created' });

/** Answers the step's questions of `dimension` and goes on. */
async function answerStep(page: Page, dimension: Framework['dimensions'][number], answers: number[]) {
  await expect(page.getByRole('heading', { level: 2, name: dimension.name })).toBeVisible();
  for (const [index, question] of dimension.questions.entries()) {
    await page.getByTestId(`question-${question.id}`).getByRole('radio', { name: SCALE[answers[index]!] }).click();
  }
}

async function answerFrom(page: Page, first: number, answers: Record<string, number[]>) {
  for (const [index, dimension] of framework.dimensions.entries()) {
    if (index < first) continue;
    await answerStep(page, dimension, answers[dimension.id]!);
    await page.getByRole('button', { name: index === framework.dimensions.length - 1 ? 'See my results' : 'Next' }).click();
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Your AI Readiness Results' })).toBeVisible();
}

test('an assessment from start to results: a half-answered step is refused, a reload resumes, the plan tick reaches the server', async ({ page }) => {
  // 24 answers, each saved and sent, and a reload: about 15 s on a quiet machine, room for a busy runner.
  test.setTimeout(90_000);
  await page.setViewportSize(DESKTOP);
  await signInAs(page, user);
  await page.clock.install({ time: AFTER_UNLOCK });
  await page.goto('/dashboard/ai-readiness');
  await page.getByRole('button', { name: 'Start Assessment' }).click();

  // Next with a question left: a message on the question and for the step; nothing moves on.
  const strategy = framework.dimensions[0]!;
  await page.getByTestId(`question-${strategy.questions[0]!.id}`).getByRole('radio', { name: SCALE[5] }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toHaveText('Answer every question in this step to continue (3 left).');
  await expect(page.getByText('Choose an answer to continue.')).toHaveCount(3);
  await expect(page).toHaveURL(/step=1/);
  await answerStep(page, strategy, ANSWERS.strategy!);
  await page.getByRole('button', { name: 'Next' }).click();
  await answerStep(page, framework.dimensions[1]!, ANSWERS.data!);

  // Every answer is on the device: a reload comes back to the same step with them.
  await expect(page.getByTestId('readiness-saved')).toHaveText(/^Each answer is saved on this device/);
  await page.reload();
  await expect(page.getByTestId('readiness-answered')).toHaveText('8 of 24 answered');
  await expect(page.getByTestId(`question-${framework.dimensions[1]!.questions[3]!.id}`).getByRole('radio', { name: SCALE[1] })).toBeChecked();
  await page.getByRole('button', { name: 'Next' }).click();
  await answerFrom(page, 2, ANSWERS);

  await expect(page.getByTestId('readiness-overall')).toContainText('57');
  await expect(page.getByTestId('readiness-overall')).toContainText('Scaling');
  await expect(page.getByTestId('dimension-governance')).toContainText('38');
  await expect(page.getByTestId('dimension-culture')).toContainText('81');
  await expect(page.getByRole('img', { name: /Radar chart of your dimension scores: Strategy 100, Data 0/ })).toBeVisible();
  await expect(page.getByText('Focused on your three weakest dimensions: data, governance and infrastructure.')).toBeVisible();
  await page.getByRole('checkbox', { name: FIRST_DATA_ACTION }).check();
  await expect(page.getByTestId('readiness-plan-done')).toHaveText('1 of 12 done');
  await expect
    .poll(async () => (await serverAssessments()).map((row) => [row.status, row.score, row.level, row.plan_done]), { timeout: 15_000 })
    .toEqual([['completed', 57, 'Scaling', ['data-1']]]);
  await screenshot(page, 'results-desktop');
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.app-shell-navbar')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print report' })).toBeHidden();
  await screenshot(page, 'results-print');
  // The report fits on one or two A4 pages.
  const pdf = (await page.pdf({ format: 'A4' })).toString('latin1');
  expect(pdf.match(/\/Type\s*\/Page[^s]/g)?.length).toBeLessThanOrEqual(2);
  await page.emulateMedia({ media: 'screen' });
  await page.setViewportSize(PHONE);
  // Nothing wider than the phone once the chart has followed the new width.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await screenshot(page, 'results-phone');

  await page.goto('/dashboard');
  await expect(page.getByTestId('progress-readiness')).toContainText('Done · Scaling (57/100)');
});

test('a retake answered on another device continues here, keeps the history and shows the change since last time', async ({ page }) => {
  // An earlier assessment (every answer 3: 50 everywhere, Scaling) and a retake with one question left, both from another device.
  const allThree = Object.fromEntries(framework.dimensions.flatMap((d) => d.questions.map((q) => [q.id, 3])));
  await admin.collection('readiness_assessments').create({
    owner: user.id, status: 'completed', answers: allThree, score: 50, level: 'Scaling', completed_at: '2025-06-10 01:00:00.000Z',
    dimension_scores: Object.fromEntries(framework.dimensions.map((d) => [d.id, 50])), framework_version: 1,
  });
  const culture = framework.dimensions.at(-1)!;
  const retake = Object.fromEntries(framework.dimensions.flatMap((d) => d.questions.map((q, index) => [q.id, ANSWERS[d.id]![index]!])));
  delete retake[culture.questions[3]!.id];
  await admin.collection('readiness_assessments').create({ owner: user.id, status: 'in_progress', answers: retake, framework_version: 1 });

  await page.setViewportSize(PHONE);
  await signInAs(page, user);
  await page.clock.install({ time: AFTER_UNLOCK });
  await page.goto('/dashboard/ai-readiness');
  await expect(page.getByTestId('readiness-latest')).toContainText('Scaling');
  await expect(page.getByTestId('readiness-in-progress')).toContainText('23 of 24 questions answered');
  await page.getByRole('button', { name: 'Start Assessment' }).click();
  await expect(page.getByText('Step 6 of 6: Culture and change')).toBeVisible();
  await page.getByTestId(`question-${culture.questions[3]!.id}`).getByRole('radio', { name: SCALE[4] }).click();
  await page.getByRole('button', { name: 'See my results' }).click();

  await expect(page.getByTestId('readiness-change')).toHaveText('Since your assessment of Tuesday 10 June 2025 (50, Scaling): up 7 points.');
  await expect(page.getByTestId('dimension-data')).toContainText('(−50)');
  await expect(page.getByRole('button', { name: 'View the assessment of Tuesday 10 June 2025' })).toBeVisible();
  await expect.poll(async () => (await serverAssessments()).map((row) => [row.status, row.score]), { timeout: 15_000 })
    .toEqual([['completed', 50], ['completed', 57]]);
});

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a whole assessment done with no connection reaches the server once the phone is back online', async ({ page, context }) => {
    // The service worker's install and 24 answers: room for a busy runner.
    test.setTimeout(60_000);
    await page.setViewportSize(PHONE);
    await signInAs(page, user);
    await page.clock.install({ time: AFTER_UNLOCK });
    await page.goto('/dashboard');
    await expect(page.getByTestId('sync-status')).toHaveText(/Online · synced/, { timeout: 20_000 });
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? 'none'), { timeout: 20_000 })
      .toBe('activated');

    // Offline for the page and for the service worker.
    await context.setOffline(true);
    await context.route('**/*', (route) => route.abort('internetdisconnected'));
    await page.goto('/dashboard/ai-readiness');
    await page.getByRole('button', { name: 'Start Assessment' }).click();
    await answerFrom(page, 0, ANSWERS);
    await page.getByRole('checkbox', { name: FIRST_DATA_ACTION }).check();
    await expect(page.getByTestId('readiness-plan-done')).toHaveText('1 of 12 done');
    await expect(page.getByTestId('sync-status')).toHaveText(/^(Offline|Server not answering) · \d+ changes waiting$/);
    expect(await serverAssessments()).toEqual([]);

    await context.unroute('**/*');
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect
      .poll(async () => (await serverAssessments()).map((row) => [row.status, row.score, row.level, row.plan_done, row.dimension_scores]), { timeout: 20_000 })
      .toEqual([['completed', 57, 'Scaling', ['data-1'], { strategy: 100, data: 0, infrastructure: 50, talent: 75, governance: 38, culture: 81 }]]);
    await expect(page.getByTestId('sync-status')).toHaveText(/Online · synced/);
  });
});
