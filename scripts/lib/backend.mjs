// Starts the project's PocketBase for `npm start` and `npm run dev`.
import path from 'node:path';
import { defaultDataDir, defaultHttpAddr, root } from './paths.mjs';
import { ensureServerBinary } from './build-server.mjs';
import { startPocketBase } from './pocketbase-process.mjs';
import { ensureAdministrator, ensureSuperuser, printCredentials } from './dev-credentials.mjs';

/** @param {{ quiet?: boolean }} [options] */
export async function startBackend({ quiet = false } = {}) {
  const httpAddr = process.env.HTTP_ADDR || defaultHttpAddr;
  const dataDir = path.resolve(root, process.env.DATA_DIR || defaultDataDir);
  ensureServerBinary();
  const { credentials, created } = ensureSuperuser(dataDir);
  const server = await startPocketBase({ dataDir, httpAddr, inheritOutput: !quiet, env: process.env.APP_URL ? { APP_URL: process.env.APP_URL } : {} });
  try {
    if (created) await ensureAdministrator(server.url, dataDir, credentials);
  } catch (error) {
    await server.stop();
    throw error;
  }
  if (!quiet) printCredentials(server.url, dataDir, credentials);
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
