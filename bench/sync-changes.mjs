// GET /api/sync/changes on the server alone: a signed-in attendee's full pull
// of a use case library of 10,000 rows in pages of 500 (from after=0 until
// `more` is false), timed from the first request to the last answer parsed,
// three pulls in a row; and the answer of a pull with nothing new (a quiet
// collection's checkpoint moving forward). Goal: the full pull ≤ 1.5 s — the
// device's whole first pull, storing included, is measured by use-case-search.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { distDir, root } from '../scripts/lib/paths.mjs';
import { freePort, startPocketBase, upsertSuperuser } from '../scripts/lib/pocketbase-process.mjs';
import { api } from './lib/browser.mjs';

const USE_CASES = 10_000;
const PAGE_SIZE = 500;
const BATCH = 500;
const PULLS = 3;
const GOALS = { fullPullMs: 1500 };

/** The seeded library (a PocketBase hook module, CommonJS), repeated with numbered titles. */
function useCases(count) {
  const module = { exports: [] };
  vm.runInNewContext(readFileSync(path.join(root, 'pb_hooks/lib/seed/use-cases.js'), 'utf8'), { module });
  const seeds = module.exports;
  return Array.from({ length: count }, (_, index) => {
    const base = seeds[index % seeds.length];
    return { ...base, title: `${base.title} ${index + 1}`.slice(0, 200) };
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const round = (value) => Math.round(value * 10) / 10;

export async function benchmarkSyncChanges({ publicDir = distDir } = {}) {
  const loadAverageAtStart = os.loadavg().map((value) => Math.round(value * 100) / 100);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'masterclass-bench-'));
  const superuser = { email: 'bench-superuser@example.com', password: `bench-${Date.now()}-pass` };
  upsertSuperuser({ dataDir, ...superuser });
  const server = await startPocketBase({ dataDir, httpAddr: `127.0.0.1:${await freePort()}`, publicDir, env: { RATE_LIMITS: 'off' } });
  try {
    const admin = await api(`${server.url}/api/collections/_superusers/auth-with-password`, { body: { identity: superuser.email, password: superuser.password } });
    await api(`${server.url}/api/settings`, { method: 'PATCH', token: admin.token, body: { batch: { enabled: true, maxRequests: BATCH, timeout: 60, maxBodySize: 0 } } });
    const seedStarted = performance.now();
    const rows = useCases(USE_CASES);
    for (let start = 0; start < rows.length; start += BATCH) {
      const requests = rows.slice(start, start + BATCH).map((body) => ({ method: 'POST', url: '/api/collections/ai_use_cases/records', body }));
      await api(`${server.url}/api/batch`, { token: admin.token, body: { requests } });
    }
    const seedMs = Math.round(performance.now() - seedStarted);

    const user = { email: 'bench-attendee@example.com', password: 'bench-attendee-pass' };
    await api(`${server.url}/api/collections/users/records`, { token: admin.token, body: { ...user, passwordConfirm: user.password, role: 'attendee', verified: true } });
    const { token } = await api(`${server.url}/api/collections/users/auth-with-password`, { body: { identity: user.email, password: user.password } });

    const pulls = [];
    let checkpoint = 0;
    for (let run = 0; run < PULLS; run += 1) {
      const pageMs = [];
      let after = 0;
      let records = 0;
      let bytes = 0;
      const started = performance.now();
      for (;;) {
        const pageStarted = performance.now();
        const response = await fetch(`${server.url}/api/sync/changes?collection=ai_use_cases&after=${after}&limit=${PAGE_SIZE}`, { headers: { Authorization: token } });
        const text = await response.text();
        const page = JSON.parse(text);
        pageMs.push(performance.now() - pageStarted);
        bytes += text.length;
        records += page.records.length;
        after = page.last;
        if (!page.more) break;
      }
      checkpoint = after;
      pulls.push({ ms: Math.round(performance.now() - started), records, pages: pageMs.length, bytes, pageP50Ms: round(percentile(pageMs, 50)), pageP95Ms: round(percentile(pageMs, 95)) });
    }
    if (pulls.some((pull) => pull.records < USE_CASES)) throw new Error(`A pull got fewer than ${USE_CASES} use cases: ${JSON.stringify(pulls)}`);

    const quietStarted = performance.now();
    const quiet = await (await fetch(`${server.url}/api/sync/changes?collection=ai_use_cases&after=${checkpoint}&limit=${PAGE_SIZE}`, { headers: { Authorization: token } })).json();
    const quietMs = round(performance.now() - quietStarted);

    const fullPullMs = median(pulls.map((pull) => pull.ms));
    return {
      loadAverageAtStart,
      useCases: pulls[0].records,
      pageSize: PAGE_SIZE,
      seedMs,
      fullPullMs,
      pulls,
      quietPull: { ms: quietMs, records: quiet.records?.length ?? null, more: quiet.more ?? null },
      goals: GOALS,
      goalsMet: { fullPullMs: fullPullMs <= GOALS.fullPullMs },
    };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
