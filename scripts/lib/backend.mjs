// Starts the project's PocketBase for `npm start` and `npm run dev`, in the
// mode the environment names (pb_hooks/lib/core/app-env.js, the server's own
// rule): development creates the development accounts and promo code and
// switches the simulated checkout on; production does none of it.
import path from 'node:path';
import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import { defaultDataDir, defaultHttpAddr, hooksDir, root } from './paths.mjs';
import { ensureServerBinary } from './build-server.mjs';
import { startPocketBase } from './pocketbase-process.mjs';
import { ensureAdministrator, ensureSuperuser, forgetCredentialsInProduction, printCredentials } from './dev-credentials.mjs';
import { describeDevPromoCode, ensureDevPromoCode } from './dev-promo.mjs';

/** The server's mode rule, a pure CommonJS hook file, run here as the hooks run it. */
function loadAppEnv() {
  const module = { exports: {} };
  const file = path.join(hooksDir, 'lib/core/app-env.js');
  vm.runInNewContext(readFileSync(file, 'utf8'), { module, exports: module.exports }, { filename: file });
  return module.exports;
}
const { appMode } = loadAppEnv();

/** The mode `npm start` runs the server in: { mode, reason, problem }. */
export const startMode = () => appMode((name) => process.env[name]);

/**
 * In development the local server takes paid registrations through the
 * simulated checkout unless the environment says otherwise (SIMULATED_CHECKOUT
 * set, or a Stripe key); production never switches it on, nor does the server
 * by itself.
 */
function backendEnv(mode) {
  const env = process.env.APP_URL ? { APP_URL: process.env.APP_URL } : {};
  const stripeConfigured = Boolean(process.env.STRIPE_SECRET_KEY?.trim() || process.env.STRIPE_WEBHOOK_SECRET?.trim());
  if (mode === 'development' && process.env.SIMULATED_CHECKOUT === undefined && !stripeConfigured) env.SIMULATED_CHECKOUT = 'on';
  return env;
}

/**
 * @param {{ quiet?: boolean, print?: (text: string) => void }} [options]
 *   quiet: the server's own output is kept (server.output()) instead of shown;
 *   print: where the start's summary goes (quiet: nowhere unless given)
 */
export async function startBackend({ quiet = false, print = quiet ? () => {} : (text) => console.log(text) } = {}) {
  const httpAddr = process.env.HTTP_ADDR || defaultHttpAddr;
  const dataDir = path.resolve(root, process.env.DATA_DIR || defaultDataDir);
  const current = startMode();
  if (current.problem) throw new Error(`Refusing to start: ${current.problem}`);
  ensureServerBinary();
  if (current.mode === 'production') return startProduction({ dataDir, httpAddr, quiet, print, current });

  const { credentials, created } = ensureSuperuser(dataDir);
  const server = await startPocketBase({ dataDir, httpAddr, inheritOutput: !quiet, env: backendEnv(current.mode) });
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
  print(`\n  Development mode (${current.reason}).`);
  printCredentials(print, server.url, dataDir, credentials);
  if (promo) print(describeDevPromoCode(server.url, promo));
  return Object.assign(server, { mode: current.mode });
}

/** Production: no development account, password file, promo code or simulated checkout. */
async function startProduction({ dataDir, httpAddr, quiet, print, current }) {
  const removed = forgetCredentialsInProduction(dataDir);
  const server = await startPocketBase({ dataDir, httpAddr, inheritOutput: !quiet, env: backendEnv(current.mode) });
  print(`
  AI Champions Masterclass is running at ${server.url} in production mode (${current.reason}).
  No development accounts, password file, promo code or simulated checkout are made.
  PocketBase dashboard: ${server.url}/_/ — with no superuser yet, open the link PocketBase printed above,
  or run: .bin/pocketbase superuser upsert EMAIL PASSWORD --dir ${dataDir}
${removed}
  Press Ctrl-C to stop.
`);
  return Object.assign(server, { mode: current.mode });
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
