// The sales-opening rush: one PocketBase as it runs in production (APP_ENV=production,
// every rate limit on at its default, TRUSTED_PROXY_HEADERS=X-Forwarded-For so each
// visitor is its own client, Stripe through stripe-mock, mail to a local SMTP server)
// opens sales for 50 seats while 2,000 visitors, each from its own address, arrive
// within 60 seconds (evenly; `--front-loaded` sends most of them in the first seconds). Each visitor loads the landing page (`GET /`, the prerendered
// page the server fills with the masterclass) and the event summary it reads
// (`GET /api/masterclass/event`), then registers. Three modes, each on a masterclass
// of its own:
//   paid     — every visitor asks for one seat through Stripe's checkout;
//   promo    — every visitor registers with a promo code good for everyone;
//   waitlist — as the page does: a visitor whose summary shows seats left asks for a
//              paid seat, and one told the seats are gone joins the waitlist.
// Checked: exactly 50 seats sold or held (counted in the database afterwards), every
// refusal a 4xx whose body says why in words, no 5xx; response times p50/p95/p99
// (goal: p95 ≤ 1 s). `runRush` is shared with tests/server/rush.test.ts (300 visitors).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import PocketBase from 'pocketbase';
import { SMTPServer } from 'smtp-server';
import { freePort, startPocketBase, upsertSuperuser } from '../scripts/lib/pocketbase-process.mjs';
import { ensureGoTool } from '../scripts/lib/test-tools.mjs';
import { distDir } from '../scripts/lib/paths.mjs';

export const RUSH_PROMO_CODE = 'RUSHOPENING';
const DAY_MS = 86_400_000;

/** The server's settings for a rush: production's, with the client's address taken from X-Forwarded-For. */
export const RUSH_ENV = {
  APP_ENV: 'production',
  RATE_LIMITS: 'on',
  TRUSTED_PROXY_HEADERS: 'X-Forwarded-For',
  TRUSTED_PROXY_USE_LEFTMOST_IP: '',
  SIMULATED_CHECKOUT: '',
};

/** A database date string (PocketBase's form) `days` from now. */
const dbDate = (ms) => new Date(ms).toISOString().replace('T', ' ');

/**
 * A published masterclass with sales open, `seats` seats, starting `daysAhead` days from
 * now (a rush's masterclass starts before the ones made earlier, so it is the featured one
 * and the landing page shows it).
 * @param {PocketBase} su a superuser's client
 */
export async function createRushEvent(su, { seats, daysAhead, title }) {
  const start = Date.now() + daysAhead * DAY_MS;
  return su.collection('events').create({
    title,
    slug: `rush-${randomBytes(4).toString('hex')}`,
    starts_at: dbDate(start),
    ends_at: dbDate(start + 3 * 3_600_000),
    timezone: 'Australia/Adelaide',
    location: 'Adelaide',
    venue: 'Adelaide Convention Centre',
    capacity: seats,
    price_cents: 49_500,
    currency: 'AUD',
    sales_state: 'open',
    portal_unlock_at: dbDate(start - 7 * DAY_MS),
    published: true,
    max_per_registration: 10,
  });
}

/** A promo code good for every visitor of the rush's masterclass. */
export async function createRushPromo(su, eventId, code = RUSH_PROMO_CODE) {
  return su.collection('promo_codes').create({
    code, event: eventId, max_uses: 1_000_000, used_count: 0, active: true, expires_at: dbDate(Date.now() + DAY_MS),
  });
}

function visitorAttendee(mode, index) {
  const tag = `${mode}-${index}-${randomBytes(4).toString('hex')}`;
  return {
    fullName: `Rush Visitor ${index}`,
    email: `rush-${tag}@example.com`,
    company: 'Rush Co',
    jobTitle: 'Analyst',
    phoneNumber: '+61 400 000 000',
    role: 'Senior Manager',
    dietaryRequirements: '',
  };
}

function registrationBody(mode, index, { promoCode }) {
  const body = { mode, attendees: [visitorAttendee(mode, index)], privacyConsent: true, marketingConsent: false, requestId: randomBytes(16).toString('hex') };
  if (mode === 'promo') body.promoCode = promoCode;
  return body;
}

/** Visitor `index`'s own address: 10.<block>.<hi>.<lo>, a block per rush so no two rushes share one. */
export function visitorAddress(block, index) {
  return `10.${block}.${Math.floor(index / 250)}.${(index % 250) + 1}`;
}

/**
 * Arrival offsets within the window: `uniform` spreads the visitors evenly over it;
 * `front-loaded`, as when a crowd waits for the opening, puts the visitor at quantile u at
 * window·u², so about 29 % come in the first twelfth of the window and 41 % in the first sixth.
 */
export function arrivalOffsets(visitors, windowMs, arrivals = 'uniform') {
  const at = arrivals === 'front-loaded' ? (u) => u ** 2 : (u) => u;
  return Array.from({ length: visitors }, (_, index) => Math.round(windowMs * at((index + 0.5) / visitors)));
}

export const ARRIVALS = {
  uniform: 'uniform: the visitors spread evenly over the window (2,000 in 60 s: one every 30 ms)',
  'front-loaded': 'front-loaded: the visitor at quantile u arrives at window·u² (about 29 % in the first 5 s of 60, 41 % in the first 10 s)',
};

function percentile(sorted, fraction) {
  if (sorted.length === 0) return null;
  return Number(sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)].toFixed(1));
}

export function latencySummary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return { requests: sorted.length, p50Ms: percentile(sorted, 0.5), p95Ms: percentile(sorted, 0.95), p99Ms: percentile(sorted, 0.99), maxMs: percentile(sorted, 1) };
}

/** What a refusal says: PocketBase's error shape, the field's own message first. */
function refusalWords(body) {
  if (!body || typeof body !== 'object') return { code: '', message: '' };
  const fields = body.data && typeof body.data === 'object' ? Object.values(body.data) : [];
  const field = fields.find((value) => value && typeof value === 'object' && typeof value.message === 'string');
  return { code: field && typeof field.code === 'string' ? field.code : '', message: String((field && field.message) || body.message || '').trim() };
}

/**
 * One rush against a running server: `visitors` visitors arrive over `windowMs`, each
 * loads the landing page and the event summary and registers in `mode`. Returns what
 * every request answered, the refusals grouped by status and words, and the latencies.
 * @param {{ url: string, mode: 'paid'|'promo'|'waitlist', eventId: string, visitors: number, windowMs: number,
 *   addressBlock: number, promoCode?: string, landing?: boolean }} options
 */
export async function runRush({ url, mode, eventId, visitors, windowMs, addressBlock, promoCode = RUSH_PROMO_CODE, landing = true, arrivals = 'uniform' }) {
  const offsets = arrivalOffsets(visitors, windowMs, arrivals);
  const latencies = { landing: [], event: [], register: [] };
  /** @type {Record<string, number>} */
  const statuses = {};
  /** @type {Record<string, number>} */
  const refusals = {};
  /** @type {string[]} */
  const problems = [];
  const outcomes = { held: 0, confirmed: 0, waitlisted: 0, refused: 0, failed: 0 };
  const count = (kind, status) => { statuses[`${kind} ${status}`] = (statuses[`${kind} ${status}`] || 0) + 1; };

  const request = async (kind, address, pathName, init = {}) => {
    const started = performance.now();
    try {
      const response = await fetch(`${url}${pathName}`, { ...init, headers: { 'X-Forwarded-For': address, ...init.headers } });
      const text = await response.text();
      latencies[kind].push(performance.now() - started);
      count(kind, response.status);
      let body = null;
      if ((response.headers.get('content-type') || '').includes('json')) {
        try { body = JSON.parse(text); } catch { body = null; }
      }
      return { status: response.status, body, text };
    } catch (error) {
      latencies[kind].push(performance.now() - started);
      count(kind, 'network');
      problems.push(`${kind}: ${error.message}`);
      return { status: 0, body: null, text: '' };
    }
  };

  const register = async (address, body) => {
    const answer = await request('register', address, '/api/masterclass/registrations', {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
    });
    if (answer.status >= 400 && answer.status < 500) {
      const words = refusalWords(answer.body);
      const key = `${answer.status} ${words.code || '-'}: ${words.message || '(no message)'}`;
      refusals[key] = (refusals[key] || 0) + 1;
      if (!words.message) problems.push(`a ${answer.status} refusal without a message: ${answer.text.slice(0, 200)}`);
    } else if (answer.status >= 500 || answer.status === 0) {
      problems.push(`register answered ${answer.status}: ${answer.text.slice(0, 200)}`);
    }
    return answer;
  };

  const visitor = async (index) => {
    const address = visitorAddress(addressBlock, index);
    if (landing) {
      const page = await request('landing', address, '/');
      if (page.status !== 200) problems.push(`GET / answered ${page.status}`);
    }
    const summary = await request('event', address, `/api/masterclass/event?event=${encodeURIComponent(eventId)}`);
    if (summary.status !== 200) problems.push(`GET /api/masterclass/event answered ${summary.status}`);
    const body = registrationBody(mode === 'waitlist' ? 'paid' : mode, index, { promoCode });
    body.event = eventId;
    // The page offers the waitlist when the summary shows no seat left, and after a sold-out answer.
    const seatsShown = summary.body && typeof summary.body.seats_left === 'number' ? summary.body.seats_left : 1;
    const seatsGone = mode === 'waitlist' && seatsShown === 0;
    const answer = seatsGone ? null : await register(address, body);
    if (mode === 'waitlist' && (seatsGone || (answer.status === 409 && refusalWords(answer.body).code === 'sold_out'))) {
      const waitlistBody = registrationBody('waitlist', index, {});
      waitlistBody.attendees = body.attendees;
      waitlistBody.event = eventId;
      const joined = await register(address, waitlistBody);
      if (joined.status === 201) outcomes.waitlisted += 1;
      else if (joined.status >= 400 && joined.status < 500) outcomes.refused += 1;
      else outcomes.failed += 1;
      return;
    }
    if (answer.status === 201) outcomes[mode === 'promo' ? 'confirmed' : 'held'] += 1;
    else if (answer.status >= 400 && answer.status < 500) outcomes.refused += 1;
    else outcomes.failed += 1;
  };

  const started = performance.now();
  await Promise.all(offsets.map((offset, index) => new Promise((resolve) => {
    setTimeout(() => visitor(index).then(resolve, (error) => { problems.push(String(error)); resolve(); }), offset);
  })));
  const seconds = (performance.now() - started) / 1000;
  const all = [...latencies.landing, ...latencies.event, ...latencies.register];
  const serverErrors = Object.entries(statuses).filter(([key]) => /\s(5\d\d|network)$/.test(key)).reduce((sum, [, n]) => sum + n, 0);
  return {
    mode,
    visitors,
    windowSeconds: windowMs / 1000,
    tookSeconds: Number(seconds.toFixed(1)),
    outcomes,
    statuses,
    refusals,
    serverErrors,
    refusalsWithoutMessage: problems.filter((problem) => problem.startsWith('a 4')).length,
    problems: problems.slice(0, 20),
    latency: { all: latencySummary(all), landing: latencySummary(latencies.landing), event: latencySummary(latencies.event), register: latencySummary(latencies.register) },
  };
}

/**
 * What the database holds for the rush's masterclass afterwards: confirmed attendees,
 * seats held by unpaid checkouts still inside their hold, waitlisted rows, registrations.
 * @param {PocketBase} su
 */
export async function countSeats(su, eventId) {
  const total = async (collection, filter) => (await su.collection(collection).getList(1, 1, { filter, skipTotal: false })).totalItems;
  const now = dbDate(Date.now());
  const holds = await su.collection('registrations').getFullList({
    filter: su.filter("event = {:event} && kind = 'paid' && status = 'pending' && hold_expires_at > {:now}", { event: eventId, now }),
    fields: 'held_seats',
  });
  const confirmed = await total('attendees', su.filter("event = {:event} && registration_status = 'confirmed'", { event: eventId }));
  const held = holds.reduce((sum, row) => sum + row.held_seats, 0);
  return {
    confirmed,
    held,
    seatsTaken: confirmed + held,
    waitlisted: await total('attendees', su.filter("event = {:event} && registration_status = 'waitlisted'", { event: eventId })),
    registrations: await total('registrations', su.filter('event = {:event}', { event: eventId })),
  };
}

// stripe-mock, as the tests build and run it (scripts/lib/test-tools.mjs: the same module and
// version), without its recording proxy: the benchmark only needs Stripe to answer.
export async function startStripeMockProcess() {
  const bin = ensureGoTool('stripe-mock');
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const child = spawn(bin, ['-http-addr', `127.0.0.1:${httpPort}`, '-https-addr', `127.0.0.1:${httpsPort}`], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${httpPort}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('stripe-mock exited');
    try {
      if ((await fetch(`${url}/v1/balance`, { headers: { Authorization: 'Bearer sk_test_123' } })).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`stripe-mock did not answer at ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  return {
    url,
    stop: () => new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    }),
  };
}

/** An SMTP server that accepts and counts every message, as a mail provider would. */
export async function startSmtpSink() {
  let accepted = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => { accepted += 1; callback(); });
    },
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { port, accepted: () => accepted, stop: () => new Promise((resolve) => server.close(resolve)) };
}

const loadAverage = () => os.loadavg().map((value) => Number(value.toFixed(2)));

/** The server's peak resident memory so far (Linux /proc), in MB, or null elsewhere. */
function peakMemoryMb(pid) {
  try {
    const kilobytes = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return Number.isFinite(kilobytes) ? Math.round(kilobytes / 1024) : null;
  } catch {
    return null;
  }
}

/**
 * @param {{ visitors?: number, seats?: number, windowSeconds?: number, modes?: string[], publicDir?: string }} [options]
 */
export async function benchmarkRush({ visitors = 2000, seats = 50, windowSeconds = 60, modes = ['paid', 'promo', 'waitlist'], arrivals = 'uniform', publicDir = distDir } = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'masterclass-bench-rush-'));
  const superuser = { email: 'bench@example.com', password: randomBytes(12).toString('hex') };
  const stripeMock = await startStripeMockProcess();
  const smtp = await startSmtpSink();
  const env = {
    ...RUSH_ENV,
    STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: 'whsec_rush', STRIPE_API_BASE: stripeMock.url,
    SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_USER: '', SMTP_PASSWORD: '', SMTP_TLS: '',
    MAIL_FROM: 'Masterclass Team <team@masterclass.example.com>',
  };
  upsertSuperuser({ dataDir, ...superuser, env });
  const server = await startPocketBase({ dataDir, httpAddr: `127.0.0.1:${await freePort()}`, env, publicDir });
  try {
    const su = new PocketBase(server.url);
    su.autoCancellation(false);
    await su.collection('_superusers').authWithPassword(superuser.email, superuser.password);
    const results = {};
    for (const [index, mode] of modes.entries()) {
      const event = await createRushEvent(su, { seats, daysAhead: 60 - index * 10, title: `RUSH ${mode.toUpperCase()}` });
      if (mode === 'promo') await createRushPromo(su, event.id);
      const loadBefore = loadAverage();
      const mailBefore = smtp.accepted();
      const rush = await runRush({ url: server.url, mode, eventId: event.id, visitors, windowMs: windowSeconds * 1000, addressBlock: 10 + index, arrivals });
      const database = await countSeats(su, event.id);
      results[mode] = {
        ...rush,
        database,
        mailAccepted: smtp.accepted() - mailBefore,
        loadAverage: { before: loadBefore, after: loadAverage() },
        serverPeakMemoryMbSoFar: peakMemoryMb(server.child.pid),
        checks: {
          exactlySeatsTaken: database.seatsTaken === seats,
          noServerErrors: rush.serverErrors === 0,
          everyRefusalSaysWhy: rush.refusalsWithoutMessage === 0 && Object.keys(rush.statuses).every((key) => !/^register (5\d\d|network)$/.test(key)),
          // a crowd for a sold-out masterclass should hear only that (a 404 for the published masterclass is a wrong answer)
          onlySoldOutRefusals: Object.keys(rush.refusals).every((key) => key.startsWith('409 sold_out:')),
          everyPageAndSummaryAnswered: rush.statuses['landing 200'] === visitors && rush.statuses['event 200'] === visitors,
          p95WithinGoal: rush.latency.all.p95Ms <= 1000,
        },
      };
      console.log(`Rush, ${mode}: ${JSON.stringify({ outcomes: rush.outcomes, database, p95: rush.latency.all.p95Ms, checks: results[mode].checks })}`);
    }
    return {
      setup: {
        visitors, seats, windowSeconds,
        arrivals: ARRIVALS[arrivals],
        server: `one PocketBase, APP_ENV=production, rate limits on at their defaults, TRUSTED_PROXY_HEADERS=X-Forwarded-For (each visitor its own address), --hooksPool ${process.env.HOOKS_POOL || 200} (API requests at once: ${process.env.API_CONCURRENCY || 'a third of that'})`,
        checkout: 'Stripe through stripe-mock (the simulated checkout is refused in production)',
        mail: 'SMTP to a local server that accepts every message (emails sent after each commit, as in production)',
        visitor: 'GET / (the prerendered landing page), GET /api/masterclass/event, then POST /api/masterclass/registrations',
        cpus: os.cpus().length,
      },
      ...results,
      goalsMet: Object.fromEntries(Object.entries(results).map(([mode, result]) => [mode, Object.values(result.checks).every(Boolean)])),
    };
  } finally {
    await server.stop();
    await stripeMock.stop();
    await smtp.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function historyLine(result) {
  const modes = ['paid', 'promo', 'waitlist'].filter((mode) => result[mode]);
  return {
    measuredAt: result.measuredAt,
    bench: 'rush',
    visitors: result.setup.visitors,
    ...Object.fromEntries(modes.flatMap((mode) => [
      [`${mode}P95Ms`, result[mode].latency.all.p95Ms],
      [`${mode}SeatsTaken`, result[mode].database.seatsTaken],
      [`${mode}ServerErrors`, result[mode].serverErrors],
    ])),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { runAlone } = await import('./lib/runAlone.mjs');
  const visitorsAt = process.argv.indexOf('--visitors');
  const visitors = visitorsAt > 0 ? Number(process.argv[visitorsAt + 1]) : 2000;
  const arrivals = process.argv.includes('--front-loaded') ? 'front-loaded' : 'uniform';
  await runAlone(import.meta.url, 'rush', ({ publicDir }) => benchmarkRush({ visitors, arrivals, publicDir }), historyLine);
}
