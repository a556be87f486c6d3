// The registration route's throughput beside raw PocketBase record creation,
// measured in the same run on the same server (50 concurrent clients): the
// ratio is the figure we track. Raw creation is a guest creating a
// contact_messages record (one row, one rule check); each registration mode
// validates, checks limits and capacity, and writes 2–7 rows in a
// transaction. Every request comes from its own client address (through
// X-Forwarded-For, as behind the production proxy); rate limits are switched
// off explicitly and seats and holds raised so nothing is refused. The
// server's CPU time per request is read from /proc for each kind. `rows` is a
// reference: a waitlist registration's four rows written by PocketBase's own
// batch API, nothing else.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import PocketBase from 'pocketbase';
import { freePort, startPocketBase, upsertSuperuser } from '../scripts/lib/pocketbase-process.mjs';
import { benchAttendee } from './registrations.mjs';

const BENCH_ENV = {
  SIMULATED_CHECKOUT: 'on', STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '', SMTP_HOST: '',
  RATE_LIMITS: 'off', HOLD_SEATS_PER_CLIENT: '100000000', HOLD_SEATS_PER_EMAIL: '100000000',
  // each request its own client address, as visitors arrive through the reverse proxy in production
  TRUSTED_PROXY_HEADERS: 'X-Forwarded-For', TRUSTED_PROXY_USE_LEFTMOST_IP: '',
};
let addresses = 0;
/** A client address no other request of the run has used. */
function nextAddress() {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
}
const PROMO_CODE = 'BENCHFREE';

const attendee = benchAttendee;

const BODIES = {
  raw: () => ({ name: 'Bench Visitor', email: `bench-${randomBytes(8).toString('hex')}@example.com`, subject: 'Bench', message: 'A message' }),
  waitlist: () => ({ mode: 'waitlist', attendees: [attendee()], privacyConsent: true }),
  promo: () => ({ mode: 'promo', attendees: [attendee()], promoCode: PROMO_CODE, privacyConsent: true }),
  paid: () => ({ mode: 'paid', attendees: [attendee()], privacyConsent: true }),
  rows: fourRows,
};
// `rows`: the four rows a waitlist registration writes (registration, attendee,
// its confirmation email and the email's working copy), with the same sizes,
// created by a superuser through PocketBase's own batch API in one transaction,
// with nothing else: what the route's writes alone cost, however the route is
// written (bench/README.md "What moving it to Go would reach").
const EMAIL_HTML = `<!DOCTYPE html><html><body>${'<p>Thank you for joining the waitlist of the AI Champions Masterclass.</p>'.repeat(68)}</body></html>`;
const EMAIL_TEXT = 'Thank you for joining the waitlist of the AI Champions Masterclass.\n'.repeat(15);
const recordId = () => Array.from(randomBytes(15), (byte) => 'abcdefghijklmnopqrstuvwxyz0123456789'[byte % 36]).join('');
let rowsEventId = '';
function fourRows() {
  const registration = recordId();
  const attendee = recordId();
  const email = recordId();
  const address = `bench-${randomBytes(8).toString('hex')}@example.com`;
  const create = (collection, body) => ({ method: 'POST', url: `/api/collections/${collection}/records`, body });
  return {
    requests: [
      create('registrations', { id: registration, event: rowsEventId, kind: 'waitlist', status: 'pending', primary_email: address, currency: 'AUD' }),
      create('attendees', {
        id: attendee, registration, event: rowsEventId, full_name: 'Bench Attendee', email: address, company: 'Bench Co', job_title: 'Tester',
        phone_number: '+61 400 000 000', role: 'Senior Manager', registration_status: 'waitlisted', privacy_consent: true,
      }),
      create('emails', { id: email, to: address, subject: 'You are on the waitlist', html: EMAIL_HTML, text: EMAIL_TEXT, template: 'waitlist_confirmation', status: 'captured', registration, attendee }),
      create('email_secrets', { email, subject: 'You are on the waitlist', html: EMAIL_HTML, text: EMAIL_TEXT, links: 'https://masterclass.example.com/waitlist/confirm' }),
    ],
  };
}

const PATHS = { raw: '/api/collections/contact_messages/records', rows: '/api/batch' };
const EXPECTED_STATUS = { raw: 200, rows: 200 };
/** Requests sent as a superuser (the batch of rows only). */
const authorization = {};

function percentile(sorted, fraction) {
  return Number(sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)].toFixed(1));
}

/** The server process's CPU time so far (user + system), in ms, from /proc (Linux). */
function serverCpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * (1000 / 100);
  } catch {
    return null;
  }
}

async function run(url, kind, { clients, total, pid }) {
  const path = PATHS[kind] ?? '/api/masterclass/registrations';
  const expected = EXPECTED_STATUS[kind] ?? 201;
  const latencies = [];
  let failures = 0;
  let next = 0;
  const client = async () => {
    while (next < total) {
      next += 1;
      const started = performance.now();
      const response = await fetch(`${url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': nextAddress(), ...(authorization[kind] ? { Authorization: authorization[kind] } : {}) }, body: JSON.stringify(BODIES[kind]()) });
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      if (response.status !== expected) failures += 1;
    }
  };
  const started = performance.now();
  const cpuBefore = pid ? serverCpuMs(pid) : null;
  await Promise.all(Array.from({ length: clients }, client));
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = pid ? serverCpuMs(pid) : null;
  const sorted = latencies.sort((a, b) => a - b);
  // the server's CPU time per request (every core it used, its garbage collection included)
  const serverCpuMsPerRequest = cpuBefore === null || cpuAfter === null ? null : Number(((cpuAfter - cpuBefore) / sorted.length).toFixed(2));
  return { requests: sorted.length, perSecond: Number((sorted.length / seconds).toFixed(1)), p50Ms: percentile(sorted, 0.5), p95Ms: percentile(sorted, 0.95), serverCpuMsPerRequest, failures };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Rounds of raw creation and each mode, interleaved, so a slow moment of a
 * shared 2-core machine falls on every kind alike; the figures are medians.
 * @param {{ clients?: number, total?: number, rounds?: number }} [options]
 */
export async function benchmarkRegistrationRatio({ clients = 50, total = 1500, rounds = 3 } = {}) {
  const loadAverageAtStart = Number(os.loadavg()[0].toFixed(2));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'masterclass-bench-ratio-'));
  const superuser = { email: 'bench@example.com', password: randomBytes(12).toString('hex') };
  upsertSuperuser({ dataDir, ...superuser });
  const server = await startPocketBase({ dataDir, httpAddr: `127.0.0.1:${await freePort()}`, env: BENCH_ENV });
  try {
    const su = new PocketBase(server.url);
    su.autoCancellation(false);
    await su.collection('_superusers').authWithPassword(superuser.email, superuser.password);
    const event = await (await fetch(`${server.url}/api/masterclass/event`)).json();
    // Only an event that has not started sells seats (pb_hooks/lib/events/phase.js): the seeded date has passed.
    const start = new Date(Date.now() + 30 * 86_400_000);
    await su.collection('events').update(event.id, {
      sales_state: 'open', capacity: 100_000_000,
      starts_at: start.toISOString().replace('T', ' '), ends_at: new Date(start.getTime() + 3 * 3_600_000).toISOString().replace('T', ' '),
    });
    await su.collection('promo_codes').create({
      code: PROMO_CODE, event: event.id, max_uses: 100_000_000, used_count: 0, active: true,
      expires_at: new Date(Date.now() + 86_400_000).toISOString().replace('T', ' '),
    });

    // the batch API, off by default, for the `rows` reference
    await su.settings.update({ batch: { enabled: true, maxRequests: 50, timeout: 30, maxBodySize: 0 } });
    authorization.rows = su.authStore.token;
    rowsEventId = event.id;

    const kinds = ['raw', 'waitlist', 'promo', 'paid', 'rows'];
    for (const kind of kinds) await run(server.url, kind, { clients: 10, total: 200 });
    const runs = Object.fromEntries(kinds.map((kind) => [kind, []]));
    for (let round = 0; round < rounds; round += 1) {
      for (const kind of kinds) runs[kind].push(await run(server.url, kind, { clients, total, pid: server.child.pid }));
    }
    const summary = (kind) => ({
      perSecond: median(runs[kind].map((result) => result.perSecond)),
      p50Ms: median(runs[kind].map((result) => result.p50Ms)),
      p95Ms: median(runs[kind].map((result) => result.p95Ms)),
      serverCpuMsPerRequest: median(runs[kind].map((result) => result.serverCpuMsPerRequest)),
      failures: runs[kind].reduce((sum, result) => sum + result.failures, 0),
      rounds: runs[kind],
    });
    const results = Object.fromEntries(kinds.map((kind) => [kind, summary(kind)]));
    const ratioToRaw = Object.fromEntries(kinds.slice(1).map((mode) => [
      mode,
      Number(median(runs[mode].map((result, round) => result.perSecond / runs.raw[round].perSecond)).toFixed(2)),
    ]));
    return { loadAverageAtStart, clients, requestsPerKindPerRound: total, rounds, rateLimits: 'off (explicitly, for the run)', ...results, ratioToRaw };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchmarkRegistrationRatio(), null, 2));
}
