// What a browser journey needs to look inside a device that syncs: its
// IndexedDB tables read with IndexedDB itself (not the app's code), which of
// its tabs holds the sync leader's Web Lock, a nudge for a sync pass, and the
// door page driven by its name search. A device is a browser context; its
// tabs are the context's pages and share one database and one lock manager.
import { expect, type Page } from '@playwright/test';

/** The database the app keeps on the device (src/db/database.ts). */
export const DATABASE = 'masterclass';
/** The Web Lock the syncing tab holds (src/sync/syncLeader.ts). */
export const LEADER_LOCK = 'masterclass-sync-leader';

export type Row = Record<string, unknown>;

/** The portal's tables that hold one account's rows, with the field naming the account. */
export const USER_TABLES = {
  profiles: 'id',
  attendees: 'user',
  readinessAssessments: 'owner',
  businessCases: 'owner',
  savedUseCases: 'owner',
} as const;

/** Runs `read` in the page, again if a navigation (a sign-out's page load, a reload) replaced the page meanwhile. */
async function inPage<T>(page: Page, read: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await read();
    } catch (error) {
      if (attempt >= 5 || !/Execution context was destroyed|navigat/i.test(String(error))) throw error;
      await page.waitForLoadState('domcontentloaded');
    }
  }
}

/** Every row of each named table (a table the database lacks reads as empty), in one visit. */
export function deviceTables<T extends string>(page: Page, tables: readonly T[]): Promise<Record<T, Row[]>> {
  return inPage(page, () => readTables(page, tables));
}

function readTables<T extends string>(page: Page, tables: readonly T[]): Promise<Record<T, Row[]>> {
  return page.evaluate(async ({ name, wanted }) => {
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(name);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    try {
      const present = wanted.filter((table) => database.objectStoreNames.contains(table));
      const result: Record<string, Row[]> = Object.fromEntries(wanted.map((table) => [table, []]));
      if (present.length === 0) return result;
      // One read transaction: the tables as they stood at one moment.
      const transaction = database.transaction(present);
      await Promise.all(present.map((table) => new Promise<void>((resolve, reject) => {
        const read = transaction.objectStore(table).getAll();
        read.onsuccess = () => {
          result[table] = read.result as Row[];
          resolve();
        };
        read.onerror = () => reject(read.error);
      })));
      return result;
    } finally {
      database.close();
    }
  }, { name: DATABASE, wanted: [...tables] as string[] }) as Promise<Record<T, Row[]>>;
}

/** The device's meta values (checkpoints, the account that owns the tables, the door mark). */
export async function deviceMeta(page: Page): Promise<Record<string, unknown>> {
  const { meta } = await deviceTables(page, ['meta']);
  return Object.fromEntries(meta.map((row) => [String(row.key), row.value]));
}

/** Whether this tab holds the sync leader's lock: the tab takes a lock of its own to learn its client id, then compares. */
export function holdsLeaderLock(page: Page): Promise<boolean> {
  return inPage(page, () => page.evaluate(async (leaderLock) => {
    const probe = `probe-${Math.random().toString(36).slice(2)}`;
    let release = () => {};
    const releasing = new Promise<void>((resolve) => { release = resolve; });
    await new Promise<void>((acquired) => {
      void navigator.locks.request(probe, () => {
        acquired();
        return releasing;
      });
    });
    try {
      const state = await navigator.locks.query();
      const mine = state.held?.find((lock) => lock.name === probe)?.clientId;
      const leader = state.held?.find((lock) => lock.name === leaderLock)?.clientId;
      return mine !== undefined && mine === leader;
    } finally {
      release();
    }
  }, LEADER_LOCK));
}

/** The one tab of `tabs` that syncs, once the device has settled on one. */
export async function leaderTab(tabs: readonly Page[], timeout = 20_000): Promise<Page> {
  let leader: Page | undefined;
  await expect.poll(async () => {
    const holds = await Promise.all(tabs.map((tab) => holdsLeaderLock(tab).catch(() => false)));
    leader = holds.filter(Boolean).length === 1 ? tabs[holds.indexOf(true)] : undefined;
    return holds.filter(Boolean).length;
  }, { timeout, message: 'exactly one tab holds the sync leader lock' }).toBe(1);
  return leader as Page;
}

/** Asks the tab for a sync pass, as coming back to the app or the network returning would. */
export const nudge = (page: Page) => inPage(page, () => page.evaluate(() => {
  window.dispatchEvent(new Event('online'));
  window.dispatchEvent(new Event('focus'));
}));

/**
 * Waits for the door to show its list of `attendees` on the device. The list
 * line needs the masterclass's facts too, which the door reads again only
 * every 30 s after a failed read: on a faulty network the door's Refresh list
 * is pressed meanwhile, as door staff would.
 */
export async function waitForDoorList(page: Page, attendees: number): Promise<void> {
  const line = page.getByText(`List of ${attendees} attendees kept on this device`);
  const refresh = page.getByRole('button', { name: 'Refresh list' });
  await expect.poll(async () => {
    if (await line.isVisible()) return true;
    if (await refresh.isEnabled({ timeout: 1_000 }).catch(() => false)) await refresh.click({ timeout: 5_000 }).catch(() => undefined);
    return line.isVisible();
  }, { timeout: 90_000, intervals: [5_000], message: `the door lists ${attendees} attendees` }).toBe(true);
}

/** The door page (/admin/check-in) of one masterclass, named `deviceName` on this device, once its list is on the device. */
export async function openDoor(page: Page, baseUrl: string, eventId: string, deviceName: string, attendees: number): Promise<void> {
  await page.addInitScript((name) => window.localStorage.setItem('door_device_name', name), deviceName);
  await page.goto(`${baseUrl}/admin/check-in?event=${eventId}`);
  await waitForDoorList(page, attendees);
}

/**
 * Checks `fullName` in with the door's name search and waits for the door's
 * answer: 'admitted' (green, a new check-in), 'conflict' (amber: a new
 * check-in here, and the device already knows another device checked the same
 * person in) or 'already' (red: this device already holds a check-in of them,
 * nothing new is stored). A green card turns amber once the other device's
 * check-in reaches this one, so the card is read once and that colour decides.
 */
export async function checkInByName(page: Page, fullName: string): Promise<'admitted' | 'conflict' | 'already'> {
  const result = page.locator('[data-result]');
  const before = (await result.count()) > 0 ? await result.getAttribute('data-result-seq') : null;
  await page.getByRole('textbox', { name: 'Search by name' }).fill(fullName);
  // A minute at most: the door lists its attendees on the device, so a missing button is a fault to report, not a wait.
  await page.getByRole('button', { name: `Check in ${fullName}`, exact: true }).click({ timeout: 60_000 });
  // The answer is the device's own (no request waits before it), but a loaded runner may take seconds to render it.
  const settles = { timeout: 60_000 };
  await expect(result).toContainText(fullName, settles);
  if (before !== null) await expect(result).not.toHaveAttribute('data-result-seq', before, settles);
  const colour = await result.getAttribute('data-result');
  if (colour === 'green' || colour === 'amber') {
    await expect(result).toContainText(`Checked in — ${fullName}`, settles);
    if (colour === 'green') return 'admitted';
    await expect(result).toContainText('Conflict: checked in on two devices', settles);
    return 'conflict';
  }
  await expect(result).toContainText(`Already checked in — ${fullName}`, settles);
  return 'already';
}
