// The public pages with no network: the landing page from what the device kept,
// a registration and a contact message written offline that go exactly once
// when the connection is back, forms that keep their text across a reload, and
// a route whose code cannot be loaded offering a reload instead of a blank page.
import { expect, test, type Page } from '@playwright/test';
import { superuserClient } from '../support/e2e-admin';
import { createPortalUser, signInAs } from './portal-helpers';
import { fillWaitlistEntry, privacyConsent, toast, unique } from './registration-helpers';
import { APP_START_TIMEOUT, startLandingApp } from './support/appStart';
import { safely } from './support/routes';

/**
 * How long a form sent once the connection is back may take to answer, toast shown: the registration
 * route queues behind the run's other requests on a loaded runner (it took over 15 s there). Waited for,
 * not a budget; the journeys here get the time to wait it.
 */
const SENT_WITHIN_MS = 45_000;
test.describe.configure({ timeout: 90_000 });

/** Waits until the service worker has precached the app and controls the page. */
async function waitForOfflineApp(page: Page) {
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? 'none'), { timeout: 20_000 })
    .toBe('activated');
  // The first visit is not controlled yet: a reload puts it under the worker.
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
}

/**
 * Back online. Chromium's offline emulation leaves navigator.onLine true in a
 * page reloaded while offline and then fires no 'online' event: the event a
 * real browser fires is sent by hand.
 */
async function goOnline(page: Page) {
  await page.context().setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
}

async function registrationsFor(email: string) {
  const su = await superuserClient();
  return su.collection('registrations').getFullList({ filter: su.filter('primary_email = {:email}', { email }) });
}

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });
  // Installing the worker precaches the whole build first: slow on a busy 2-core machine.
  test.setTimeout(60_000);

  test('the landing page shows the speakers and their images from the device when offline', async ({ page, context }) => {
    await page.goto('/');
    await waitForOfflineApp(page);
    // The app draws the speakers' cards as their section nears the screen.
    const speakers = page.locator('#speakers');
    await speakers.scrollIntoViewIfNeeded();
    await expect(page.getByText('Dr Amelia Hart').first()).toBeVisible();
    // Images are kept on their first use; the page asks for every speaker's.
    await page.waitForLoadState('networkidle');

    await context.setOffline(true);
    await page.reload();
    await speakers.scrollIntoViewIfNeeded();
    await expect(speakers.getByText('Dr Amelia Hart').first()).toBeVisible();
    // The app renders over the prerendered landing: scroll once its section has settled.
    await expect(() => speakers.scrollIntoViewIfNeeded({ timeout: 2_000 })).toPass();
    await expect(speakers.getByText('Marcus Nguyen').first()).toBeVisible();
    const images = speakers.locator('img[src*="/api/files/"]');
    await expect(images.first()).toBeVisible();
    await expect.poll(() => images.evaluateAll((list) => list.every((img) => (img as HTMLImageElement).naturalWidth > 0))).toBe(true);
  });

  test('a registration pressed offline survives a reload and is sent once when the connection is back', async ({ page, context }) => {
    const email = `${unique('offline')}@example.com`;
    await page.goto('/register?waitlist=true');
    await waitForOfflineApp(page);
    const notice = page.getByTestId('offline-notice');
    await expect(notice).toHaveCount(0);

    await context.setOffline(true);
    await expect(notice).toContainText('Registering needs a connection');
    await fillWaitlistEntry(page, { fullName: 'Olive Offline', email });
    await privacyConsent(page).check();
    await page.getByRole('button', { name: 'Register for Future Events' }).click();
    await expect(notice).toContainText('will be sent as soon as you');

    // The tab reloads (or the phone killed it): everything typed is still there, still waiting.
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Full Name' })).toHaveValue('Olive Offline');
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
    await expect(privacyConsent(page)).toBeChecked();
    await expect(notice).toContainText('will be sent as soon as you');
    expect(await registrationsFor(email)).toHaveLength(0);

    await goOnline(page);
    await expect(page.getByRole('heading', { name: 'Interest Registered Successfully' })).toBeVisible({ timeout: SENT_WITHIN_MS });
    await expect.poll(async () => (await registrationsFor(email)).length).toBe(1);
    // Nothing is left to send again: a reload shows an empty form.
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('');
    await page.waitForTimeout(500);
    expect(await registrationsFor(email)).toHaveLength(1);
  });

  test('a contact message written offline is kept, survives a reload and is sent once online', async ({ page, context }) => {
    const subject = unique('Offline question');
    await page.goto('/contact');
    await waitForOfflineApp(page);
    await context.setOffline(true);
    await page.getByRole('textbox', { name: 'Your Name' }).fill('Olive Offline');
    await page.getByRole('textbox', { name: 'Email Address' }).fill('olive@example.com');
    await page.getByRole('textbox', { name: 'Subject' }).fill(subject);
    await page.getByRole('textbox', { name: 'Message' }).fill('Is there parking near the venue?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    const queued = page.getByText("You're offline. Your message is saved and will be sent when you're back online.");
    await expect(queued).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue('');

    await page.reload();
    await expect(queued).toBeVisible();

    await goOnline(page);
    await expect(toast(page, 'Message Sent')).toBeVisible({ timeout: SENT_WITHIN_MS });
    await expect(queued).toHaveCount(0);
    const su = await superuserClient();
    const stored = () => su.collection('contact_messages').getFullList({ filter: su.filter('subject = {:subject}', { subject }) });
    await expect.poll(async () => (await stored()).length).toBe(1);
    await page.reload();
    await page.waitForTimeout(1_000);
    expect(await stored()).toHaveLength(1);
  });
});

/**
 * The first registration request reaches the server, but its answer never reaches the
 * phone; later ones fail as if the network were down while `networkDown()` says so.
 */
async function loseFirstAnswer(page: Page, networkDown: () => boolean = () => false) {
  const sent = { attempts: 0 };
  await page.route('**/api/masterclass/registrations', safely(page, async (route) => {
    sent.attempts += 1;
    if (sent.attempts === 1) {
      await route.fetch();
      await route.abort('connectionreset');
    } else if (networkDown()) {
      await route.abort('internetdisconnected');
    } else {
      await route.continue();
    }
  }));
  return sent;
}

async function pressRegisterForFutureEvents(page: Page, fullName: string, email: string) {
  await page.goto('/register?waitlist=true');
  await fillWaitlistEntry(page, { fullName, email });
  await privacyConsent(page).check();
  await page.getByRole('button', { name: 'Register for Future Events' }).click();
}

test('a registration whose answer was lost is sent again under its key and stored once', async ({ page }) => {
  const email = `${unique('lost-answer')}@example.com`;
  const sent = await loseFirstAnswer(page);
  await pressRegisterForFutureEvents(page, 'Lena Lost', email);
  await expect(page.getByRole('heading', { name: 'Interest Registered Successfully' })).toBeVisible({ timeout: SENT_WITHIN_MS });
  expect(sent.attempts).toBe(2);
  expect(await registrationsFor(email)).toHaveLength(1);
});

test('a registration whose answer was lost, then edited, is still made once, as it was sent', async ({ page }) => {
  const email = `${unique('lost-edited')}@example.com`;
  let edited = false;
  const sent = await loseFirstAnswer(page, () => !edited);
  await pressRegisterForFutureEvents(page, 'Lena Lost', email);
  await expect.poll(() => sent.attempts).toBeGreaterThanOrEqual(2);

  // Edited while the answer is missing: sending the edit under a new key could make a second registration.
  await page.getByRole('textbox', { name: 'Full Name' }).fill('Lena Edited');
  edited = true;
  await page.getByRole('button', { name: 'Register for Future Events' }).click();
  await expect(toast(page, 'Registration Already Sent')).toBeVisible({ timeout: SENT_WITHIN_MS });
  await expect(page.getByRole('heading', { name: 'Interest Registered Successfully' })).toBeVisible({ timeout: SENT_WITHIN_MS });
  expect(await registrationsFor(email)).toHaveLength(1);
  const su = await superuserClient();
  const attendees = await su.collection('attendees').getFullList({ filter: su.filter('email = {:email}', { email }) });
  expect(attendees.map((attendee) => attendee.full_name)).toEqual(['Lena Lost']);
});

test('half-filled registration and contact forms keep their text across a reload', async ({ page }) => {
  await page.goto('/register?waitlist=true');
  await page.getByRole('textbox', { name: 'Full Name' }).fill('Rita Reload');
  await page.getByRole('textbox', { name: 'Company' }).fill('Half Done Pty Ltd');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Full Name' })).toHaveValue('Rita Reload');
  await expect(page.getByRole('textbox', { name: 'Company' })).toHaveValue('Half Done Pty Ltd');

  await page.goto('/contact');
  await page.getByRole('textbox', { name: 'Subject' }).fill('A question about seats');
  await page.getByRole('textbox', { name: 'Message' }).fill('Half a thought');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue('A question about seats');
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('Half a thought');
});

test('unsaved Profile Settings edits survive a reload, only until they are saved', async ({ page }) => {
  const user = await createPortalUser('attendee', { company: 'Analytical Engines', job_title: 'Analyst' });
  try {
    await signInAs(page, user);
    await page.goto('/dashboard/profile-settings');
    const field = (label: string) => page.getByRole('textbox', { name: label, exact: true });
    await expect(field('Full Name')).toHaveValue(user.fullName);
    await field('Company').fill('Difference Engines');
    await page.reload();
    await expect(field('Company')).toHaveValue('Difference Engines');
    await expect(field('Job Title')).toHaveValue('Analyst');

    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();
    const su = await superuserClient();
    await expect.poll(async () => (await su.collection('users').getOne(user.id)).company).toBe('Difference Engines');
    // Saved: nothing is kept as a draft any more.
    expect(await page.evaluate(() => window.sessionStorage.getItem('draft:profile'))).toBeNull();
  } finally {
    await user.remove();
  }
});

test('a route whose code was removed by a deploy offers a reload instead of a blank page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 2, name: 'Why This Masterclass Matters' })).toBeVisible();
  await startLandingApp(page);
  // The app has taken over and the sections above the footer show their facts: the footer's
  // link stays where it is while it is clicked (a section growing from its placeholder moved
  // it under the pointer on a loaded runner, and the click met nothing).
  await expect(page.getByText('Limited to 50 participants', { exact: true })).toBeVisible({ timeout: APP_START_TIMEOUT });
  // The deploy replaced the terms page's chunk: the old file is gone.
  await page.route(/\/assets\/terms-[\w-]+\.js$/, (route) => route.fulfill({ status: 404, body: 'Not found' }));
  await page.getByRole('link', { name: 'Terms of Service' }).first().click();
  const offer = page.getByRole('alert').filter({ hasText: 'This page needs a reload' });
  await expect(offer).toBeVisible({ timeout: SENT_WITHIN_MS });
  await expect(offer.getByRole('button', { name: 'Reload' })).toBeVisible();

  // The new version is in place: Reload opens the page.
  await page.unroute(/\/assets\/terms-[\w-]+\.js$/);
  await offer.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
});

test('a part loaded after the first render that cannot be fetched leaves the page working', async ({ page }) => {
  // The network dropped before the toasts and the service worker prompt came.
  await page.route(/\/assets\/DeferredExtras-[\w-]+\.(js|css)$/, (route) => route.abort('internetdisconnected'));
  const deferredRequested = page.waitForRequest(/\/assets\/DeferredExtras-/);
  await page.goto('/register?waitlist=true');
  await deferredRequested;
  await page.waitForTimeout(500);
  await page.getByRole('textbox', { name: 'Full Name' }).fill('Still Here');
  await expect(page.getByRole('textbox', { name: 'Full Name' })).toHaveValue('Still Here');
  await expect(page.getByRole('heading', { level: 1, name: 'Register Your Interest' })).toBeVisible();
});
