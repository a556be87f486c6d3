// Registration throughput and the capacity race against a real PocketBase
// (simulated checkout, captured emails): 50 concurrent clients each register
// (paid, one attendee) and pay, then 120 concurrent registrations compete for
// the last 50 seats. Rate limits are switched off (RATE_LIMITS=off) and the
// per-client seat allowance raised for the run: it measures the server, not
// the limits every client here, sharing one address, would hit.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import PocketBase from 'pocketbase';
import { freePort, startPocketBase, upsertSuperuser } from '../scripts/lib/pocketbase-process.mjs';

/** One attendee with a fresh email address, as the registration page sends it. */
export const benchAttendee = () => ({
  fullName: 'Bench Attendee',
  email: `bench-${randomBytes(8).toString('hex')}@example.com`,
  company: 'Bench Co',
  jobTitle: 'Tester',
  phoneNumber: '+61 400 000 000',
  role: 'Senior Manager',
});

function paidRegistration() {
  return { mode: 'paid', attendees: [benchAttendee()], privacyConsent: true, marketingConsent: false };
}

async function timedPost(url, body) {
  const started = performance.now();
  const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: body && JSON.stringify(body) });
  const json = await response.json();
  return { status: response.status, body: json, ms: performance.now() - started };
}

function percentile(sorted, fraction) {
  if (sorted.length === 0) return null;
  return Number(sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)].toFixed(1));
}

function latencySummary(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { count: sorted.length, p50Ms: percentile(sorted, 0.5), p99Ms: percentile(sorted, 0.99), maxMs: percentile(sorted, 1) };
}

async function throughput(url, { clients, registrationsPerClient }) {
  const registerMs = [];
  const payMs = [];
  const journeyMs = [];
  const failures = [];
  const client = async () => {
    for (let i = 0; i < registrationsPerClient; i += 1) {
      const registered = await timedPost(`${url}/api/masterclass/registrations`, paidRegistration());
      if (registered.status !== 201) {
        failures.push({ step: 'register', status: registered.status, message: registered.body.message });
        continue;
      }
      const paid = await timedPost(`${url}/api/masterclass/checkout/simulated/${registered.body.sessionId}/pay`);
      if (paid.status !== 200 || paid.body.outcome !== 'fulfilled') failures.push({ step: 'pay', status: paid.status, outcome: paid.body.outcome });
      registerMs.push(registered.ms);
      payMs.push(paid.ms);
      journeyMs.push(registered.ms + paid.ms);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, client));
  const seconds = (performance.now() - started) / 1000;
  return {
    clients,
    registrations: journeyMs.length,
    seconds: Number(seconds.toFixed(2)),
    registrationsPerSecond: Number((journeyMs.length / seconds).toFixed(1)),
    register: latencySummary(registerMs),
    pay: latencySummary(payMs),
    journey: latencySummary(journeyMs),
    failures: failures.length,
    firstFailures: failures.slice(0, 3),
  };
}

async function capacityRace(url, su, eventId, { contenders, seats }) {
  const before = await (await fetch(`${url}/api/masterclass/event`)).json();
  const taken = before.capacity - before.seats_left;
  await su.collection('events').update(eventId, { capacity: taken + seats });
  const started = performance.now();
  const answers = await Promise.all(Array.from({ length: contenders }, () => timedPost(`${url}/api/masterclass/registrations`, paidRegistration())));
  const ms = performance.now() - started;
  const after = await (await fetch(`${url}/api/masterclass/event`)).json();
  const seatsTaken = answers.filter((answer) => answer.status === 201).length;
  const refused = answers.filter((answer) => answer.status === 409 && answer.body.data?.sales?.code === 'sold_out').length;
  return {
    contenders,
    seatsOffered: seats,
    seatsTaken,
    refusedSoldOut: refused,
    otherAnswers: contenders - seatsTaken - refused,
    seatsLeftAfter: after.seats_left,
    oversold: seatsTaken > seats || after.seats_left < 0,
    ms: Number(ms.toFixed(1)),
    latency: latencySummary(answers.map((answer) => answer.ms)),
  };
}

/**
 * @param {{ clients?: number, registrationsPerClient?: number, contenders?: number, seats?: number }} [options]
 */
export async function benchmarkRegistrations({ clients = 50, registrationsPerClient = 20, contenders = 120, seats = 50 } = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'masterclass-bench-registrations-'));
  const superuser = { email: 'bench@example.com', password: randomBytes(12).toString('hex') };
  upsertSuperuser({ dataDir, ...superuser });
  const server = await startPocketBase({
    dataDir,
    httpAddr: `127.0.0.1:${await freePort()}`,
    // Every client here shares one address: rate limits off and the per-client
    // seat allowance raised, explicitly, for this run only.
    env: {
      SIMULATED_CHECKOUT: 'on', STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '', SMTP_HOST: '',
      RATE_LIMITS: 'off', HOLD_SEATS_PER_CLIENT: '100000000', HOLD_SEATS_PER_EMAIL: '100000000',
    },
  });
  try {
    const su = new PocketBase(server.url);
    su.autoCancellation(false);
    await su.collection('_superusers').authWithPassword(superuser.email, superuser.password);
    const event = await (await fetch(`${server.url}/api/masterclass/event`)).json();
    // Only an event that has not started sells seats (pb_hooks/lib/events/phase.js): the seeded date has passed.
    const start = new Date(Date.now() + 30 * 86_400_000);
    await su.collection('events').update(event.id, {
      sales_state: 'open', capacity: 1_000_000,
      starts_at: start.toISOString().replace('T', ' '), ends_at: new Date(start.getTime() + 3 * 3_600_000).toISOString().replace('T', ' '),
    });

    await throughput(server.url, { clients: 5, registrationsPerClient: 2 });
    const paid = await throughput(server.url, { clients, registrationsPerClient });
    const race = await capacityRace(server.url, su, event.id, { contenders, seats });
    return { mode: 'paid, 1 attendee, simulated checkout, emails captured', paid, capacityRace: race };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
