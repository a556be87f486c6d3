// Starts the project's PocketBase for `npm start` and `npm run dev`.
import path from 'node:path';
import { defaultDataDir, defaultHttpAddr, root } from './paths.mjs';
import { ensureServerBinary } from './build-server.mjs';
import { startPocketBase } from './pocketbase-process.mjs';
import { ensureAdministrator, ensureSuperuser, printCredentials } from './dev-credentials.mjs';
import { describeDevPromoCode, ensureDevPromoCode } from './dev-promo.mjs';

/**
 * The local server takes paid registrations through the simulated checkout
 * unless the environment says otherwise (SIMULATED_CHECKOUT set, or a Stripe
 * key); the server itself never switches it on by default.
 */
function backendEnv() {
  const env = process.env.APP_URL ? { APP_URL: process.env.APP_URL } : {};
  const stripeConfigured = Boolean(process.env.STRIPE_SECRET_KEY?.trim() || process.env.STRIPE_WEBHOOK_SECRET?.trim());
  if (process.env.SIMULATED_CHECKOUT === undefined && !stripeConfigured) env.SIMULATED_CHECKOUT = 'on';
  return env;
}

/** @param {{ quiet?: boolean }} [options] */
export async function startBackend({ quiet = false } = {}) {
  const httpAddr = process.env.HTTP_ADDR || defaultHttpAddr;
  const dataDir = path.resolve(root, process.env.DATA_DIR || defaultDataDir);
  ensureServerBinary();
  const { credentials, created } = ensureSuperuser(dataDir);
  const server = await startPocketBase({ dataDir, httpAddr, inheritOutput: !quiet, env: backendEnv() });
  try {
    if (created) await ensureAdministrator(server.url, dataDir, credentials);
  } catch (error) {
    await server.stop();
    throw error;
  }
  // The README's development promo code, usable again on every start (scripts/lib/dev-promo.mjs).
  let promo = null;
  try {
    promo = await ensureDevPromoCode(server.url, credentials.superuser);
  } catch (error) {
    console.warn(`  Could not refresh the development promo code: ${error.message}`);
  }
  if (!quiet) {
    printCredentials(server.url, dataDir, credentials);
    if (promo) console.log(describeDevPromoCode(server.url, promo));
  }
  return server;
}

/** Stops the children on Ctrl-C or when one of them exits. */
export function stopAllOnSignal(children) {
  const stop = async (code) => {
    await Promise.all(children.map((child) => child.stop()));
    process.exit(code);
  };
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));
  for (const child of children) child.child.once('exit', (exitCode) => stop(exitCode ?? 0));
}
