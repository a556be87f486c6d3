// Your data (README "Your data: download and deletion"): Profile Settings
// downloads everything held about you as a JSON file, and deletes the account
// end to end: this device is signed out with its local copy gone, another
// device signed in to the account forgets it at its next sync, and signing in
// no longer works. Screenshots of the section and the confirmation at 1280 and
// 390 px go to /tmp/shots/account-data-*.png.
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { superuserClient } from '../support/e2e-admin';
import { DESKTOP, PHONE } from '../support/browser';
import { createPortalUser, signInAs, type PortalTestUser } from './portal-helpers';
import { masterclassEvent } from '../support/masterclassEvent';
import { signInThroughPage, storedSession } from './support/accounts';
import { lookAt } from './support/lookAt';

const PASSWORD = 'portal-pass-1234';

/** axe-core's WCAG 2.1 A/AA findings inside `selector`, one line each. */
async function violations(page: Page, selector: string): Promise<string[]> {
  // Let fade-ins and transitions finish: axe reads the colours on screen.
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  const results = await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}

/** How many rows this page's IndexedDB copy holds in each of the user's own tables (-1: no such table yet). */
function localCounts(page: Page) {
  return page.evaluate(async () => {
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('masterclass');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    // -1 until the app has made its tables (this probe must not be the one that creates them).
    const count = (store: string) =>
      !database.objectStoreNames.contains(store) ? Promise.resolve(-1) : new Promise<number>((resolve, reject) => {
        const request = database.transaction(store).objectStore(store).count();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    const counts = { profiles: await count('profiles'), attendees: await count('attendees'), businessCases: await count('businessCases') };
    database.close();
    return counts;
  });
}

let user: PortalTestUser | undefined;
test.afterEach(async () => {
  await user?.remove().catch(() => undefined); // gone already when the journey deleted it
});

test.describe('desktop', () => {
  test.use({ viewport: DESKTOP });

  test('download my data, then delete my account: signed out, local data gone, sign-in refused, the other device forgets it', async ({ page, browser }) => {
    test.setTimeout(60_000);
    user = await createPortalUser('attendee', { company: 'Analytical Engines' }, { seated: true });
    const admin = await superuserClient();
    await admin.collection('business_cases').create({ owner: user.id, title: 'Automate the invoices', status: 'draft' });

    await signInAs(page, user);
    await page.goto('/dashboard/profile-settings');
    await expect(page.getByRole('textbox', { name: 'Full Name', exact: true })).toHaveValue(user.fullName);
    await expect.poll(() => localCounts(page)).toEqual({ profiles: 1, attendees: 1, businessCases: 1 });

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^ai-champions-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile(await download.path(), 'utf8'));
    expect(data.account).toMatchObject({ id: user.id, email: user.email, company: 'Analytical Engines' });
    expect(data.business_cases.map((row: { title: string }) => row.title)).toEqual(['Automate the invoices']);
    expect(data.attendee_rows).toHaveLength(1);
    expect(JSON.stringify(data)).not.toContain('password');

    // A second device, signed in to the same account, holds its own copy.
    const otherContext = await browser.newContext({ viewport: DESKTOP });
    const other = await otherContext.newPage();
    await signInAs(other, user);
    await other.goto('/dashboard');
    await expect.poll(() => localCounts(other)).toEqual({ profiles: 1, attendees: 1, businessCases: 1 });

    await page.getByRole('button', { name: 'Delete my account…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    await expect(confirm).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Type DELETE to confirm' }).fill('DELETE');
    await dialog.getByLabel('Your password').fill('not-my-password');
    await confirm.click();
    await expect(dialog.getByText('The password is not correct.')).toBeVisible();
    await dialog.getByLabel('Your password').fill(PASSWORD);
    await confirm.click();

    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByText('Your account has been deleted')).toBeVisible();
    expect(await storedSession(page)).toBeNull();
    expect(await localCounts(page)).toEqual({ profiles: 0, attendees: 0, businessCases: 0 });
    await expect(admin.collection('users').getOne(user.id)).rejects.toMatchObject({ status: 404 });

    await signInThroughPage(page, user.email, PASSWORD);
    await expect(page.getByText('Invalid email or password.').first()).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);

    // The other device's next sync is refused; it learns the account was deleted and forgets it.
    // It may have found out already by itself (its next pass was refused) and be showing the note on
    // /auth, which a reload would take away (the note is said once): then it is not reloaded.
    // (A navigation already under way ends the page's script: the evaluation is then refused.)
    await other.evaluate(() => {
      if (window.location.pathname !== '/auth') window.location.reload();
    }).catch(() => undefined);
    await expect(other).toHaveURL(/\/auth$/, { timeout: 15_000 });
    await expect(other.getByText('Your account has been deleted')).toBeVisible();
    expect(await localCounts(other)).toEqual({ profiles: 0, attendees: 0, businessCases: 0 });
    await otherContext.close();
  });
});

for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
  test(`the data section and the delete confirmation (${name}, screenshots)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    user = await createPortalUser('attendee');
    await signInAs(page, user);
    await page.goto('/dashboard/profile-settings');
    const section = page.getByRole('region', { name: 'Delete my account' });
    await expect(section.getByText('What is kept')).toBeVisible();
    await page.getByRole('region', { name: 'Download my data' }).scrollIntoViewIfNeeded();
    // Every listed item wraps inside the card (Mantine's list items can run past a column).
    const box = await page.evaluate(() => {
      const card = document.querySelector('[aria-labelledby="delete-account"]') as HTMLElement;
      const spans = [...card.querySelectorAll('li')].map((el) => Math.max(...[...el.getClientRects()].map((r) => r.right)));
      return { card: card.getBoundingClientRect().right, maxText: Math.max(...spans) };
    });
    expect(box.maxText).toBeLessThanOrEqual(box.card - 16);
    expect(await violations(page, '[aria-labelledby="your-data"], [aria-labelledby="delete-account"]')).toEqual([]);
    await lookAt(page, { path: `/tmp/shots/account-data-section-${viewport.width}.png`, fullPage: true });
    await section.getByRole('button', { name: 'Delete my account…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByRole('textbox', { name: 'Type DELETE to confirm' }).fill('DELETE');
    await dialog.getByLabel('Your password').fill('something');
    await expect(dialog.getByRole('button', { name: 'Delete my account' })).toBeEnabled();
    expect(await violations(page, '.mantine-Modal-content')).toEqual([]);
    await dialog.getByLabel('Your password').fill('');
    await expect(dialog.getByRole('button', { name: 'Delete my account' })).toBeDisabled();
    // The dialog has finished fading in before the picture is taken.
    await expect.poll(() => page.locator('.mantine-Modal-content').evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await lookAt(page, { path: `/tmp/shots/account-data-confirm-${viewport.width}.png` });
    expect(await violations(page, '.mantine-Modal-content')).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });
}

test('an administrator anonymises an attendee from the Edit Attendee dialog, after confirming', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  const su = await superuserClient();
  const admin = await createPortalUser('administrator');
  user = admin;
  const event = await masterclassEvent(su);
  const company = `Forget ${Date.now()}`;
  const email = `forget-${Date.now()}@example.com`;
  const registration = await su.collection('registrations').create({
    event: event.id, kind: 'promo', status: 'completed', primary_email: email, currency: 'AUD', total_amount_cents: 0,
  });
  const row = await su.collection('attendees').create({
    registration: registration.id, event: event.id, full_name: 'Fran Forgotten', email, company, job_title: 'Analyst',
    phone_number: '+61 400 222 333', dietary_requirements: 'Coeliac', role: 'Senior Manager', registration_status: 'confirmed', privacy_consent: true,
  });

  await signInAs(page, admin);
  await page.goto('/admin/attendees');
  await page.getByRole('textbox', { name: 'Search attendees' }).fill(company);
  await page.getByRole('table', { name: 'Attendees' }).locator('tbody tr').filter({ hasText: 'Fran Forgotten' }).locator('td').nth(2).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Attendee' });
  await dialog.getByRole('button', { name: 'Anonymise…' }).scrollIntoViewIfNeeded();
  await lookAt(page, { path: '/tmp/shots/account-data-anonymise-section-1280.png' });
  await dialog.getByRole('button', { name: 'Anonymise…' }).click();
  const confirm = page.getByRole('dialog', { name: 'Anonymise this attendee?' });
  await expect(confirm).toContainText('Fran Forgotten');
  await expect.poll(() => page.locator('.mantine-Modal-content').last().evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
  await lookAt(page, { path: '/tmp/shots/account-data-anonymise-1280.png' });
  expect(await violations(page, '.anonymise-confirm .mantine-Modal-content')).toEqual([]);
  await confirm.getByRole('button', { name: 'Anonymise', exact: true }).click();
  await expect(page.getByText('Fran Forgotten was anonymised')).toBeVisible();
  await expect.poll(async () => (await su.collection('attendees').getOne(row.id)).full_name).toBe('Deleted attendee');
  expect(await su.collection('attendees').getOne(row.id)).toMatchObject({ company: '', phone_number: '', dietary_requirements: '', registration_status: 'confirmed' });
});
