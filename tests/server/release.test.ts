// `npm run release` (scripts/release.mjs) as an organiser uses it: the archive
// is unpacked into an empty folder and started with `env -i` and a PATH that
// holds `sh` only (no node, no go), in production mode, with the example
// settings file the release carries (ai-champions.env) filled in as an
// organiser would: the public https address, the trusted proxy header, and a
// real SMTP server. Through HTTP only: the first superuser made with
// `./run superuser upsert`, an in-app administrator who signs in, opens sales
// and makes a promo code; the landing page served (precompressed assets, HSTS);
// a visitor registers with the code, gets the invitation by email, signs up
// from it and signs in to find their seat. No development account, password
// file or promo code exists, and the run script refuses a development mode or
// a missing data folder or address.
//
// Cost: one release build (the app built once with vite straight into the
// release folder and precompressed; the PocketBase binary reused from .bin/)
// and one PocketBase start: about 39 CPU-seconds in all, 34 of them the
// build (measured on the 2-core machine at load 21: 167 s of wall time).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import PocketBase from 'pocketbase';
import { freePort } from '../../scripts/lib/pocketbase-process.mjs';
import { root } from '../../scripts/lib/paths.mjs';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { EVENT_SLUG, UPCOMING_EVENT_TIMES } from '../support/masterclassEvent';
import { promoBody } from './registration-helpers';

const APP_URL = 'https://masterclass.example.com';
const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
const NAME = `ai-champions-${version}`;

const temporary: string[] = [];
const tempDir = (prefix: string) => {
  const directory = mkdtempSync(path.join(os.tmpdir(), prefix));
  temporary.push(directory);
  return directory;
};

let releaseDir: string;
let archiveEntries: string[];
let folder: string;
/** A PATH with sh only: the one tool the run script needs. */
let binDir: string;
let dataDir: string;
let smtp: TestSmtpServer;
let server: ChildProcess | undefined;
let output = '';
let url: string;
let settings: Record<string, string>;
const superuser = { email: 'owner@masterclass.example.com', password: randomBytes(12).toString('hex') };

/** The settings file the way systemd reads it (KEY=value a line, # comments). */
function readEnvironmentFile(file: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) values[match[1]] = match[2];
  }
  return values;
}

/** `env -i PATH=<sh only> NAME=value… <command>`: nothing of this process's environment. */
function cleanEnvArgs(env: Record<string, string>, command: string[]): string[] {
  return ['-i', `PATH=${binDir}`, ...Object.entries(env).map(([name, value]) => `${name}=${value}`), ...command];
}

function runOnce(env: Record<string, string>, args: string[]) {
  return spawnSync('/usr/bin/env', cleanEnvArgs(env, [path.join(folder, 'run'), ...args]), { encoding: 'utf8', timeout: 60_000 });
}

async function waitForHealth(deadlineMs: number) {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    if (server?.exitCode !== null) throw new Error(`The release exited with ${server?.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The release did not answer within ${deadlineMs} ms:\n${output}`);
}

/** A request as Caddy passes it on: the visitor's address in X-Forwarded-For. */
async function call(method: string, route: string, { body, token, visitor = '203.0.113.10' }: { body?: unknown; token?: string; visitor?: string } = {}) {
  const response = await fetch(`${url}${route}`, {
    method,
    headers: {
      'X-Forwarded-For': visitor,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: token } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
  return { status: response.status, headers: response.headers, text, body: json as any };
}

beforeAll(async () => {
  // The release, built as `npm run release` builds it, into a folder of its own.
  releaseDir = tempDir('masterclass-release-');
  // Under npm test the browser tests' build is reused (RELEASE_APP_DIR, ready once its marker is written):
  // the app is built once per run. Alone, the release builds its own, as `npm run release` does.
  const prebuilt = process.env.RELEASE_APP_DIR;
  if (prebuilt) {
    const ready = `${prebuilt}.ready`;
    const deadline = Date.now() + 10 * 60_000;
    while (!existsSync(ready)) {
      if (Date.now() > deadline) throw new Error(`the app build at ${prebuilt} was not ready within 10 minutes`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  execFileSync(process.execPath, [path.join(root, 'scripts/release.mjs'), '--out-dir', releaseDir, ...(prebuilt ? ['--app', prebuilt] : [])], { cwd: root, stdio: 'pipe' });
  const archive = path.join(releaseDir, `${NAME}.tar.gz`);
  archiveEntries = execFileSync('tar', ['-tzf', archive], { encoding: 'utf8' }).split('\n').filter(Boolean);

  // Unpacked into an empty folder, as on a server.
  const unpacked = tempDir('masterclass-unpacked-');
  execFileSync('tar', ['-xzf', archive, '-C', unpacked]);
  folder = path.join(unpacked, NAME);

  binDir = tempDir('masterclass-bin-');
  symlinkSync('/bin/sh', path.join(binDir, 'sh'));
  dataDir = path.join(tempDir('masterclass-release-data-'), 'data');
  mkdirSync(dataDir);

  smtp = await startSmtpServer();
  url = `http://127.0.0.1:${await freePort()}`;
  settings = {
    ...readEnvironmentFile(path.join(folder, 'ai-champions.env')),
    APP_ENV: 'production',
    APP_URL,
    HTTP_ADDR: url.replace('http://', ''),
    DATA_DIR: dataDir,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    // fewer prewarmed JS runtimes than production's 200: a cheaper start, the same server
    HOOKS_POOL: '4',
  };

  // The first superuser, as RUNNING.md says (this also runs the migrations).
  const upsert = runOnce(settings, ['superuser', 'upsert', superuser.email, superuser.password]);
  expect(upsert.status, `${upsert.stdout}${upsert.stderr}`).toBe(0);

  server = spawn('/usr/bin/env', cleanEnvArgs(settings, [path.join(folder, 'run')]), { stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout?.on('data', (chunk) => { output += chunk; });
  server.stderr?.on('data', (chunk) => { output += chunk; });
  await waitForHealth(30_000);
}, 600_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await smtp?.stop();
  for (const directory of temporary) rmSync(directory, { recursive: true, force: true });
});

describe('the release', () => {
  it('is one folder holding the server, the built app, hooks with their packages, migrations, the run script and the examples', () => {
    expect(new Set(archiveEntries.map((entry) => entry.split('/')[0]))).toEqual(new Set([NAME]));
    expect(readdirSync(folder).sort()).toEqual([
      'Caddyfile', 'RUNNING.md', 'VERSION', 'ai-champions.env', 'ai-champions.service', 'litestream', 'pb_hooks', 'pb_migrations', 'pocketbase', 'public', 'run',
    ].sort());
    for (const program of ['pocketbase', 'litestream', 'run']) expect(statSync(path.join(folder, program)).mode & 0o111).toBe(0o111);
    // the server binary is stripped: no symbol table, no debug sections (binutils' readelf reads it)
    const sections = execFileSync('readelf', ['-S', '--wide', path.join(folder, 'pocketbase')], { encoding: 'utf8' });
    expect(sections).toContain('.text');
    expect(sections).not.toMatch(/\s\.symtab\s|\s\.z?debug_\w+\s/);
    expect(existsSync(path.join(folder, 'public/index.html'))).toBe(true);
    expect(readdirSync(path.join(folder, 'public/assets')).some((file) => file.endsWith('.js.br'))).toBe(true);
    expect(existsSync(path.join(folder, 'pb_hooks/vendor'))).toBe(false);
    expect(readdirSync(path.join(folder, 'pb_migrations')).sort()).toEqual(readdirSync(path.join(root, 'pb_migrations')).sort());
    expect(readFileSync(path.join(folder, 'VERSION'), 'utf8')).toMatch(new RegExp(`^version ${version.replace(/\./g, '\\.')}\\ncommit \\S+.*\\npocketbase v0\\.39\\.\\d+\\n`));

    const unit = readFileSync(path.join(folder, 'ai-champions.service'), 'utf8');
    for (const line of ['User=ai-champions', 'EnvironmentFile=/etc/ai-champions/ai-champions.env', 'StateDirectory=ai-champions',
      'ExecStart=/usr/bin/env DATA_DIR=/var/lib/ai-champions /opt/ai-champions/current/run', 'Restart=on-failure',
      'NoNewPrivileges=yes', 'ProtectSystem=strict']) expect(unit.split('\n')).toContain(line);
    // EnvironmentFile= overrides Environment=: the data folder is never left to either
    expect(unit.split('\n').filter((line) => /^Environment=.*DATA_DIR/.test(line))).toEqual([]);
    const caddy = readFileSync(path.join(folder, 'Caddyfile'), 'utf8');
    const directives = caddy.split('\n').filter((line) => !line.trim().startsWith('#')).join('\n');
    expect(directives).toContain('reverse_proxy 127.0.0.1:8090');
    expect(directives).toMatch(/Strict-Transport-Security "max-age=31536000"/);
    expect(directives).not.toMatch(/\bencode\b/);
    expect(caddy).toContain('TRUSTED_PROXY_HEADERS=X-Forwarded-For');
  });

  it('starts from a PATH without node or go, in production mode', () => {
    const look = (tool: string) => spawnSync('/usr/bin/env', cleanEnvArgs({}, ['/bin/sh', '-c', `command -v ${tool}`])).status;
    expect(look('sh')).toBe(0);
    expect(look('node')).not.toBe(0);
    expect(look('go')).not.toBe(0);
    expect(output).toContain('App mode: production (APP_ENV=production)');
  });

  it('serves the landing page and the built app, precompressed, with HSTS', async () => {
    const landing = await call('GET', '/');
    expect(landing.status).toBe(200);
    expect(landing.headers.get('content-type')).toContain('text/html');
    expect(landing.headers.get('strict-transport-security')).toBe('max-age=31536000');
    expect(landing.text).toContain('<script type="application/json" id="landing-data">');
    // The app's entry (named after index.html): over 1 KiB, so the build wrote its compressed copies.
    const script = /"(\/assets\/index-[^"]+\.js)"/.exec(landing.text)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${url}${script}`, { headers: { 'Accept-Encoding': 'br' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-encoding')).toBe('br');
  });

  it('takes a registration, and the attendee signs up from the emailed invitation and signs in', async () => {
    const su = new PocketBase(url);
    await su.collection('_superusers').authWithPassword(superuser.email, superuser.password);
    // The organiser's first in-app administrator, made in the dashboard.
    const organiser = { email: 'organiser@masterclass.example.com', password: randomBytes(12).toString('hex') };
    await su.collection('users').create({
      ...organiser, passwordConfirm: organiser.password, role: 'administrator', verified: true, full_name: 'Event Organiser',
    });
    const signIn = await call('POST', '/api/collections/users/auth-with-password', { body: { identity: organiser.email, password: organiser.password } });
    expect(signIn.status).toBe(200);
    const adminToken = signIn.body.token as string;

    // Sales open for a masterclass still to come, and a promo code, as the admin area writes them.
    const events = await call('GET', `/api/collections/events/records?filter=${encodeURIComponent(`slug = "${EVENT_SLUG}"`)}`, { token: adminToken });
    const event = events.body.items[0];
    const opened = await call('PATCH', `/api/collections/events/records/${event.id}`, { token: adminToken, body: { sales_state: 'open', ...UPCOMING_EVENT_TIMES } });
    expect(opened.status).toBe(200);
    const expires = new Date(Date.now() + 7 * 86_400_000).toISOString().replace('T', ' ');
    const promo = await call('POST', '/api/collections/promo_codes/records', {
      token: adminToken, body: { code: 'FRIENDS-OF-AI', event: event.id, max_uses: 5, used_count: 0, expires_at: expires, active: true },
    });
    expect(promo.status).toBe(200);

    // A visitor registers with it.
    const body = promoBody('friends-of-ai');
    const attendee = body.attendees[0] as { email: string; fullName: string };
    const registered = await call('POST', '/api/masterclass/registrations', { body, visitor: '198.51.100.23' });
    expect(registered.status, registered.text).toBe(201);
    expect((await call('GET', '/api/masterclass/event')).body.seats_left).toBe(49);

    // Both emails go out by SMTP; the invitation carries the working sign-up link at the public address.
    const [confirmation] = await smtp.waitFor((mail) => mail.to.includes(attendee.email) && /is confirmed/.test(mail.subject));
    expect(confirmation.subject).toBe('Your place at the AI Champions Masterclass is confirmed');
    const [invitation] = await smtp.waitFor((mail) => mail.to.includes(attendee.email) && /Create your account/.test(mail.subject));
    const link = new URL(/https:\/\/masterclass\.example\.com\/auth\?\S+/.exec(invitation.text)?.[0] ?? '');
    const [attendeeId, email, token] = ['attendeeId', 'email', 'token'].map((name) => link.searchParams.get(name) ?? '');
    expect(email).toBe(attendee.email);

    const lookup = await call('GET', `/api/masterclass/invitations/${attendeeId}?${new URLSearchParams({ email, token })}`, { visitor: '198.51.100.23' });
    expect(lookup.status, lookup.text).toBe(200);
    const password = 'a long and private passphrase';
    const signup = await call('POST', '/api/masterclass/signup', {
      body: { attendeeId, email, token, password, fullName: attendee.fullName }, visitor: '198.51.100.23',
    });
    expect(signup.status, signup.text).toBe(201);

    const session = await call('POST', '/api/collections/users/auth-with-password', { body: { identity: email, password }, visitor: '198.51.100.23' });
    expect(session.status).toBe(200);
    expect(session.body.record).toMatchObject({ email, role: 'attendee', verified: true });
    const seats = await call('GET', '/api/collections/attendees/records', { token: session.body.token, visitor: '198.51.100.23' });
    expect(seats.body.items).toHaveLength(1);
    expect(seats.body.items[0]).toMatchObject({ id: attendeeId, email, registration_status: 'confirmed' });
  });

  it('makes no development account, password file or promo code, and never the simulated checkout', async () => {
    const su = new PocketBase(url);
    await su.collection('_superusers').authWithPassword(superuser.email, superuser.password);
    expect((await su.collection('_superusers').getFullList()).map((record) => record.email)).toEqual([superuser.email]);
    const users = await su.collection('users').getFullList();
    expect(users.filter((user) => user.role === 'administrator').map((user) => user.email)).toEqual(['organiser@masterclass.example.com']);
    expect(users.map((user) => user.email).join(' ')).not.toContain('aichampions.test');
    expect((await su.collection('promo_codes').getFullList()).map((code) => code.code)).toEqual(['FRIENDS-OF-AI']);
    expect(existsSync(path.join(dataDir, 'dev-credentials.json'))).toBe(false);
    expect(output).not.toMatch(/aichampions\.test|CHAMPION2025/);
    // No Stripe keys in this file: paid registrations wait for them, never the simulated checkout.
    expect((await call('GET', '/api/masterclass/event')).body.checkout_mode).toBe('unavailable');
  });

  it('refuses a development mode, a missing data folder or a missing public address before starting', () => {
    const refused = (env: Record<string, string>, args: string[] = []) => {
      const run = runOnce(env, args);
      return { status: run.status, message: `${run.stdout}${run.stderr}`.trim() };
    };
    const ready = { DATA_DIR: dataDir, APP_URL, HTTP_ADDR: settings.HTTP_ADDR };
    expect(refused({ ...ready, APP_ENV: 'development' })).toEqual({
      status: 1,
      message: 'ai-champions: APP_ENV is "development": a release runs in production mode only (leave APP_ENV unset or set it to production).',
    });
    expect(refused({ APP_URL })).toMatchObject({ status: 1, message: expect.stringMatching(/^ai-champions: DATA_DIR is not set/) });
    expect(refused({ DATA_DIR: dataDir })).toMatchObject({ status: 1, message: expect.stringMatching(/^ai-champions: APP_URL is not set/) });
  });
});
