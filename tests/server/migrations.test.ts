// Upgrading never loses data. The server binary's `migrate up` runs every
// migration on an empty data folder, which then serves the app; and it
// migrates a data folder made by the previous release
// (tests/fixtures/previous-release, made through the app's own routes by
// scripts/make-previous-release-fixture.mjs), whose registrations, payment,
// account and uploaded photo are then still there and readable through the
// API, in a database whose collections, fields, rules and indexes are those
// of a new one. It also holds the hooks' JavaScript engine to the behaviour
// the money formatting relies on (thousands grouped once, through a lookahead
// regular expression), and a command that fails to a non-zero exit status.
// Two PocketBase starts in all.
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import PocketBase, { type CollectionModel } from 'pocketbase';
import { ensureServerBinary, pocketbaseVersion } from '../../scripts/lib/build-server.mjs';
import { freePort, startPocketBase } from '../../scripts/lib/pocketbase-process.mjs';
import { hooksDir, migrationsDir, pocketbaseBin, root } from '../../scripts/lib/paths.mjs';

const fixtureDir = path.join(root, 'tests', 'fixtures', 'previous-release');

interface FixtureRegistration {
  id: string;
  kind: string;
  status: string;
  total_amount_cents: number;
  order_key: string;
  attendees: Array<{ id: string; email: string; status: string; ticket_code: string }>;
}
interface Manifest {
  made_by: { pocketbase: string; commit: string };
  migrations: string[];
  app_url: string;
  event: { id: string; price_cents: number };
  registrations: Record<'paid' | 'promo' | 'waitlist', FixtureRegistration>;
  invoice: { id: string; number: number; amount_cents: number };
  user: { id: string; email: string; password: string; attendee: string; photo: string; photo_sha256: string };
}
const manifest = JSON.parse(readFileSync(path.join(fixtureDir, 'manifest.json'), 'utf8')) as Manifest;

/** The collections the hooks and the app read and write. */
const APP_COLLECTIONS = [
  'users', 'events', 'promo_codes', 'speakers', 'materials', 'registrations', 'attendees', 'ai_use_cases', 'readiness_assessments',
  'business_cases', 'saved_use_cases', 'emails', 'email_secrets', 'contact_messages', 'stripe_events', 'tombstones', 'app_secrets',
  'payment_actions', 'early_access', 'waitlist_offers', 'check_ins', 'job_runs', 'security_events', 'seller_details', 'tax_documents',
  'door_passes', 'unsubscribes',
];

const ENV: Record<string, string> = {
  APP_ENV: '', SIMULATED_CHECKOUT: 'on', STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '', AI_API_URL: '', AI_API_KEY: '', SMTP_HOST: '',
  APP_URL: manifest.app_url,
};

const migrationFiles = () => readdirSync(migrationsDir).filter((name) => name.endsWith('.js')).sort();

/** Runs the server binary's command on a data folder, with the project's migrations and hooks. */
function pocketbase(args: string[], dataDir: string): string {
  return execFileSync(pocketbaseBin, [...args, '--dir', dataDir, '--migrationsDir', migrationsDir, '--hooksDir', hooksDir], {
    env: { ...process.env, ...ENV }, encoding: 'utf8', stdio: 'pipe',
  });
}

/** The migration files `migrate up` says it applied, in its order. */
const applied = (output: string) => [...output.matchAll(/Applied (\S+\.js)/g)].map((match) => match[1]);

interface Running {
  url: string;
  su: PocketBase;
  stop: () => Promise<void>;
}

/** Migrates the folder with `migrate up` (answering what it applied), then starts the server on it. */
async function migrateAndServe(dataDir: string): Promise<{ migrated: string[]; server: Running }> {
  const migrated = applied(pocketbase(['migrate', 'up'], dataDir));
  const superuser = { email: 'superuser@test.local', password: randomBytes(12).toString('hex') };
  pocketbase(['superuser', 'upsert', superuser.email, superuser.password], dataDir);
  const started = await startPocketBase({ dataDir, httpAddr: `127.0.0.1:${await freePort()}`, env: ENV });
  const su = new PocketBase(started.url);
  su.autoCancellation(false);
  await su.collection('_superusers').authWithPassword(superuser.email, superuser.password);
  return { migrated, server: { url: started.url, su, stop: started.stop } };
}

/** Collections as the schema defines them: no ids, secrets or timestamps, relations named by collection. */
function schemaOf(collections: CollectionModel[]): unknown {
  const names = new Map(collections.map((collection) => [collection.id, collection.name]));
  const clean = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(clean);
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value as Record<string, unknown>)
        .filter(([key]) => !['id', 'created', 'updated', 'secret'].includes(key))
        .map(([key, inner]) => [key, key === 'collectionId' ? names.get(String(inner)) ?? inner : clean(inner)]));
    }
    return value;
  };
  return collections.map(clean).sort((a, b) => String((a as { name: string }).name).localeCompare(String((b as { name: string }).name)));
}

async function json(url: string, init: RequestInit = {}) {
  const response = await fetch(url, init);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers are checked field by field
  return { status: response.status, body: (await response.json()) as any };
}

let freshSchema: unknown;

describe('every migration on an empty database', () => {
  let dataDir: string;
  let migrated: string[];
  let server: Running;

  beforeAll(async () => {
    ensureServerBinary({ log: () => {} });
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'masterclass-migrate-empty-'));
    ({ migrated, server } = await migrateAndServe(dataDir));
    freshSchema = schemaOf(await server.su.collections.getFullList());
  });

  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs the PocketBase version go.mod pins, and says so', () => {
    expect(execFileSync(pocketbaseBin, ['--version'], { encoding: 'utf8' }).trim()).toBe(`pocketbase version ${pocketbaseVersion()}`);
  });

  it('applies each migration file once, in order', () => {
    expect(migrated).toEqual(migrationFiles());
  });

  it('serves the app: healthy, every collection it uses there, the seeded masterclass answered', async () => {
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    const names = (await server.su.collections.getFullList()).map((collection) => collection.name);
    expect(names).toEqual(expect.arrayContaining(APP_COLLECTIONS));
    const event = await json(`${server.url}/api/masterclass/event`);
    expect(event.status).toBe(200);
    expect(event.body.title).toBe('AI CHAMPIONS MASTERCLASS');
  });

  it("groups thousands once in the hooks' JavaScript engine: the landing price and an order's amount", async () => {
    const event = await server.su.collection('events').getFirstListItem('slug != ""');
    await server.su.collection('events').update(event.id, {
      sales_state: 'open', starts_at: '2031-06-18 02:00:00.000Z', ends_at: '2031-06-18 05:00:00.000Z', price_cents: 12_345_678,
    });
    const landing = await json(`${server.url}/api/masterclass/landing`);
    expect(landing.body.hero.texts.price).toBe('$123,456.78');

    const created = await json(`${server.url}/api/masterclass/registrations`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        mode: 'paid', privacyConsent: true, marketingConsent: false,
        attendees: [{ fullName: 'Ada Lovelace', email: 'ada@example.com', company: 'Engines', jobTitle: 'Head of Data', phoneNumber: '+61 400 000 000', role: 'Senior Manager', dietaryRequirements: '' }],
      }),
    });
    expect(created.status).toBe(201);
    const link = (await json(`${server.url}/api/masterclass/checkout/${encodeURIComponent(created.body.sessionId)}`)).body.order;
    const order = await json(`${server.url}/api/masterclass/orders/${link.id}?key=${link.key}`);
    expect(order.body.amount_text).toBe('AUD 123,456.78');
  });
});

describe('a command that fails', () => {
  /** Runs a command on its own data folder; answers its exit status and what it printed. */
  function attempt(args: string[], migrations: Record<string, string> = {}) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'masterclass-migrate-fails-'));
    mkdirSync(path.join(dir, 'migrations'));
    for (const [name, source] of Object.entries(migrations)) writeFileSync(path.join(dir, 'migrations', name), source);
    try {
      execFileSync(pocketbaseBin, [...args, '--dir', path.join(dir, 'data'), '--migrationsDir', path.join(dir, 'migrations'), '--hooksDir', hooksDir], {
        env: { ...process.env, ...ENV }, encoding: 'utf8', stdio: 'pipe',
      });
      return { status: 0, output: '' };
    } catch (error) {
      const failed = error as { status: number; stdout: string; stderr: string };
      return { status: failed.status, output: `${failed.stdout}${failed.stderr}` };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('exits non-zero, so a deploy script or systemd sees it: a migration that throws, a superuser refused', () => {
    const migrate = attempt(['migrate', 'up'], { '1799999999_fails.js': 'migrate(() => { throw new Error("the probe fails"); });\n' });
    expect(migrate.status).toBe(1);
    expect(migrate.output).toContain('failed to apply migration 1799999999_fails.js: Error: the probe fails');
    const upsert = attempt(['superuser', 'upsert', 'not-an-email', 'a long enough password']);
    expect(upsert.status).toBe(1);
  });
});

describe('data made by the previous release', () => {
  let dataDir: string;
  let migrated: string[];
  let server: Running;
  const { registrations, user } = manifest;

  beforeAll(async () => {
    ensureServerBinary({ log: () => {} });
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'masterclass-migrate-previous-'));
    execFileSync('tar', ['-xzf', path.join(fixtureDir, 'data.tar.gz'), '-C', dataDir]);
    ({ migrated, server } = await migrateAndServe(dataDir));
  });

  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('applies the migrations added since, and ends with the schema of a new database', async () => {
    expect(migrated).toEqual(migrationFiles().filter((name) => !manifest.migrations.includes(name)));
    expect(freshSchema, 'the empty-database suite ran first').toBeDefined();
    expect(schemaOf(await server.su.collections.getFullList())).toEqual(freshSchema);
  });

  it('keeps every registration, attendee and ticket', async () => {
    for (const expected of Object.values(registrations)) {
      const row = await server.su.collection('registrations').getOne(expected.id);
      expect({ kind: row.kind, status: row.status, total: row.total_amount_cents }).toEqual({
        kind: expected.kind, status: expected.status, total: expected.total_amount_cents,
      });
      const attendees = await server.su.collection('attendees').getFullList({
        filter: server.su.filter('registration = {:id}', { id: expected.id }), sort: 'full_name',
      });
      expect(attendees.map((row) => ({ id: row.id, email: row.email, status: row.registration_status, ticket_code: row.ticket_code })))
        .toEqual(expected.attendees);
    }
  });

  it('gives each seat of the paid order its price (the payment split), and the free and waitlist seats 0', async () => {
    const priceOf = async (registrationId: string) => (await server.su.collection('attendees').getFullList({
      filter: server.su.filter('registration = {:id}', { id: registrationId }),
    })).map((row) => row.price_cents);
    const { paid, promo, waitlist } = registrations;
    expect(await priceOf(paid.id)).toEqual(paid.attendees.map(() => paid.total_amount_cents / paid.attendees.length));
    expect(await priceOf(promo.id)).toEqual([0]);
    expect(await priceOf(waitlist.id)).toEqual([0]);
  });

  it('keeps the payment: its order link still opens the order, and the tax invoice downloads', async () => {
    const paid = registrations.paid;
    const order = await json(`${server.url}/api/masterclass/orders/${paid.id}?key=${paid.order_key}`);
    expect(order.status).toBe(200);
    expect(order.body).toMatchObject({ kind: 'paid', state: 'confirmed', total_amount_cents: paid.total_amount_cents, amount_text: 'AUD 2,970.00' });
    expect(order.body.attendees.map((person: { ticket: { code: string } }) => person.ticket.code).sort())
      .toEqual(paid.attendees.map((person) => person.ticket_code).sort());

    const invoice = await server.su.collection('tax_documents').getOne(manifest.invoice.id);
    expect({ number: invoice.number, amount: invoice.amount_cents }).toEqual({ number: manifest.invoice.number, amount: manifest.invoice.amount_cents });
    const pdf = await fetch(`${server.url}/api/masterclass/orders/${paid.id}/invoice.pdf?key=${paid.order_key}`);
    expect(pdf.status).toBe(200);
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('keeps the account: the attendee signs in with the same password and reads her photo', async () => {
    const client = new PocketBase(server.url);
    client.autoCancellation(false);
    await client.collection('users').authWithPassword(user.email, user.password);
    const me = await client.collection('users').getOne(user.id);
    expect(me.photo).toBe(user.photo);
    const token = await client.files.getToken();
    const photo = await fetch(client.files.getURL(me, me.photo as string, { token }));
    expect(photo.status).toBe(200);
    expect(createHash('sha256').update(Buffer.from(await photo.arrayBuffer())).digest('hex')).toBe(user.photo_sha256);
    const thumb = await fetch(client.files.getURL(me, me.photo as string, { token, thumb: '96x96' }));
    expect(thumb.status).toBe(200);
  });
});
