// The portal's pull of the use case library through the change sequence
// (GET /api/sync/changes), in the real browser against a real PocketBase:
// 10,000 use cases pulled into a fresh device's IndexedDB, from the first
// ai_use_cases request to 10,000 rows stored (`pullMs`, the median of RUNS
// devices, each a fresh browser context), what the server alone takes to
// answer the same pages (`serverMs`, read by Node one after the other), and
// what the next pass reads again once the library is on the device (nothing:
// `laterPass.records`). Goal: pull ≤ 1.5 s. Quick: one seeding, no index or typing.
import os from 'node:os';
import { distDir } from '../scripts/lib/paths.mjs';
import { countStoredUseCases, seedLibrary } from './use-case-search.mjs';
import { runAlone } from './lib/runAlone.mjs';
import { api, startBenchRig } from './lib/browser.mjs';

const RUNS = 5;
/** src/sync/syncedCollections.ts: the ai_use_cases page size. */
const PAGE_SIZE = 500;
const GOALS = { pullMs: 1500 };

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const isLibraryPull = (url) => url.includes('/api/sync/changes') && new URL(url).searchParams.get('collection') === 'ai_use_cases';

/** Every page of the library as the device asks for them, read by Node: the server's share. */
async function serverOnly(url, token) {
  const started = performance.now();
  let after = 0;
  let records = 0;
  let pages = 0;
  for (;;) {
    const page = await api(`${url}/api/sync/changes?collection=ai_use_cases&after=${after}&limit=${PAGE_SIZE}&full=1`, { method: 'GET', token });
    records += page.records.length;
    pages += 1;
    after = page.last;
    if (!page.more) break;
  }
  return { ms: Math.round(performance.now() - started), pages, records };
}

/** One fresh device signed in on /dashboard: the pull timed, then one more pass counted. */
async function pullOnce(browser, serverUrl, auth, total) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  try {
    await context.addInitScript((stored) => {
      if (!globalThis.localStorage.getItem('pocketbase_auth')) globalThis.localStorage.setItem('pocketbase_auth', stored);
    }, JSON.stringify({ token: auth.token, record: auth.record }));
    const page = await context.newPage();
    let startedAt = null;
    let requests = 0;
    page.on('request', (request) => {
      if (!isLibraryPull(request.url())) return;
      startedAt ??= Date.now();
      requests += 1;
    });
    await page.goto(`${serverUrl}/dashboard`);
    const deadline = Date.now() + 120_000;
    let stored = 0;
    while (stored < total) {
      if (Date.now() > deadline) throw new Error(`Only ${stored} of ${total} use cases reached the device`);
      stored = await page.evaluate(countStoredUseCases);
      if (stored < total) await page.waitForTimeout(25);
    }
    const pullMs = Date.now() - startedAt;
    const firstPassRequests = requests;
    // The next pass (as on focus or the minute's wake-up): what it reads again of the library.
    await page.waitForTimeout(1500);
    const laterBodies = [];
    page.on('response', async (response) => {
      if (isLibraryPull(response.url())) laterBodies.push(await response.json().catch(() => null));
    });
    await page.evaluate(() => globalThis.dispatchEvent(new Event('focus')));
    await page.waitForTimeout(2500);
    const storeMs = await page.evaluate(() => performance.getEntriesByName('sync:apply')
      .filter((entry) => entry.detail?.collection === 'ai_use_cases')
      .reduce((sum, entry) => sum + entry.duration, 0));
    return {
      pullMs, requests: firstPassRequests, storeMs: Math.round(storeMs),
      laterPass: { requests: laterBodies.length, records: laterBodies.reduce((sum, body) => sum + (body?.records?.length ?? 0), 0) },
    };
  } finally {
    await context.close();
  }
}

/** The line `npm run bench` appends to bench/results/history.jsonl. */
export function historyLine(result) {
  return {
    measuredAt: result.measuredAt, bench: 'sync-pull', useCases: result.useCases, pullMs: result.pullMs,
    storeMs: median(result.runs.map((run) => run.storeMs)), serverMs: result.serverMs,
    laterPassRecords: result.runs.reduce((sum, run) => sum + run.laterPass.records, 0), loadAverageAtStart: result.loadAverageAtStart,
  };
}

export async function benchmarkSyncPull({ publicDir = distDir } = {}) {
  const rig = await startBenchRig({ publicDir, env: { RATE_LIMITS: 'off' } });
  const { loadAverageAtStart, server, browser } = rig;
  try {
    const admin = { token: rig.superuserToken };
    await seedLibrary(server.url, admin.token);
    const total = (await api(`${server.url}/api/collections/ai_use_cases/records?perPage=1`, { method: 'GET', token: admin.token })).totalItems;
    // The portal (and its pull of the library) opens once it has unlocked.
    const events = await api(`${server.url}/api/collections/events/records`, { method: 'GET', token: admin.token });
    for (const event of events.items) {
      await api(`${server.url}/api/collections/events/records/${event.id}`, { method: 'PATCH', token: admin.token, body: { portal_unlock_at: '2025-01-01 00:00:00.000Z' } });
    }
    const user = { email: 'bench-attendee@example.com', password: 'bench-attendee-pass', full_name: 'Bench Attendee' };
    await api(`${server.url}/api/collections/users/records`, { token: admin.token, body: { ...user, passwordConfirm: user.password, role: 'attendee', verified: true } });
    const auth = await api(`${server.url}/api/collections/users/auth-with-password`, { body: { identity: user.email, password: user.password } });

    const server0 = await serverOnly(server.url, auth.token);
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) runs.push(await pullOnce(browser, server.url, auth, total));
    const pullMs = median(runs.map((run) => run.pullMs));
    return {
      useCases: total,
      pageSize: PAGE_SIZE,
      pullMs,
      runs,
      serverMs: server0.ms,
      server: server0,
      goals: GOALS,
      goalsMet: { pull: pullMs <= GOALS.pullMs },
      notes: 'pullMs: a fresh device on /dashboard, from its first GET /api/sync/changes?collection=ai_use_cases to 10,000 rows in IndexedDB (the median of the runs). storeMs: the time the page spent storing the library\'s pages (each page, its gone ids and its checkpoint in one transaction). serverMs: the same pages read by Node one after the other (the server\'s share, transfer on loopback included). laterPass: what the next pass (a focus) read of the library again.',
      loadAverageAtStart,
      cpus: os.cpus().length,
    };
  } finally {
    await rig.stop();
  }
}

// `node bench/sync-pull.mjs` (after `npm run build`; `--dist <dir>` for another build): this benchmark
// alone, printed (`--write`: also to bench/results/sync-pull.json and a line in history.jsonl, as `npm run bench` does).
await runAlone(import.meta.url, 'sync-pull', benchmarkSyncPull, historyLine);
