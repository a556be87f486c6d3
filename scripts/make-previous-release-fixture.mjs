#!/usr/bin/env node
// Makes tests/fixtures/previous-release/: a small data folder written by a
// release of this app, which tests/server/migrations.test.ts migrates with the
// current binary and reads back through the API. Everything in it is made
// through the app's own routes (registrations, the simulated checkout, the
// invitation sign-up, the profile photo upload), as a real installation of
// that release would have it.
//
//   node scripts/make-previous-release-fixture.mjs [--root <checkout>] [--bin <pocketbase binary>]
//
// By default it uses this checkout and its .bin/pocketbase. To make the fixture
// for a newer release, run it with the release being replaced: a checkout of
// it (`git worktree add /tmp/previous <commit>`, `npm ci` there) and its
// binary (`cd /tmp/previous/pocketbase && go build -o /tmp/previous-pocketbase .`),
// as `--root /tmp/previous --bin /tmp/previous-pocketbase`. It writes
// data.tar.gz (data.db and the uploaded files; PocketBase's logs database and
// types file are left out) and manifest.json (what the test expects to find).
import { execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PocketBase from 'pocketbase';
import { freePort } from './lib/pocketbase-process.mjs';
import { pocketbaseBin, root as projectRoot } from './lib/paths.mjs';

const fixtureDir = path.join(projectRoot, 'tests', 'fixtures', 'previous-release');
const APP_URL = 'https://masterclass.example.com';
/** A 2×2 PNG: the profile photo. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);
const PRICE_CENTS = 148_500;

function option(name, fallback) {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : path.resolve(process.argv[index + 1]);
}

const root = option('--root', projectRoot);
const bin = option('--bin', pocketbaseBin);
const hooksDir = path.join(root, 'pb_hooks');
const migrationsDir = path.join(root, 'pb_migrations');
const env = {
  ...process.env, APP_ENV: '', SIMULATED_CHECKOUT: 'on', STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '', AI_API_URL: '', AI_API_KEY: '',
  SMTP_HOST: '', APP_URL,
};

/**
 * A release whose hooks loaded npm packages from pb_hooks/vendor/ (before the
 * ticket's QR code was drawn in Go) placed them with its own
 * scripts/lib/hook-packages.mjs: it is run from that checkout, as its servers did.
 */
async function placeVendor() {
  const script = path.join(root, 'scripts', 'lib', 'hook-packages.mjs');
  if (!existsSync(script)) return;
  const { placeHookPackages } = await import(script);
  placeHookPackages();
}

function pocketbase(args) {
  return execFileSync(bin, [...args, '--migrationsDir', migrationsDir, '--hooksDir', hooksDir], { env, encoding: 'utf8' });
}

async function waitForHealth(url, child) {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`PocketBase exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('PocketBase did not start');
}

async function call(url, method, route, body, token) {
  const response = await fetch(`${url}${route}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

const person = (fullName, email) => ({
  fullName, email, company: 'Fixture Co', jobTitle: 'Head of Operations', phoneNumber: '+61 400 000 000', role: 'Senior Manager', dietaryRequirements: '',
});

async function makeData(url, su) {
  const event = await su.collection('events').getFirstListItem('slug != ""');
  await su.collection('events').update(event.id, {
    sales_state: 'open', starts_at: '2031-06-18 02:00:00.000Z', ends_at: '2031-06-18 05:00:00.000Z', price_cents: PRICE_CENTS, capacity: 50,
  });
  const promo = await su.collection('promo_codes').getFirstListItem('code = "CHAMPION2025"');
  await su.collection('promo_codes').update(promo.id, { event: event.id, active: true, expires_at: '2031-06-18 00:00:00.000Z', max_uses: 20 });

  // an administrator (made by the superuser, the only way to make one) sets the seller, so a payment gets a tax invoice
  const adminEmail = 'organiser@example.com';
  const adminPassword = randomBytes(12).toString('hex');
  await su.collection('users').create({
    email: adminEmail, password: adminPassword, passwordConfirm: adminPassword, role: 'administrator', verified: true, full_name: 'Fixture Organiser',
  });
  const admin = new PocketBase(url);
  await admin.collection('users').authWithPassword(adminEmail, adminPassword);
  await call(url, 'PUT', '/api/masterclass/admin/seller', {
    legalName: 'AI Champions Pty Ltd', abn: '51824753556', address: 'Level 2, 10 King William Street\nAdelaide SA 5000', email: 'accounts@example.com',
  }, admin.authStore.token);

  // a paid order of two, paid through the simulated checkout
  const paid = await call(url, 'POST', '/api/masterclass/registrations', {
    mode: 'paid', attendees: [person('Ada Lovelace', 'ada@example.com'), person('Charles Babbage', 'charles@example.com')],
    privacyConsent: true, marketingConsent: false,
  });
  await call(url, 'POST', `/api/masterclass/checkout/simulated/${encodeURIComponent(paid.sessionId)}/pay`, {});
  // a free registration with the promo code
  const free = await call(url, 'POST', '/api/masterclass/registrations', {
    mode: 'promo', promoCode: 'CHAMPION2025', attendees: [person('Grace Hopper', 'grace@example.com')], privacyConsent: true, marketingConsent: true,
  });
  // a waitlist entry
  const waiting = await call(url, 'POST', '/api/masterclass/registrations', {
    mode: 'waitlist', attendees: [person('Alan Turing', 'alan@example.com')], privacyConsent: true, marketingConsent: false,
  });

  // Grace signs up from the link in her invitation email, then uploads a profile photo
  const grace = await su.collection('attendees').getFirstListItem('email = "grace@example.com"');
  const secrets = await su.collection('email_secrets').getFullList();
  const link = secrets.flatMap((secret) => String(secret.links).split('\n')).find((line) => line.includes(`attendeeId=${grace.id}`));
  if (!link) throw new Error('No invitation link for the promo attendee');
  const query = new URL(link).searchParams;
  const userPassword = 'fixture password 1';
  const signedUp = await call(url, 'POST', '/api/masterclass/signup', {
    attendeeId: query.get('attendeeId'), email: query.get('email'), token: query.get('token'), password: userPassword, fullName: 'Grace Hopper',
  });
  const user = new PocketBase(url);
  await user.collection('users').authWithPassword('grace@example.com', userPassword);
  const form = new FormData();
  form.append('photo', new Blob([PHOTO], { type: 'image/png' }), 'grace.png');
  const withPhoto = await user.collection('users').update(signedUp.userId, form);

  const invoice = await su.collection('tax_documents').getFirstListItem(su.filter('registration = {:id} && kind = "invoice"', { id: paid.registrationId }));
  const attendeesOf = async (id) => (await su.collection('attendees').getFullList({ filter: su.filter('registration = {:id}', { id }), sort: 'full_name' }))
    .map((row) => ({ id: row.id, email: row.email, status: row.registration_status, ticket_code: row.ticket_code }));
  const registrationOf = async (id, order) => {
    const row = await su.collection('registrations').getOne(id);
    return { id, kind: row.kind, status: row.status, total_amount_cents: row.total_amount_cents, order_key: order?.key ?? '', attendees: await attendeesOf(id) };
  };
  const paidOrder = (await call(url, 'GET', `/api/masterclass/checkout/${encodeURIComponent(paid.sessionId)}`)).order;
  return {
    event: { id: event.id, price_cents: PRICE_CENTS },
    registrations: {
      paid: await registrationOf(paid.registrationId, paidOrder),
      promo: await registrationOf(free.registrationId, free.order),
      waitlist: await registrationOf(waiting.registrationId),
    },
    invoice: { id: invoice.id, number: invoice.number, amount_cents: invoice.amount_cents },
    user: {
      id: signedUp.userId, email: 'grace@example.com', password: userPassword, attendee: grace.id,
      photo: withPhoto.photo, photo_sha256: createHash('sha256').update(PHOTO).digest('hex'),
    },
  };
}

async function main() {
  if (!existsSync(bin)) throw new Error(`No PocketBase binary at ${bin} (npm run -s build:server builds this checkout's)`);
  const goMod = readFileSync(path.join(root, 'pocketbase', 'go.mod'), 'utf8');
  const version = `PocketBase ${/github\.com\/pocketbase\/pocketbase (v[\w.-]+)/.exec(goMod)?.[1] ?? 'unknown'}`;
  const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  await placeVendor();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'previous-release-'));
  let child;
  try {
    pocketbase(['migrate', 'up', '--dir', dataDir]);
    const superuser = { email: 'fixture-superuser@example.com', password: randomBytes(16).toString('hex') };
    pocketbase(['superuser', 'upsert', superuser.email, superuser.password, '--dir', dataDir]);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    child = spawn(bin, ['serve', '--dev=false', '--http', `127.0.0.1:${port}`, '--dir', dataDir, '--hooksDir', hooksDir, '--migrationsDir', migrationsDir], {
      env, stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitForHealth(url, child);
    const su = new PocketBase(url);
    su.autoCancellation(false);
    await su.collection('_superusers').authWithPassword(superuser.email, superuser.password);
    const data = await makeData(url, su);
    await new Promise((resolve) => { child.once('exit', resolve); child.kill('SIGTERM'); });
    // the superuser was only for arranging; the test makes its own
    pocketbase(['superuser', 'delete', superuser.email, '--dir', dataDir]);

    mkdirSync(fixtureDir, { recursive: true });
    const kept = ['data.db', 'storage'].filter((name) => existsSync(path.join(dataDir, name)));
    execFileSync('tar', ['-czf', path.join(fixtureDir, 'data.tar.gz'), '--sort=name', '--owner=0', '--group=0', '--numeric-owner', '-C', dataDir, ...kept]);
    const manifest = {
      made_by: { pocketbase: version, commit, at: new Date().toISOString().slice(0, 10) },
      migrations: readdirSync(migrationsDir).filter((name) => name.endsWith('.js')).sort(),
      app_url: APP_URL,
      ...data,
    };
    writeFileSync(path.join(fixtureDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    console.log(`Wrote ${path.relative(projectRoot, fixtureDir)}/data.tar.gz and manifest.json (${version}, ${commit.slice(0, 10)})`);
  } finally {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
