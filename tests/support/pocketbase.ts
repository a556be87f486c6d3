// A fresh PocketBase for a test suite: its own temporary data dir, a free port,
// the project's hooks and migrations, and a superuser to arrange data with.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import PocketBase from 'pocketbase';
import { freePort, startPocketBase, upsertSuperuser } from '../../scripts/lib/pocketbase-process.mjs';
import { ensureServerBinary } from '../../scripts/lib/build-server.mjs';

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

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  ensureServerBinary({ log: () => {} });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'masterclass-pb-'));
  const superuser = { email: 'superuser@test.local', password: randomBytes(12).toString('hex') };
  const env = { ...DEFAULT_ENV, ...options.env };
  // The first upsert migrates: under the suite's environment, as the server then runs.
  upsertSuperuser({ dataDir, ...superuser, env });
  const port = await freePort();
  const server = await startPocketBase({ dataDir, httpAddr: `127.0.0.1:${port}`, env, publicDir: options.publicDir });
  return {
    url: server.url,
    dataDir,
    superuser,
    guest: () => new PocketBase(server.url),
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
