// A fresh PocketBase for a test suite: its own temporary data dir, a free port,
// the project's hooks and migrations, and a superuser to arrange data with.
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { hooksDir, migrationsDir, pocketbaseBin } from '../../scripts/lib/paths.mjs';
import PocketBase from 'pocketbase';
import { freePort, startPocketBase, upsertSuperuser } from '../../scripts/lib/pocketbase-process.mjs';
import { ensureServerBinary } from '../../scripts/lib/build-server.mjs';
import { loadHookModule } from './hook-module';

/**
 * For servers that take far more registrations or sign-ins than any one
 * visitor may (every request in a test comes from one address): rate limits
 * off and the seat allowances raised, explicitly, so limits are only relaxed
 * where a suite is not about them (tests/server/abuse-limits.test.ts is).
 */
export const LIMITS_RAISED = { RATE_LIMITS: 'off', HOLD_SEATS_PER_CLIENT: '100000', HOLD_SEATS_PER_EMAIL: '100000' } as const;

export interface TestServer {
  url: string;
  dataDir: string;
  superuser: { email: string; password: string };
  /** A client signed in as the superuser (bypasses every rule). */
  admin: () => Promise<PocketBase>;
  /** A client with no session. */
  guest: () => PocketBase;
  /** What the server printed so far (its start says its mode and backup schedule). */
  output: () => string;
  /** The server process (to find what it started, or to kill it as a lost machine would). */
  pid: number;
  stop: () => Promise<void>;
}

export interface TestServerOptions {
  /** Added to (and overriding) the test defaults, e.g. `{ SIMULATED_CHECKOUT: '' }`. */
  env?: Record<string, string>;
  publicDir?: string;
}

/**
 * Suites run in development mode and take paid registrations through the
 * simulated checkout unless they set up Stripe themselves; APP_ENV, Stripe and
 * AI model variables from the shell never leak in (custom use cases are drafted on the device unless a suite sets a model).
 */
const DEFAULT_ENV: Record<string, string> = {
  APP_ENV: '', SIMULATED_CHECKOUT: 'on', STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '', AI_API_URL: '', AI_API_KEY: '',
  // bcrypt's cheapest cost for test passwords (pb_hooks/password-cost.pb.js; ignored in production).
  PASSWORD_HASH_COST: '4',
};

const SUPERUSER_EMAIL = 'superuser@test.local';

/**
 * The template's superuser password, kept in the template (PocketBase ignores other files in its
 * data folder): a server on a copy signs in with it instead of running `superuser upsert`, a process
 * that loads every hook (about a quarter of a CPU-second, for each of some three hundred servers).
 */
const TEMPLATE_SUPERUSER_FILE = 'test-superuser-password';

/**
 * The environment the project's migrations read (the seeds ask lib/core/app-env.js whether this is
 * production) and the boot checks that run with them (the checkout mode, the password cost): a template
 * is made under a server's values of these.
 */
const MIGRATION_ENV = ['APP_ENV', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'SIMULATED_CHECKOUT', 'PASSWORD_HASH_COST'];

const appEnv = loadHookModule<{ appMode: (getenv: (name: string) => string | undefined) => { mode: string; problem: string } }>('core/app-env');

/**
 * What tells one template from another: the mode as the migrations decide it (the app's own
 * lib/core/app-env.js; the only thing they read from the environment), whether that decision is
 * refused, and the boot checks' other settings. Not the Stripe keys' values: the servers with
 * `sk_test_123`, `sk_test_unreachable` or another test key all run in production mode on the same
 * migrated data, so they share one template (each key made one before, about 2.5 CPU-seconds).
 */
function templateKey(env: Record<string, string>): string {
  const { mode, problem } = appEnv.appMode((name) => env[name]);
  return createHash('sha256').update(JSON.stringify([mode, problem, env.SIMULATED_CHECKOUT ?? '', env.PASSWORD_HASH_COST ?? ''])).digest('hex').slice(0, 16);
}

/**
 * A data folder with every migration applied under `env`, made once per test run and
 * environment (MIGRATED_TEMPLATES, a folder the runner's config makes for the run) and
 * copied for each server: running the project's migrations costs PocketBase about 2
 * CPU-seconds, and a run starts some three hundred servers. Made in a folder of its own
 * and renamed into place, so two workers asking at once both end with a whole one.
 * Without MIGRATED_TEMPLATES every server migrates its own folder.
 */
function migratedTemplate(serverEnv: Record<string, string>): string | null {
  const templates = process.env.MIGRATED_TEMPLATES;
  if (!templates) return null;
  // Made under the default environment plus what the migrations and boot checks read (MIGRATION_ENV), so
  // servers that differ only in other settings share one: some sixty templates a run became a handful. Settings from the environment are applied again at every boot
  // (pb_hooks/settings.pb.js), under the server's own environment.
  const env = { ...DEFAULT_ENV, ...Object.fromEntries(MIGRATION_ENV.filter((name) => name in serverEnv).map((name) => [name, serverEnv[name]])) };
  const key = templateKey(env);
  const ready = path.join(templates, key);
  if (existsSync(path.join(ready, 'data.db'))) return ready;
  const building = mkdtempSync(path.join(templates, `${key}-building-`));
  const password = randomBytes(12).toString('hex');
  upsertSuperuser({ dataDir: building, email: SUPERUSER_EMAIL, password, env });
  writeFileSync(path.join(building, TEMPLATE_SUPERUSER_FILE), password);
  execFileSync(pocketbaseBin, ['migrate', 'up', '--dir', building, '--migrationsDir', migrationsDir, '--hooksDir', hooksDir], {
    stdio: 'pipe',
    env: { ...process.env, ...env },
  });
  try {
    renameSync(building, ready);
  } catch {
    rmSync(building, { recursive: true, force: true }); // another worker made it first
  }
  return ready;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  ensureServerBinary({ log: () => {} });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'masterclass-pb-'));
  const env = { ...DEFAULT_ENV, ...options.env };
  const template = migratedTemplate(env);
  if (template) cpSync(template, dataDir, { recursive: true });
  // On a copy of the template every migration is done and its superuser is there. On a fresh folder, or a
  // copy of a template kept from a run before templates kept their password (MIGRATED_TEMPLATES set by hand), the upsert
  // applies PocketBase's own migrations and the server the project's, under the suite's environment.
  const kept = path.join(dataDir, TEMPLATE_SUPERUSER_FILE);
  let superuser: { email: string; password: string };
  if (template && existsSync(kept)) {
    superuser = { email: SUPERUSER_EMAIL, password: readFileSync(kept, 'utf8') };
  } else {
    superuser = { email: SUPERUSER_EMAIL, password: randomBytes(12).toString('hex') };
    upsertSuperuser({ dataDir, ...superuser, env });
  }
  // A port found free can still be taken before the server binds it (by a process outside the test
  // workers' blocks): the server then exits saying so, and starts again on another.
  const start = async (attempt: number): Promise<Awaited<ReturnType<typeof startPocketBase>>> => {
    try {
      return await startPocketBase({ dataDir, httpAddr: `127.0.0.1:${await freePort()}`, env, publicDir: options.publicDir });
    } catch (error) {
      if (attempt < 3 && /address already in use/.test(String(error))) return start(attempt + 1);
      throw error;
    }
  };
  const server = await start(1);
  return {
    url: server.url,
    dataDir,
    superuser,
    guest: () => new PocketBase(server.url),
    output: server.output,
    pid: server.child.pid!,
    admin: async () => {
      const client = new PocketBase(server.url);
      client.autoCancellation(false);
      await client.collection('_superusers').authWithPassword(superuser.email, superuser.password);
      return client;
    },
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
