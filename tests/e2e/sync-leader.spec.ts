// One tab per browser syncs (src/sync/syncLeader.ts): the others only read the
// device's database and ask the leader for a pass; when the leader's tab
// closes, another takes over within seconds. A sign-out waits for a pass the
// other tab is running and leaves nothing of the account behind
// (src/sync/leaveDevice.ts). With changes not sent, the sign-out dialog asks
// first: Send now, Keep for next sign-in, or Discard them.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type Route } from '@playwright/test';
import { DESKTOP, PHONE } from '../support/browser';
import { superuserClient } from '../support/e2e-admin';
import { createPortalUser, signInAs, type PortalTestUser } from './portal-helpers';
import { signInThroughPage } from './support/accounts';
import { lookAt } from './support/lookAt';

const PASSWORD = 'portal-pass-1234';
/** Requests only a syncing tab makes: the session check, pulls, pushes and the live channel. */
const SYNC_REQUEST = /\/api\/(sync\/changes|realtime|collections\/[^/]+\/(records|auth-refresh))/;
/** The pull of the attendee rows (the change route, or the records API). */
const ATTENDEE_PULL = /\/api\/(sync\/changes\?.*collection=attendees|collections\/attendees\/records)/;

const PROFILE_PATCH = /\/api\/collections\/users\/records\/\w+$/;

/** The server out of reach for profile edits only. */
const blockPatches = (route: Route) => (route.request().method() === 'PATCH' ? route.abort('internetdisconnected') : route.continue());

const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });
const screenshot = (page: Page, name: string) => lookAt(page, { path: test.info().outputPath(`${name}.png`) });

/** Every sync request the tab makes from now on. */
function syncRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (SYNC_REQUEST.test(request.url())) seen.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  return seen;
}

/** Rows of the device's database, read with IndexedDB itself. */
function deviceRows(page: Page, table: string): Promise<Record<string, unknown>[]> {
  return page.evaluate((name) => new Promise<Record<string, unknown>[]>((resolve, reject) => {
    const open = indexedDB.open('masterclass');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const database = open.result;
      if (!database.objectStoreNames.contains(name)) {
        database.close();
        resolve([]);
        return;
      }
      const read = database.transaction(name).objectStore(name).getAll();
      read.onsuccess = () => {
        database.close();
        resolve(read.result as Record<string, unknown>[]);
      };
      read.onerror = () => reject(read.error);
    };
  }), table);
}

/** Adds outbox rows as the sync would have left them (a refused change, a change edited on both sides). */
function addToOutbox(page: Page, rows: Record<string, unknown>[]): Promise<void> {
  return page.evaluate((entries) => new Promise<void>((resolve, reject) => {
    const open = indexedDB.open('masterclass');
    open.onsuccess = () => {
      const database = open.result;
      const transaction = database.transaction('outbox', 'readwrite');
      for (const entry of entries) transaction.objectStore('outbox').add(entry);
      transaction.oncomplete = () => {
        database.close();
        resolve();
      };
      transaction.onerror = () => reject(transaction.error);
    };
    open.onerror = () => reject(open.error);
  }), rows);
}

const wake = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('focus')));

async function openPortal(page: Page, user: PortalTestUser, path = '/dashboard'): Promise<void> {
  await signInAs(page, user);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
}

test.describe('one tab syncs', () => {
  let user: PortalTestUser;
  test.beforeEach(async () => {
    user = await createPortalUser('attendee', { company: 'Start Co' }, { seated: true });
  });
  test.afterEach(async () => {
    await user?.remove();
  });

  test('the first tab leads; the second only asks it, and takes over within seconds when the leader closes', async ({ context }) => {
    test.setTimeout(90_000);
    const first = await context.newPage();
    const firstRequests = syncRequests(first);
    await openPortal(first, user, '/dashboard/profile-settings');
    await expect(field(first, 'Company')).toHaveValue('Start Co', { timeout: 30_000 });
    await expect.poll(() => firstRequests.some((request) => request.includes('/api/realtime')), { timeout: 15_000 }).toBe(true);

    const second = await context.newPage();
    const secondRequests = syncRequests(second);
    await openPortal(second, user, '/dashboard/profile-settings');
    // The leader's pulls fill the shared database: the second tab shows the profile without syncing itself.
    await expect(field(second, 'Company')).toHaveValue('Start Co');
    await expect(second.getByTestId('sync-status')).toHaveText(/Online · synced/);

    // Both tabs are woken (focus): only the leader syncs.
    firstRequests.length = 0;
    await wake(first);
    await wake(second);
    await expect.poll(() => firstRequests.length, { timeout: 10_000 }).toBeGreaterThan(0);

    // A change saved in the second tab is sent by the leader.
    await field(second, 'Company').fill('Second Tab Co');
    await second.getByRole('button', { name: 'Save Changes' }).click();
    const admin = await superuserClient();
    await expect.poll(async () => (await admin.collection('users').getOne(user.id)).company, { timeout: 15_000 }).toBe('Second Tab Co');
    expect(firstRequests.filter((request) => request.startsWith('PATCH'))).toEqual([`PATCH /api/collections/users/records/${user.id}`]);
    expect(secondRequests).toEqual([]);

    // The leader's tab closes: the second tab takes over (a pull and the live channel) within seconds.
    await first.close();
    await expect.poll(() => secondRequests.some((request) => request.includes('/api/realtime')), { timeout: 8_000 }).toBe(true);
    await field(second, 'Company').fill('After Takeover Co');
    await second.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(async () => (await admin.collection('users').getOne(user.id)).company, { timeout: 15_000 }).toBe('After Takeover Co');
    expect(secondRequests.filter((request) => request.startsWith('PATCH'))).toEqual([`PATCH /api/collections/users/records/${user.id}`]);
  });

  test('signing out in one tab while the other syncs leaves none of the account\'s rows on the device', async ({ context }) => {
    test.setTimeout(90_000);
    const admin = await superuserClient();
    const attendee = await admin.collection('attendees').getFirstListItem(`user = "${user.id}"`);
    const leader = await context.newPage();
    const leaderRequests = syncRequests(leader);
    await openPortal(leader, user);
    await expect.poll(async () => (await deviceRows(leader, 'attendees')).length, { timeout: 30_000 }).toBe(1);
    await expect.poll(async () => (await deviceRows(leader, 'events')).length, { timeout: 30_000 }).toBeGreaterThan(0);
    await expect.poll(() => leaderRequests.some((request) => request.includes('/api/realtime')), { timeout: 15_000 }).toBe(true);
    const other = await context.newPage();
    // Deleting the stored session materials takes a while (a large cache): the
    // session ends seconds after the device's copy was cleared.
    await other.addInitScript(() => {
      const remove = caches.delete.bind(caches);
      caches.delete = async (name) => {
        await new Promise((resolve) => setTimeout(resolve, 5_000));
        return remove(name);
      };
    });
    await openPortal(other, user);

    // The leader's next pull of the attendee rows answers late, after the sign-out began.
    let slow = true;
    await context.route(ATTENDEE_PULL, async (route) => {
      if (slow) await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.continue().catch(() => undefined);
    });
    const pulling = leader.waitForRequest(ATTENDEE_PULL, { timeout: 20_000 });
    await wake(leader);
    await pulling;
    await other.getByRole('button', { name: 'Account menu' }).click();
    await other.getByRole('menuitem', { name: 'Sign out' }).click();

    // The device's copy is cleared (after the leader's pass); then, while the
    // session is still ending, the team changes the attendee row and the
    // leader hears of it live.
    await expect.poll(async () => (await deviceRows(other, 'attendees')).length, { timeout: 10_000 }).toBe(0);
    slow = false;
    await admin.collection('attendees').update(attendee.id, { job_title: 'Changed by the team' });
    await other.waitForURL('**/auth', { timeout: 20_000 });
    await leader.waitForURL('**/auth', { timeout: 20_000 });
    await other.waitForTimeout(500);

    expect(await deviceRows(other, 'attendees')).toEqual([]);
    expect(await deviceRows(other, 'profiles')).toEqual([]);
    // The account's view of the masterclasses leaves too: the next account pulls its own.
    for (const table of ['events', 'speakers', 'materials']) expect(await deviceRows(other, table), table).toEqual([]);
  });
});

test.describe('the sign-out dialog', () => {
  let user: PortalTestUser;
  test.beforeEach(async () => {
    user = await createPortalUser('attendee', { company: 'Start Co', job_title: 'Start Title' });
  });
  test.afterEach(async () => {
    await user?.remove();
  });

  /** An edit made offline (waiting), one the server refused, one edited on both sides. */
  async function leaveThreeUnsent(page: Page): Promise<void> {
    await openPortal(page, user, '/dashboard/profile-settings');
    await expect(field(page, 'Company')).toHaveValue('Start Co', { timeout: 30_000 });
    await page.context().setOffline(true);
    await field(page, 'Company').fill('Kept Co');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const base = { collection: 'users', recordId: user.id, op: 'update', createdAt: new Date().toISOString(), attempts: 8, nextAttemptAt: 0, owner: user.id };
    await addToOutbox(page, [
      { ...base, patch: { full_name: '' }, status: 'failed', error: 'Full name: cannot be blank.' },
      { ...base, patch: { job_title: 'Mine' }, base: { job_title: 'Start Title' }, status: 'failed', error: 'Changed on the server too', conflict: ['job_title'] },
    ]);
  }

  async function openSignOut(page: Page) {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    const dialog = page.getByRole('dialog', { name: 'Changes not sent yet' });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  async function axeViolations(page: Page): Promise<string[]> {
    const results = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  }

  test('says how many changes are unsent and keeps them for the next sign-in of the same account', async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(DESKTOP);
    await leaveThreeUnsent(page);
    const dialog = await openSignOut(page);
    await expect(dialog).toContainText('3 of your changes have not reached the server yet:');
    await expect(dialog.getByRole('listitem')).toHaveText([
      '1 change waiting to be sent',
      '1 change the server could not accept',
      '1 change edited on the server too, waiting for Keep mine or Use the server\'s',
    ]);
    await expect(dialog.getByRole('button', { name: 'Send now' })).toBeDisabled();
    await expect(dialog).toContainText('You are offline: sending needs a connection.');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'sign-out-dialog-desktop');
    await page.setViewportSize(PHONE);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'sign-out-dialog-phone');

    // Back online (for /auth to load) with the server out of reach: the change still waits.
    await page.route(PROFILE_PATCH, blockPatches);
    await page.context().setOffline(false);
    await dialog.getByRole('button', { name: 'Keep for next sign-in' }).click();
    await page.waitForURL('**/auth');
    await expect(page.getByText('Changes not sent yet')).toBeVisible();
    expect(await deviceRows(page, 'profiles')).toEqual([]);
    const kept = await deviceRows(page, 'outbox');
    expect(kept.map((row) => [row.owner, row.status])).toEqual([[user.id, 'pending'], [user.id, 'failed'], [user.id, 'failed']]);

    await page.unroute(PROFILE_PATCH, blockPatches);
    await signInThroughPage(page, user.email, PASSWORD);
    await page.waitForURL('**/dashboard');
    const admin = await superuserClient();
    await expect.poll(async () => (await admin.collection('users').getOne(user.id)).company, { timeout: 20_000 }).toBe('Kept Co');
  });

  test('Send now signs out once everything has arrived; Discard them asks again and drops them', async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(PHONE);
    await openPortal(page, user, '/dashboard/profile-settings');
    await expect(field(page, 'Company')).toHaveValue('Start Co', { timeout: 30_000 });
    await page.context().setOffline(true);
    await field(page, 'Company').fill('Sent Co');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    let dialog = await openSignOut(page);
    await expect(dialog).toContainText('1 of your changes has not reached the server yet:');
    await page.context().setOffline(false);
    await dialog.getByRole('button', { name: 'Send now' }).click();
    await page.waitForURL('**/auth', { timeout: 20_000 });
    await expect(page.getByText('Changes not sent yet')).toHaveCount(0);
    const admin = await superuserClient();
    expect((await admin.collection('users').getOne(user.id)).company).toBe('Sent Co');
    // The sign-out ends in a full page load of /auth: read once that page has settled.
    await expect.poll(() => deviceRows(page, 'outbox').catch(() => 'reading while the page loads'), { timeout: 15_000 }).toEqual([]);

    await signInThroughPage(page, user.email, PASSWORD);
    await page.waitForURL('**/dashboard');
    await page.goto('/dashboard/profile-settings');
    await expect(field(page, 'Company')).toHaveValue('Sent Co', { timeout: 30_000 });
    await page.context().setOffline(true);
    await field(page, 'Company').fill('Discarded Co');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    dialog = await openSignOut(page);
    await page.route(PROFILE_PATCH, blockPatches);
    await page.context().setOffline(false);
    await dialog.getByRole('button', { name: 'Discard them' }).click();
    await expect(dialog).toContainText('Discard 1 change for good?');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'sign-out-discard-phone');
    await dialog.getByRole('button', { name: 'Discard and sign out' }).click();
    await page.waitForURL('**/auth');
    // The sign-out ends in a full page load of /auth: read once that page has settled.
    await expect.poll(() => deviceRows(page, 'outbox').catch(() => 'reading while the page loads'), { timeout: 15_000 }).toEqual([]);
    expect((await admin.collection('users').getOne(user.id)).company).toBe('Sent Co');
  });
});
