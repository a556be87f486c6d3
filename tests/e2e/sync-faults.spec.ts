// Sync over a network that drops or delays requests: a proxy between the
// browser and PocketBase faults half of the API requests (one in six never
// reaches the server, one in six loses its answer after the server applied
// it, one in six is held back), while the attendee makes 50 profile edits in
// two tabs at once and reloads each tab on the way. Afterwards the server
// equals the device in both tabs, the last edit of every field is there, and
// no older edit was ever applied after a newer one of the same field (a
// replay never overtakes).
import { expect, test, type Page } from '@playwright/test';
import { superuserClient } from '../support/e2e-admin';
import { DESKTOP } from '../support/browser';
import { startFaultProxy, type FaultProxy } from '../support/faultProxy';
import { createPortalUser, signInAs, type PortalTestUser } from './portal-helpers';

test.use({ viewport: DESKTOP });
// Well under a minute on an idle machine; room for a busy shared one.
test.setTimeout(180_000);

let user: PortalTestUser;
let proxy: FaultProxy;

test.beforeEach(async () => {
  user = await createPortalUser('attendee', { company: 'Start Co', job_title: 'Start title' });
  proxy = await startFaultProxy(process.env.E2E_BASE_URL ?? '');
});
test.afterEach(async () => {
  await proxy?.close();
  await user?.remove();
});

const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

async function openProfile(page: Page) {
  await page.goto(`${proxy.url}/dashboard/profile-settings`);
  await expect(field(page, 'Company')).toBeVisible({ timeout: 30_000 });
}

/** The profile row this tab's IndexedDB holds. */
function localProfile(page: Page) {
  return page.evaluate(async (id) => {
    const open = indexedDB.open('masterclass');
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const read = <T,>(store: string, how: (s: IDBObjectStore) => IDBRequest) => new Promise<T>((resolve, reject) => {
      const request = how(database.transaction(store).objectStore(store));
      request.onsuccess = () => resolve(request.result as T);
      request.onerror = () => reject(request.error);
    });
    const row = await read<Record<string, unknown>>('profiles', (s) => s.get(id));
    const outbox = await read<unknown[]>('outbox', (s) => s.getAll());
    database.close();
    return { row, outbox: outbox.length };
  }, user.id);
}

test('50 edits in two tabs over a faulty network all arrive, once and in order', async ({ context }) => {
  const tabs = [await context.newPage(), await context.newPage()];
  for (const tab of tabs) await signInAs(tab, user);
  // Even the first visit, which fills the device, goes through the faulty network.
  for (const tab of tabs) await openProfile(tab);

  // Both tabs edit at once: tab one Company and Full Name, tab two Job Title; each value names its edit.
  const labels = { Company: 'company', 'Full Name': 'full_name', 'Job Title': 'job_title' } as const;
  const last: Record<string, string> = {};
  const editsStart = Date.now();
  await Promise.all(tabs.map(async (tab, index) => {
    for (let edit = index + 1; edit <= 50; edit += 2) {
      const label = index === 1 ? 'Job Title' : edit % 4 === 1 ? 'Company' : 'Full Name';
      const value = `${labels[label]} ${String(edit).padStart(2, '0')}`;
      await field(tab, label).fill(value);
      await tab.getByRole('button', { name: 'Save Changes' }).click();
      await expect(tab.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
      last[labels[label]] = value;
      // Each tab is reloaded once on the way, with its changes still going out.
      if (edit === 21 || edit === 36) {
        await tab.reload();
        await expect(field(tab, label)).toHaveValue(value, { timeout: 30_000 });
      }
    }
  }));
  expect(proxy.faults.dropped).toBeGreaterThan(5);
  expect(proxy.faults.answerLost).toBeGreaterThan(5);
  test.info().annotations.push({ type: 'faults while editing', description: `${Date.now() - editsStart} ms: ${JSON.stringify(proxy.faults)}` });
  expect(proxy.faults.dropped).toBeGreaterThan(5);
  expect(proxy.faults.answerLost).toBeGreaterThan(5);

  // The connection is good again: everything drains.
  proxy.setFaulty(false);
  for (const tab of tabs) await tab.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(async () => (await localProfile(tabs[0]!)).outbox, { timeout: 60_000 }).toBe(0);
  const admin = await superuserClient();
  await expect.poll(async () => {
    const record = await admin.collection('users').getOne(user.id);
    return { company: record.company, full_name: record.full_name, job_title: record.job_title };
  }, { timeout: 30_000 }).toEqual(last);

  const server = await admin.collection('users').getOne(user.id);
  for (const tab of tabs) {
    await expect.poll(async () => (await localProfile(tab)).row?.updated, { timeout: 30_000 }).toBe(server.updated);
    const { row } = await localProfile(tab);
    for (const key of ['company', 'full_name', 'job_title', 'industry', 'linkedin_url', 'avatar_url']) {
      expect([key, row?.[key]]).toEqual([key, server[key]]);
    }
    await expect(field(tab, 'Company')).toHaveValue(last.company ?? '');
  }

  // Per field, the values the server applied only ever move forward: no older edit came back after a newer one.
  const writes = proxy.applied.filter((write) => write.method === 'PATCH' && write.path.endsWith(`/users/records/${user.id}`));
  for (const key of Object.values(labels)) {
    const sequence = writes.map((write) => write.body[key]).filter((value): value is string => typeof value === 'string');
    expect(sequence.length).toBeGreaterThan(0);
    expect([...sequence].sort()).toEqual(sequence);
    expect(sequence.at(-1)).toBe(last[key]);
  }
});
