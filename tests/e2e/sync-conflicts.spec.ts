// The same profile field edited offline on the phone and by an administrator
// on the server: once online the conflict shows in the sync popover with both
// values, and "Keep mine" writes the attendee's value; a different field edited
// on each side merges, with the device and the server ending identical.
import { expect, test, type Page } from '@playwright/test';
import { superuserClient } from '../support/e2e-admin';
import { DESKTOP, PHONE } from '../support/browser';
import { createPortalUser, signInAs, type PortalTestUser } from './portal-helpers';
import { lookAt } from './support/lookAt';

let user: PortalTestUser;

test.beforeEach(async ({ page }) => {
  user = await createPortalUser('attendee', { company: 'Analytical Engines', job_title: 'Analyst' });
  await signInAs(page, user);
});
test.afterEach(async () => {
  await user?.remove();
});

const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

async function offlineEdit(page: Page, adminChange: Record<string, string>, label: string, value: string) {
  await page.goto('/dashboard/profile-settings');
  // The first sync of a new device fills every table; a busy machine takes a while.
  await expect(field(page, 'Job Title')).toHaveValue('Analyst', { timeout: 20_000 });
  await expect(page.getByTestId('sync-status')).toContainText(/synced/i, { timeout: 20_000 });
  await page.context().setOffline(true);
  // The device knows it is offline (and has closed its live channel) before the administrator edits.
  await expect(page.getByTestId('sync-status')).toContainText(/offline/i);
  const admin = await superuserClient();
  await admin.collection('users').update(user.id, adminChange);
  await field(page, label).fill(value);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  return admin;
}

for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
  test(`${name}: the same field changed on both sides shows a conflict; Keep mine writes the attendee's value`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const admin = await offlineEdit(page, { job_title: 'Director' }, 'Job Title', 'Head of AI');

    await page.context().setOffline(false);
    const conflict = page.getByTestId('sync-conflict');
    await page.getByTestId('sync-status-toggle').click();
    await expect(conflict).toBeVisible();
    await expect(conflict).toContainText('Your profile was also changed on the server.');
    await expect(page.getByTestId('conflict-job_title')).toContainText('Yours: Head of AI');
    await expect(page.getByTestId('conflict-job_title')).toContainText('On the server: Director');
    expect((await admin.collection('users').getOne(user.id)).job_title).toBe('Director');
    await lookAt(page, { path: `/tmp/fs/shots/conflict-${name}.png` });

    await conflict.getByRole('button', { name: 'Keep mine' }).click();

    await expect.poll(async () => (await admin.collection('users').getOne(user.id)).job_title).toBe('Head of AI');
    await expect(conflict).toHaveCount(0);
    await expect(field(page, 'Job Title')).toHaveValue('Head of AI');
  });
}

test("Use the server's drops the attendee's value and shows the administrator's", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  const admin = await offlineEdit(page, { job_title: 'Director' }, 'Job Title', 'Head of AI');
  await page.context().setOffline(false);
  await page.getByTestId('sync-status-toggle').click();
  await page.getByTestId('sync-conflict').getByRole('button', { name: "Use the server's" }).click();

  await expect(page.getByTestId('sync-conflict')).toHaveCount(0);
  await expect(field(page, 'Job Title')).toHaveValue('Director');
  expect((await admin.collection('users').getOne(user.id)).job_title).toBe('Director');
});

test('a different field changed on each side merges, and both sides end identical', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  const admin = await offlineEdit(page, { company: 'Difference Engines' }, 'Job Title', 'Head of AI');

  await page.context().setOffline(false);

  await expect.poll(async () => {
    const record = await admin.collection('users').getOne(user.id);
    return [record.company, record.job_title];
  }).toEqual(['Difference Engines', 'Head of AI']);
  await expect(field(page, 'Company')).toHaveValue('Difference Engines');
  await expect(field(page, 'Job Title')).toHaveValue('Head of AI');
  await expect(page.getByTestId('sync-conflict')).toHaveCount(0);
  const local = await page.evaluate(async (id) => {
    const request = indexedDB.open('masterclass');
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const row = await new Promise<Record<string, unknown>>((resolve, reject) => {
      const get = database.transaction('profiles').objectStore('profiles').get(id);
      get.onsuccess = () => resolve(get.result as Record<string, unknown>);
      get.onerror = () => reject(get.error);
    });
    database.close();
    return row;
  }, user.id);
  const server = await admin.collection('users').getOne(user.id);
  for (const key of ['full_name', 'company', 'job_title', 'industry', 'linkedin_url', 'avatar_url', 'updated']) {
    expect([key, local[key]]).toEqual([key, server[key]]);
  }
});
