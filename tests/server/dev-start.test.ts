// `npm start`'s backend on a fresh data dir: creates the development superuser
// and administrator once, writes their credentials, and a second start reuses
// them without touching the data. The README's development promo code works
// on a fresh start (once sales are opened in the admin area, as the README
// says), and every start makes it usable again. In production mode
// (APP_ENV=production, or a Stripe key without APP_ENV) none of that happens:
// no development account, password file or promo code, no simulated checkout,
// and both the server and the start say which mode they run in.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import PocketBase from 'pocketbase';
import { startBackend } from '../../scripts/lib/backend.mjs';
import { freePort, startPocketBase, upsertSuperuser } from '../../scripts/lib/pocketbase-process.mjs';
import { loadHookModule } from '../support/hook-module';
import { masterclassEvent, UPCOMING_EVENT_TIMES } from '../support/masterclassEvent';
import { promoBody } from './registration-helpers';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'masterclass-start-'));
/** Several server starts a test: more than the suite's default 30 s on a busy machine. */
const STARTS = { timeout: 120_000 };
/** What the start printed, by start. */
let printed = '';

/** Variables a test sets for the start; every one is removed again after it. */
const MODE_VARIABLES = ['APP_ENV', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'SIMULATED_CHECKOUT'] as const;
for (const name of MODE_VARIABLES) delete process.env[name];

async function startOnce(directory = dataDir, env: Partial<Record<(typeof MODE_VARIABLES)[number], string>> = {}) {
  process.env.DATA_DIR = directory;
  process.env.HTTP_ADDR = `127.0.0.1:${await freePort()}`;
  for (const name of MODE_VARIABLES) delete process.env[name];
  Object.assign(process.env, env);
  printed = '';
  return startBackend({ quiet: true, print: (text: string) => { printed += `${text}\n`; } });
}

interface Credentials { superuser: { email: string; password: string } }

async function devPromoCode(url: string, credentials: Credentials) {
  const superuser = new PocketBase(url);
  await superuser.collection('_superusers').authWithPassword(credentials.superuser.email, credentials.superuser.password);
  return superuser.collection('promo_codes').getFirstListItem('code = "CHAMPION2025"');
}

const daysFromNow = (date: string) => (new Date(date.replace(' ', 'T')).getTime() - Date.now()) / 86_400_000;

async function registerWithPromo(url: string, code: string) {
  const response = await fetch(`${url}/api/masterclass/registrations`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(promoBody(code)),
  });
  return { status: response.status, body: await response.json() };
}

describe('npm start backend', () => {
  afterEach(() => {
    for (const name of MODE_VARIABLES) delete process.env[name];
  });
  afterAll(() => {
    delete process.env.DATA_DIR;
    delete process.env.HTTP_ADDR;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates working development accounts once and keeps them on the next start', STARTS, async () => {
    const first = await startOnce();
    expect(first.output()).toContain('App mode: development (APP_ENV is not set and no Stripe key is)');
    expect(printed).toContain('Development mode');
    const file = path.join(dataDir, 'dev-credentials.json');
    const credentials = JSON.parse(readFileSync(file, 'utf8'));
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(credentials.superuser.password).toMatch(/^[\w-]{16}$/);
    expect(credentials.administrator.password).not.toBe(credentials.superuser.password);

    // The README's journey: the administrator moves the event to a date still to come and opens sales,
    // then CHAMPION2025 registers one attendee for free.
    const promo = await devPromoCode(first.url, credentials);
    expect(promo).toMatchObject({ active: true, max_uses: 20, used_count: 0 });
    expect(daysFromNow(promo.expires_at)).toBeGreaterThan(29);
    const admin = new PocketBase(first.url);
    await admin.collection('users').authWithPassword(credentials.administrator.email, credentials.administrator.password);
    const event = await masterclassEvent(admin);
    expect(promo.event).toBe(event.id);
    expect(event.sales_state).toBe('sold_out');
    expect((await registerWithPromo(first.url, 'champion2025')).status).toBe(409);
    await admin.collection('events').update(event.id, { sales_state: 'open' });
    expect((await registerWithPromo(first.url, 'champion2025')).body.data.sales.code).toBe('event_over');
    await admin.collection('events').update(event.id, UPCOMING_EVENT_TIMES);
    const registered = await registerWithPromo(first.url, 'champion2025');
    expect(registered).toMatchObject({ status: 201, body: { status: 'completed' } });

    // An administrator may switch the code off; the next development start makes it usable again.
    await admin.collection('promo_codes').update(promo.id, { active: false });
    expect((await registerWithPromo(first.url, 'CHAMPION2025')).status).toBe(400);
    await first.stop();

    const second = await startOnce();
    try {
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(credentials);
      const superuser = new PocketBase(second.url);
      await superuser.collection('_superusers').authWithPassword(credentials.superuser.email, credentials.superuser.password);
      const admin = new PocketBase(second.url);
      const auth = await admin.collection('users').authWithPassword(credentials.administrator.email, credentials.administrator.password);
      expect(auth.record.role).toBe('administrator');
      expect(await superuser.collection('users').getFullList({ filter: 'role = "administrator"' })).toHaveLength(1);
      const event = await masterclassEvent(admin);
      expect(event.capacity).toBe(50);
      expect(await devPromoCode(second.url, credentials)).toMatchObject({ active: true, used_count: 1, max_uses: 20 });
      expect((await registerWithPromo(second.url, 'Champion2025')).status).toBe(201);
    } finally {
      await second.stop();
    }
  });
});

/** Looks inside a production data dir with a superuser of the test's own, made offline beside the running server. */
async function inspect(url: string, directory: string) {
  const own = { email: 'operator@test.local', password: randomBytes(12).toString('hex') };
  upsertSuperuser({ dataDir: directory, ...own, env: { APP_ENV: 'production' } });
  const su = new PocketBase(url);
  await su.collection('_superusers').authWithPassword(own.email, own.password);
  const superusers = (await su.collection('_superusers').getFullList()).map((record) => record.email);
  return {
    superusers: superusers.filter((email) => email !== own.email && email !== '__pbinstaller@example.com'),
    administrators: await su.collection('users').getFullList({ filter: 'role = "administrator"' }),
    promoCodes: await su.collection('promo_codes').getFullList({ filter: 'code ~ "CHAMPION2025"' }),
    su,
  };
}

describe('npm start in production mode', () => {
  const directories: string[] = [];
  const freshDir = () => {
    const directory = mkdtempSync(path.join(os.tmpdir(), 'masterclass-production-'));
    directories.push(directory);
    return directory;
  };
  afterEach(() => {
    for (const name of MODE_VARIABLES) delete process.env[name];
  });
  afterAll(() => {
    delete process.env.DATA_DIR;
    delete process.env.HTTP_ADDR;
    for (const directory of directories) rmSync(directory, { recursive: true, force: true });
  });

  it('APP_ENV=production: no development account, password file or promo code, no simulated checkout, and says so', STARTS, async () => {
    const directory = freshDir();
    const server = await startOnce(directory, { APP_ENV: 'production' });
    try {
      expect(server.output()).toContain('App mode: production (APP_ENV=production)');
      expect(printed).toContain('production mode (APP_ENV=production)');
      expect(printed).not.toMatch(/aichampions\.test|CHAMPION2025/);
      expect(existsSync(path.join(directory, 'dev-credentials.json'))).toBe(false);
      const { superusers, administrators, promoCodes, su } = await inspect(server.url, directory);
      expect(superusers).toEqual([]);
      expect(administrators).toEqual([]);
      expect(promoCodes).toEqual([]);
      expect(await su.collection('promo_codes').getFullList()).toEqual([]);
      // Paid registrations have no checkout until Stripe is configured: never the simulated one.
      expect((await (await fetch(`${server.url}/api/masterclass/event`)).json()).checkout_mode).toBe('unavailable');
      const simulatedPay = await fetch(`${server.url}/api/masterclass/checkout/simulated/sim_x/pay`, { method: 'POST' });
      expect(simulatedPay.status).not.toBe(200);
    } finally {
      await server.stop();
    }
  });

  it('a Stripe key without APP_ENV means production', STARTS, async () => {
    const directory = freshDir();
    const server = await startOnce(directory, { STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: 'whsec_test' });
    try {
      expect(server.output()).toContain('App mode: production (a Stripe key is set and APP_ENV is not)');
      expect(existsSync(path.join(directory, 'dev-credentials.json'))).toBe(false);
      const { superusers, administrators, promoCodes } = await inspect(server.url, directory);
      expect([superusers, administrators, promoCodes]).toEqual([[], [], []]);
    } finally {
      await server.stop();
    }
  });

  it('a data dir used in development, started in production: the password file is deleted and the promo code left as it was', STARTS, async () => {
    const directory = freshDir();
    const file = path.join(directory, 'dev-credentials.json');
    const development = await startOnce(directory);
    const credentials = JSON.parse(readFileSync(file, 'utf8'));
    const promo = await devPromoCode(development.url, credentials);
    const superuser = new PocketBase(development.url);
    await superuser.collection('_superusers').authWithPassword(credentials.superuser.email, credentials.superuser.password);
    await superuser.collection('promo_codes').update(promo.id, { active: false });
    await development.stop();

    const production = await startOnce(directory, { APP_ENV: 'production' });
    try {
      expect(existsSync(file)).toBe(false);
      expect(printed).toContain(`Removed ${file}`);
      expect(printed).toContain('superuser@aichampions.test, admin@aichampions.test');
      expect(printed).not.toContain(credentials.superuser.password);
      const su = new PocketBase(production.url);
      await su.collection('_superusers').authWithPassword(credentials.superuser.email, credentials.superuser.password);
      expect(await su.collection('promo_codes').getOne(promo.id)).toMatchObject({ active: false });
    } finally {
      await production.stop();
    }
    expect(existsSync(file)).toBe(false);
  });

  it('refuses to start with the simulated checkout on, an APP_ENV it does not know, or development beside a live key', STARTS, async () => {
    await expect(startOnce(freshDir(), { APP_ENV: 'production', SIMULATED_CHECKOUT: 'on' })).rejects.toThrow(
      'SIMULATED_CHECKOUT is on in production (APP_ENV=production)',
    );
    await expect(startOnce(freshDir(), { APP_ENV: 'staging' })).rejects.toThrow('APP_ENV must be production or development');
    await expect(startOnce(freshDir(), { APP_ENV: 'development', STRIPE_SECRET_KEY: 'sk_live_123', STRIPE_WEBHOOK_SECRET: 'whsec_live' }))
      .rejects.toThrow('APP_ENV is development while STRIPE_SECRET_KEY is a live key');
    // The server itself refuses the same, however it is started.
    const refused: Record<string, string>[] = [{ APP_ENV: 'production', SIMULATED_CHECKOUT: 'on' }, { APP_ENV: 'Prod' }];
    for (const env of refused) {
      const directory = freshDir();
      const started = startPocketBase({ dataDir: directory, httpAddr: `127.0.0.1:${await freePort()}`, env: { STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '', ...env } });
      await expect(started).rejects.toThrow(/exited with code [1-9][\s\S]*Refusing to start/);
    }
  });
});

describe('the mode rule (pb_hooks/lib/core/app-env.js)', () => {
  const { appMode } = loadHookModule<{ appMode: (getenv: (name: string) => string | undefined) => { mode: string; problem: string } }>('core/app-env');
  const modeOf = (env: Record<string, string>) => appMode((name) => env[name]);

  it('is production when asked, or when a Stripe key is set and APP_ENV is not; development can be forced with test keys', () => {
    expect(modeOf({})).toMatchObject({ mode: 'development', problem: '' });
    expect(modeOf({ APP_ENV: 'production' })).toMatchObject({ mode: 'production', problem: '' });
    expect(modeOf({ APP_ENV: ' Production ' })).toMatchObject({ mode: 'production', problem: '' });
    expect(modeOf({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' })).toMatchObject({ mode: 'production' });
    expect(modeOf({ STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' })).toMatchObject({ mode: 'production' });
    expect(modeOf({ APP_ENV: 'development', STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' })).toMatchObject({
      mode: 'development', problem: '',
    });
    expect(modeOf({ APP_ENV: 'development', STRIPE_SECRET_KEY: 'rk_live_1' }).problem).toContain('live key');
    expect(modeOf({ APP_ENV: 'prod' }).problem).toContain('APP_ENV must be production or development');
  });
});
