// Two tabs of one browser, one sync leader: how long a change made in one tab
// takes to show in the other, in the real browser against a real PocketBase.
// One signed-in attendee has /dashboard/profile-settings open in two pages of
// one browser context (tab A opened first holds the leader lock and runs the
// engine; tab B follows, reading IndexedDB through live queries). Each change
// is a new Full Name typed and saved in one tab: from the Save Changes click
// (the form's submit) to the other tab's Full Name field showing the new
// value (React writing it into the field), CHANGES times in each direction (made in the leader,
// made in the follower), p50/p95/max; and how long the same change took to
// reach the server. Then the same name changed from outside (a superuser's
// PATCH through the records API, as the PocketBase dashboard does): from the
// request to the new value shown in each tab (realtime message to the leader,
// stored in IndexedDB, live queries in both tabs). At the end both tabs, the
// device and the server must hold the last value.
import os from 'node:os';
import { distDir } from '../scripts/lib/paths.mjs';
import { runAlone } from './lib/runAlone.mjs';
import { api, startBenchRig } from './lib/browser.mjs';

const CHANGES = 20;
/** Beyond this, a change counts as never shown (and the run reports it). */
const SHOW_TIMEOUT_MS = 15_000;

/** Wall-clock milliseconds with sub-millisecond precision; the pages use the same clock (performance.timeOrigin + now). */
const now = () => performance.timeOrigin + performance.now();
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const round = (value) => Math.round(value * 10) / 10;
function summary(values) {
  const shown = values.filter((value) => value !== null);
  if (shown.length === 0) return { n: 0, missed: values.length };
  return { n: shown.length, missed: values.length - shown.length, p50Ms: round(percentile(shown, 50)), p95Ms: round(percentile(shown, 95)), maxMs: round(Math.max(...shown)) };
}

/**
 * In the page, before the app loads: notes when each new value is first written into an input (React
 * writes a controlled field's value through this setter when it commits). This is the time the
 * field shows it: headless Chromium draws frames irregularly in a page the benchmark is not acting on
 * (requestAnimationFrame ran twice in a second in such a page), so a frame is no clock here.
 */
function installValueClock() {
  const descriptor = Object.getOwnPropertyDescriptor(globalThis.HTMLInputElement.prototype, 'value');
  const seen = new Map();
  globalThis.__valuesSeen = seen;
  Object.defineProperty(globalThis.HTMLInputElement.prototype, 'value', {
    configurable: true,
    enumerable: descriptor.enumerable,
    get() {
      return descriptor.get.call(this);
    },
    set(value) {
      descriptor.set.call(this, value);
      if (typeof value === 'string' && value.startsWith('Bench ') && !seen.has(value)) seen.set(value, performance.timeOrigin + performance.now());
    },
  });
}

/** In the page: resolves with the time the Full Name field first showed `expected` (null after the timeout). */
function watchFullName([expected, timeoutMs]) {
  const started = performance.now();
  return new Promise((resolve) => {
    const check = () => {
      const label = [...globalThis.document.querySelectorAll('label')].find((element) => element.textContent.trim().startsWith('Full Name'));
      if (label?.control?.value === expected) return resolve(globalThis.__valuesSeen.get(expected) ?? performance.timeOrigin + performance.now());
      if (performance.now() - started > timeoutMs) return resolve(null);
      setTimeout(check, 5);
    };
    check();
  });
}

/** In the page: the Save Changes click's time (the form's submit), kept for the benchmark. */
function installSubmitClock() {
  globalThis.document.addEventListener('submit', () => {
    globalThis.__submittedAt = performance.timeOrigin + performance.now();
  }, true);
}

/** In the page: the profile row on this device and the outbox's length. */
function deviceState(userId) {
  return new Promise((resolve) => {
    const open = globalThis.indexedDB.open('masterclass');
    open.onerror = () => resolve(null);
    open.onsuccess = () => {
      const database = open.result;
      const transaction = database.transaction(['profiles', 'outbox']);
      const profile = transaction.objectStore('profiles').get(userId);
      const outbox = transaction.objectStore('outbox').count();
      transaction.oncomplete = () => {
        database.close();
        resolve({ fullName: profile.result?.full_name ?? null, outbox: outbox.result });
      };
    };
  });
}

/** Polls the server until the user's full name is `expected`; the time it was first seen (null after the timeout). */
async function serverShows(url, token, userId, expected) {
  const deadline = Date.now() + SHOW_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const record = await api(`${url}/api/collections/users/records/${userId}?fields=full_name`, { method: 'GET', token });
    if (record.full_name === expected) return now();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return null;
}

const fullNameValue = (page) => page.evaluate(() => [...globalThis.document.querySelectorAll('label')].find((element) => element.textContent.trim().startsWith('Full Name'))?.control?.value ?? null);

/** One change typed and saved in `from`: when the other tab shows it, and when the server has it. */
async function changeInTab(from, to, value, server, su, userId) {
  const shownElsewhere = to.evaluate(watchFullName, [value, SHOW_TIMEOUT_MS]);
  await from.getByLabel('Full Name').fill(value);
  await from.evaluate(() => { globalThis.__submittedAt = null; });
  await from.getByRole('button', { name: 'Save Changes' }).click();
  const submittedAt = await from.evaluate(() => globalThis.__submittedAt);
  const [otherTab, onServer] = await Promise.all([shownElsewhere, serverShows(server.url, su.token, userId, value)]);
  return { otherTabMs: otherTab === null ? null : otherTab - submittedAt, serverMs: onServer === null ? null : onServer - submittedAt };
}

/** One change made through the API by a superuser: when each tab shows it. */
async function changeFromServer(pages, value, server, su, userId) {
  const shown = pages.map((page) => page.evaluate(watchFullName, [value, SHOW_TIMEOUT_MS]));
  const sentAt = now();
  await api(`${server.url}/api/collections/users/records/${userId}`, { method: 'PATCH', token: su.token, body: { full_name: value } });
  const seen = await Promise.all(shown);
  return seen.map((at) => (at === null ? null : at - sentAt));
}

/** The line `npm run bench` appends to bench/results/history.jsonl. */
export function historyLine(result) {
  const line = { measuredAt: result.measuredAt, bench: 'sync-tabs', changes: result.changes };
  for (const [name, figures] of Object.entries(result.toOtherTab)) {
    line[`${name}P50Ms`] = figures.p50Ms;
    line[`${name}P95Ms`] = figures.p95Ms;
  }
  return { ...line, missed: result.missed, consistent: result.end.consistent, loadAverageAtStart: result.loadAverageAtStart };
}

export async function benchmarkSyncTabs({ publicDir = distDir } = {}) {
  const rig = await startBenchRig({ publicDir, env: { RATE_LIMITS: 'off' } });
  const { loadAverageAtStart, server, browser } = rig;
  try {
    const su = { token: rig.superuserToken };
    const user = { email: 'bench-tabs@example.com', password: 'bench-tabs-pass-1234', full_name: 'Bench Attendee' };
    const created = await api(`${server.url}/api/collections/users/records`, { token: su.token, body: { ...user, passwordConfirm: user.password, role: 'attendee', verified: true } });
    const auth = await api(`${server.url}/api/collections/users/auth-with-password`, { body: { identity: user.email, password: user.password } });

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    await context.addInitScript((stored) => {
      if (!globalThis.localStorage.getItem('pocketbase_auth')) globalThis.localStorage.setItem('pocketbase_auth', stored);
    }, JSON.stringify({ token: auth.token, record: auth.record }));
    await context.addInitScript(installSubmitClock);
    await context.addInitScript(installValueClock);
    // The tab holding the engine is the one that talks to the server: it alone opens the realtime stream and pulls.
    const serverCalls = new Map();
    const open = async (name) => {
      const page = await context.newPage();
      serverCalls.set(page, 0);
      page.on('request', (request) => {
        if (request.url().includes('/api/realtime') || request.url().includes('/api/sync/changes')) serverCalls.set(page, serverCalls.get(page) + 1);
      });
      await page.goto(`${server.url}/dashboard/profile-settings`);
      await page.getByLabel('Full Name').waitFor({ timeout: 60_000 });
      if (await page.evaluate(watchFullName, [user.full_name, SHOW_TIMEOUT_MS]) === null) throw new Error(`Tab ${name} never showed the profile`);
      return page;
    };
    const tabA = await open('A');
    const tabB = await open('B');
    // Both settled (the leader's first pass, realtime connected), then who talks to the server from here on.
    await tabB.waitForTimeout(2000);
    for (const page of [tabA, tabB]) serverCalls.set(page, 0);
    await tabB.evaluate(() => globalThis.dispatchEvent(new Event('focus')));
    await tabA.evaluate(() => globalThis.dispatchEvent(new Event('focus')));
    await tabB.waitForTimeout(1500);
    const calls = { A: serverCalls.get(tabA), B: serverCalls.get(tabB) };
    if ((calls.A > 0) === (calls.B > 0)) throw new Error(`Expected one tab to sync, saw server calls ${JSON.stringify(calls)}`);
    const [leader, follower] = calls.A > 0 ? [tabA, tabB] : [tabB, tabA];

    const runs = { leaderToFollower: [], followerToLeader: [], serverToLeader: [], serverToFollower: [] };
    const reachedServer = { fromLeader: [], fromFollower: [] };
    let last = user.full_name;
    for (let change = 0; change < CHANGES; change += 1) {
      last = `Bench Leader ${change}`;
      const fromLeader = await changeInTab(leader, follower, last, server, su, created.id);
      runs.leaderToFollower.push(fromLeader.otherTabMs);
      reachedServer.fromLeader.push(fromLeader.serverMs);
      await leader.waitForTimeout(200);
      last = `Bench Follower ${change}`;
      const fromFollower = await changeInTab(follower, leader, last, server, su, created.id);
      runs.followerToLeader.push(fromFollower.otherTabMs);
      reachedServer.fromFollower.push(fromFollower.serverMs);
      await leader.waitForTimeout(200);
    }
    for (let change = 0; change < CHANGES; change += 1) {
      last = `Bench Server ${change}`;
      const [toLeader, toFollower] = await changeFromServer([leader, follower], last, server, su, created.id);
      runs.serverToLeader.push(toLeader);
      runs.serverToFollower.push(toFollower);
      await leader.waitForTimeout(200);
    }

    // The end: both tabs, the device and the server hold the last value, nothing left to send.
    await leader.waitForTimeout(2000);
    const onServer = (await api(`${server.url}/api/collections/users/records/${created.id}`, { method: 'GET', token: su.token })).full_name;
    const end = {
      expected: last, server: onServer, leaderField: await fullNameValue(leader), followerField: await fullNameValue(follower),
      device: await leader.evaluate(deviceState, created.id),
    };
    end.consistent = [end.server, end.leaderField, end.followerField, end.device?.fullName].every((value) => value === last) && end.device?.outbox === 0;
    await context.close();

    const toOtherTab = Object.fromEntries(Object.entries(runs).map(([name, values]) => [name, summary(values)]));
    return {
      changes: CHANGES,
      leaderTab: leader === tabA ? 'A (opened first)' : 'B (opened second)',
      toOtherTab,
      reachedServer: Object.fromEntries(Object.entries(reachedServer).map(([name, values]) => [name, summary(values)])),
      missed: Object.values(runs).flat().filter((value) => value === null).length,
      samples: Object.fromEntries(Object.entries(runs).map(([name, values]) => [name, values.map((value) => (value === null ? null : round(value)))])),
      end,
      notes: {
        leaderToFollower: 'A new Full Name saved in the leader tab (the tab running the engine): from the Save Changes click (the form\'s submit) to the follower tab\'s field showing it (React writing the value into the field; headless Chromium draws frames irregularly in a tab the benchmark is not acting on, so no frame is waited for).',
        followerToLeader: 'The same, saved in the follower tab and shown in the leader tab.',
        serverToLeader: 'A superuser\'s PATCH of the user through the records API: from the request sent to the leader tab\'s field showing it (realtime message to the leader, stored in IndexedDB, its live query).',
        serverToFollower: 'The same change, to the follower tab\'s field (the leader stores it; the follower\'s live query reads IndexedDB).',
        reachedServer: 'From the Save Changes click to the server answering the new value (Node polling every 10 ms).',
      },
      loadAverageAtStart,
      cpus: os.cpus().length,
    };
  } finally {
    await rig.stop();
  }
}

// `node bench/sync-tabs.mjs [--dist <dir>] [--write]` (after `npm run build`): this benchmark alone.
await runAlone(import.meta.url, 'sync-tabs', benchmarkSyncTabs, historyLine);
