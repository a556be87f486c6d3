// Speakers (/admin/speakers): an administrator adds a speaker to the featured
// masterclass with a large photo, which the browser resizes before it is
// uploaded; reorders and edits the line-up; sees each refusal explained
// (no name, a file that is not a photo); finds the new speaker on the landing
// page; and removes them. Runs on its own PocketBase, since it changes the
// line-up visitors see.
import { expect, test, type Page } from '@playwright/test';
import PocketBase from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import { DESKTOP, PHONE } from '../support/browser';
import { masterclassEvent } from '../support/masterclassEvent';
import { APP_START_TIMEOUT } from './support/appStart';
import { ownServerAdministrator, ownServerForFile, routeApiTo } from './support/ownServer';
import { signInAs } from './portal-helpers';
import { lookAt } from './support/lookAt';

let server: TestServer;
let superuser: PocketBase;

test.describe.configure({ mode: 'serial' });
ownServerForFile((started) => ({ server, admin: superuser } = started));

const administrator = () => ownServerAdministrator({ server, admin: superuser }, 'Sam Programme');

/** A 1600×1200 PNG drawn by the browser, as a phone photo would be: far larger than the site shows. */
async function largePhoto(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1600;
    canvas.height = 1200;
    const context = canvas.getContext('2d')!;
    const gradient = context.createLinearGradient(0, 0, 1600, 1200);
    gradient.addColorStop(0, '#1c2a5e');
    gradient.addColorStop(1, '#f59f00');
    context.fillStyle = gradient;
    context.fillRect(0, 0, 1600, 1200);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}


test('an administrator adds, orders, edits and removes a speaker with a photo resized in the browser', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  const event = await masterclassEvent(superuser);
  const user = await administrator();
  await routeApiTo(page, server);
  await signInAs(page, user);

  await page.goto('/admin/speakers');
  await expect(page.getByRole('heading', { level: 1, name: 'Speakers' })).toBeVisible({ timeout: APP_START_TIMEOUT });
  const list = page.getByRole('list', { name: 'Speakers in the order they are shown' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').first()).toContainText('Dr Amelia Hart');

  // Refusals: no name or role, then a file that is not a photo.
  await page.getByRole('button', { name: 'Add speaker' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add speaker' });
  await dialog.getByRole('button', { name: 'Add speaker' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('Role is required')).toBeVisible();
  await dialog.getByLabel('Website').fill('not a web address');
  await dialog.getByRole('button', { name: 'Add speaker' }).click();
  await expect(dialog.getByText('Please enter a web address starting with https://')).toBeVisible();
  const fileInput = dialog.locator('input[type="file"]');
  await fileInput.setInputFiles({ name: 'portrait.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
  await expect(dialog.getByText('Choose a photo in JPEG, PNG or WebP format.')).toBeVisible();
  expect(await superuser.collection('speakers').getFullList({ filter: superuser.filter('event = {:id}', { id: event.id }) })).toHaveLength(2);

  // A valid speaker with a large photo.
  await dialog.getByLabel('Name').fill('Dr Priya Raman');
  await dialog.getByLabel('Role').fill('Head of Applied AI');
  await dialog.getByLabel('Organisation').fill('Lot Fourteen Labs');
  await dialog.getByLabel('Website').fill('https://priya.example.com');
  await fileInput.setInputFiles({ name: 'priya.png', mimeType: 'image/png', buffer: await largePhoto(page) });
  await expect(dialog.getByText(/Ready to upload: \d+ KB\./)).toBeVisible();
  await dialog.getByRole('button', { name: 'Add speaker' }).click();
  await expect(page.getByText('Dr Priya Raman was added')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(list.getByRole('listitem').nth(2)).toContainText('Dr Priya Raman');

  // Stored resized: a JPEG of at most 800 pixels a side, in proportion.
  const [stored] = await superuser.collection('speakers').getFullList({ filter: 'name = "Dr Priya Raman"' });
  expect(stored!.event).toBe(event.id);
  expect(stored!.image).toMatch(/\.jpg$/);
  // Opened on its own (the file is on this file's server, another origin than the app, whose policy keeps other origins' images out).
  const photo = await page.context().newPage();
  await photo.goto(superuser.files.getURL(stored!, stored!.image));
  const size = await photo.evaluate(async () => {
    const image = document.querySelector('img')!;
    await image.decode();
    return [image.naturalWidth, image.naturalHeight];
  });
  await photo.close();
  expect(size).toEqual([800, 600]);

  // Moved up to second place.
  await page.getByRole('button', { name: 'Move Dr Priya Raman up' }).click();
  await expect(list.getByRole('listitem').nth(1)).toContainText('Dr Priya Raman');
  await expect(list.getByRole('listitem').nth(2)).toContainText('Marcus Nguyen');

  // Edited without choosing another photo: the photo stays.
  await page.getByRole('button', { name: 'Edit Dr Priya Raman' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit speaker' });
  await expect(edit.getByLabel('Name')).toHaveValue('Dr Priya Raman');
  await edit.getByLabel('Role').fill('Chief AI Officer');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Dr Priya Raman was updated')).toBeVisible();
  await expect(list.getByRole('listitem').nth(1)).toContainText('Chief AI Officer');
  expect((await superuser.collection('speakers').getOne(stored!.id)).image).toBe(stored!.image);

  await lookAt(page, { path: '/tmp/shots/admin-speakers-1280.png', fullPage: true });
  // On a phone every speaker's name and actions stay in view.
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(list.getByRole('listitem')).toHaveCount(3, { timeout: APP_START_TIMEOUT });
  for (const name of ['Edit Dr Priya Raman', 'Remove Dr Priya Raman']) await expect(page.getByRole('button', { name })).toBeInViewport();
  await lookAt(page, { path: '/tmp/shots/admin-speakers-390.png', fullPage: true });
  await page.setViewportSize(DESKTOP);

  // Visitors see the new line-up, in its order, with the photo.
  await page.goto('/');
  const card = page.getByRole('button', { name: /Dr Priya Raman/ });
  await expect(card).toBeVisible({ timeout: APP_START_TIMEOUT });
  const names = await page.locator('#speakers button[aria-haspopup="dialog"]').evaluateAll((cards) => cards.map((card) => card.querySelectorAll(':scope > span')[1]?.textContent)); // the photo's span, then the name's
  expect(names).toEqual(['Dr Amelia Hart', 'Dr Priya Raman', 'Marcus Nguyen']);
  await expect(card.locator('img')).toHaveAttribute('src', /\.jpg/);

  // Removed after confirming.
  await page.goto('/admin/speakers');
  await page.getByRole('button', { name: 'Remove Dr Priya Raman' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove speaker' });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Dr Priya Raman was removed')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(superuser.collection('speakers').getOne(stored!.id)).rejects.toMatchObject({ status: 404 });
  await user.remove();
});
