// A sales opening in small: one PocketBase as in production (APP_ENV=production, rate
// limits on at their defaults, the client's address from X-Forwarded-For, Stripe through
// stripe-mock, mail to an SMTP server) opens sales for a few seats while 300 visitors,
// each from its own address, load the landing page and the event summary and register at
// about the same time: 100 in each mode, 300 in all. Exactly the seats there are get sold or held, every
// refusal is a 4xx that says why in words, and nothing answers 5xx. How fast is the
// benchmark's business (bench/rush.mjs, 2,000 visitors); nothing here is timed.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { HERO_TOKENS } from '@/features/landing/heroView';
import { countSeats, createRushEvent, createRushPromo, RUSH_ENV, runRush, startSmtpSink } from '../../bench/rush.mjs';
import { startTestServer, type TestServer } from '../support/pocketbase';
import { startStripeMock, STRIPE_MOCK_START_TIMEOUT_MS, type StripeMock } from '../support/stripe-mock';

const VISITORS = 100;
const SEATS = 10;
const WINDOW_MS = 2_000;
// More prewarmed JS runtimes than the 4 the other suites start with (production has 200,
// scripts/lib/pocketbase-process.mjs): 8 of the crowd's requests run at once, the rest wait
// their turn (pocketbase/admission.go), as on a production server.
const HOOKS_POOL = '24';

const INDEX = '<!doctype html><html><head><title>x</title></head><body><div id="root"><div class="panel"><div role="status">Loading</div></div></div>\n  </body></html>';
const HERO = {
  placeholder: '<div role="status">Loading</div>',
  variants: {
    on_sale: `<p>${HERO_TOKENS.price} per person · ${HERO_TOKENS.seats}</p>`,
    sold_out: '<p>Event Sold Out – Registration Now Closed</p>',
    closed: '<p>Event Sold Out – Registration Now Closed</p>',
    happening: `<p>Under way: ${HERO_TOKENS.when}</p>`,
    past: `<p>Took place on ${HERO_TOKENS.date}</p>`,
  },
  tokens: HERO_TOKENS,
};

let server: TestServer;
let su: PocketBase;
let stripeMock: StripeMock;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let publicDir: string;

beforeAll(async () => {
  publicDir = mkdtempSync(path.join(os.tmpdir(), 'masterclass-rush-'));
  writeFileSync(path.join(publicDir, 'index.html'), INDEX);
  writeFileSync(path.join(publicDir, 'landing-hero.json'), JSON.stringify(HERO));
  [stripeMock, smtp] = await Promise.all([startStripeMock(), startSmtpSink()]);
  const suitePool = process.env.HOOKS_POOL;
  process.env.HOOKS_POOL = HOOKS_POOL;
  server = await startTestServer({
    publicDir,
    env: {
      ...RUSH_ENV,
      STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: 'whsec_rush', STRIPE_API_BASE: stripeMock.url,
      SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_USER: '', SMTP_PASSWORD: '', SMTP_TLS: '',
    },
  }).finally(() => {
    process.env.HOOKS_POOL = suitePool;
  });
  su = await server.admin();
}, STRIPE_MOCK_START_TIMEOUT_MS);

afterAll(async () => {
  await server?.stop();
  await stripeMock?.stop();
  await smtp?.stop();
  if (publicDir) rmSync(publicDir, { recursive: true, force: true });
});

describe.each([
  { mode: 'paid' as const, daysAhead: 60, block: 1 },
  { mode: 'promo' as const, daysAhead: 50, block: 2 },
  { mode: 'waitlist' as const, daysAhead: 40, block: 3 },
])('$mode registrations at a sales opening', ({ mode, daysAhead, block }) => {
  it(`sells exactly the ${SEATS} seats to ${VISITORS} visitors at once, refuses the rest in words, and never fails`, async () => {
    const event = await createRushEvent(su, { seats: SEATS, daysAhead, title: `RUSH ${mode.toUpperCase()}` });
    if (mode === 'promo') await createRushPromo(su, event.id, `RUSH${block}`);
    const rush = await runRush({ url: server.url, mode, eventId: event.id, visitors: VISITORS, windowMs: WINDOW_MS, addressBlock: block, promoCode: `RUSH${block}` });

    expect(rush.problems).toEqual([]);
    expect(rush.serverErrors).toBe(0);
    expect(rush.statuses[`landing 200`]).toBe(VISITORS);
    expect(rush.statuses[`event 200`]).toBe(VISITORS);
    const database = await countSeats(su, event.id);
    expect(database.seatsTaken).toBe(SEATS);
    if (mode === 'promo') {
      expect({ confirmed: database.confirmed, answered: rush.outcomes.confirmed }).toEqual({ confirmed: SEATS, answered: SEATS });
    } else {
      expect({ held: database.held, answered: rush.outcomes.held }).toEqual({ held: SEATS, answered: SEATS });
    }
    // Everyone else was told the seats are gone (on the waitlist path, by the summary or by a 409,
    // and took a place on the waitlist).
    const refusals = Object.keys(rush.refusals);
    if (mode !== 'waitlist') expect(refusals.length).toBeGreaterThan(0);
    for (const refusal of refusals) expect(refusal).toMatch(/^409 sold_out: \S.+/);
    if (mode === 'waitlist') {
      expect({ waitlisted: database.waitlisted, answered: rush.outcomes.waitlisted }).toEqual({ waitlisted: VISITORS - SEATS, answered: VISITORS - SEATS });
      expect(rush.outcomes.refused).toBe(0);
    } else {
      expect(rush.outcomes.refused).toBe(VISITORS - SEATS);
    }
  }, 60_000);
});
