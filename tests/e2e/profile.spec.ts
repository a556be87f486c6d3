// Profile Settings (spec "Profile Settings"): every field, the
// industry select, the read-only email, the 3-second note, and an edit that is
// kept on the device (after a reload) and reaches the server.
import { expect, test, type Page } from '@playwright/test';
import { superuserClient } from '../support/e2e-admin';
import { DESKTOP, PHONE } from '../support/browser';
import { createPortalUser, signInAs, type PortalTestUser } from './portal-helpers';

let user: PortalTestUser;

test.beforeEach(async ({ page }) => {
  user = await createPortalUser('attendee', { company: 'Analytical Engines', job_title: 'Analyst' });
  await signInAs(page, user);
});
test.afterEach(async () => {
  await user?.remove();
});

const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

async function openProfile(page: Page) {
  await page.clock.install();
  await page.goto('/dashboard/profile-settings');
  await expect(field(page, 'Full Name')).toHaveValue(user.fullName);
}

test.describe('desktop', () => {
  test.use({ viewport: DESKTOP });

  test('shows every field, the email read-only with its hint', async ({ page }) => {
    await openProfile(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Profile Settings' })).toBeVisible();
    await expect(field(page, 'Profile Image URL')).toHaveValue('');
    await expect(field(page, 'Email')).toHaveValue(user.email);
    await expect(field(page, 'Email')).toBeDisabled();
    await expect(page.getByText('Email cannot be changed')).toBeVisible();
    await expect(field(page, 'Company')).toHaveValue('Analytical Engines');
    await expect(field(page, 'Job Title')).toHaveValue('Analyst');
    await expect(field(page, 'LinkedIn Profile URL')).toHaveValue('');
    await field(page, 'Industry').click();
    const options = await page.getByRole('option').allTextContents();
    expect(options).toEqual(['Technology', 'Finance', 'Healthcare', 'Education', 'Manufacturing', 'Retail', 'Other']);
  });

  test('an edit is saved, noted for 3 seconds, kept after a reload and stored on the server', async ({ page }) => {
    await openProfile(page);
    await field(page, 'Full Name').fill('Ada King');
    await field(page, 'Company').fill('Difference Engines');
    await field(page, 'Job Title').fill('Countess of Lovelace');
    await field(page, 'Industry').click();
    await page.getByRole('option', { name: 'Education' }).click();
    await field(page, 'LinkedIn Profile URL').fill('https://www.linkedin.com/in/ada-king');
    await field(page, 'Profile Image URL').fill('https://example.com/ada.png');
    // Time stands still from here, so only runFor moves the note's 3 seconds on.
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.getByRole('button', { name: 'Save Changes' }).click();

    const note = page.getByText('Profile updated successfully');
    await expect(note).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
    await page.clock.runFor(2_900);
    await expect(note).toBeVisible();
    await page.clock.runFor(200);
    await expect(note).toBeHidden();
    await page.clock.resume();

    const admin = await superuserClient();
    await expect
      .poll(async () => {
        const record = await admin.collection('users').getOne(user.id);
        return [record.full_name, record.company, record.job_title, record.industry, record.linkedin_url, record.avatar_url];
      })
      .toEqual(['Ada King', 'Difference Engines', 'Countess of Lovelace', 'education', 'https://www.linkedin.com/in/ada-king', 'https://example.com/ada.png']);
    await expect(page.getByTestId('sync-status')).not.toHaveText(/waiting/);

    await page.reload();
    await expect(field(page, 'Full Name')).toHaveValue('Ada King');
    await expect(field(page, 'Company')).toHaveValue('Difference Engines');
    await expect(field(page, 'Job Title')).toHaveValue('Countess of Lovelace');
    await expect(field(page, 'Industry')).toHaveValue('Education');
    await expect(field(page, 'LinkedIn Profile URL')).toHaveValue('https://www.linkedin.com/in/ada-king');
    await expect(page.getByRole('heading', { level: 1, name: 'Profile Settings' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Ada King');
  });

  test('a malformed URL is refused before anything is saved', async ({ page }) => {
    await openProfile(page);
    await field(page, 'Full Name').fill('Not Saved');
    await field(page, 'LinkedIn Profile URL').fill('linkedin.com/in/ada');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Please enter a valid URL starting with http:// or https://')).toBeVisible();
    await expect(page.getByText('Profile updated successfully')).toHaveCount(0);
    const admin = await superuserClient();
    expect((await admin.collection('users').getOne(user.id)).full_name).toBe(user.fullName);
  });
});

test.describe('phone', () => {
  test.use({ viewport: PHONE });

  test('fits 390 px with 16 px inputs', async ({ page }) => {
    await openProfile(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    for (const label of ['Full Name', 'Company', 'LinkedIn Profile URL', 'Industry']) {
      expect(await field(page, label).evaluate((input) => getComputedStyle(input).fontSize)).toBe('16px');
    }
  });
});
