// What the benchmarks share to drive a browser and the API: Debian's Chromium
// (CHROMIUM_PATH to use another) with the flags tests/support/browser.ts uses
// (a TypeScript file Node 20 cannot import), a JSON call that fails loudly,
// and the server, superuser and browser most of them start with.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { freePort, startPocketBase, upsertSuperuser } from '../../scripts/lib/pocketbase-process.mjs';

export const launchArgs = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** A headless Chromium for one benchmark. */
export function launchChromium() {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: launchArgs });
}

/**
 * A JSON request to the server (POST unless `method` says otherwise), its
 * answer parsed; any status but 2xx throws with the server's words.
 * @param {string} url
 * @param {{ token?: string, body?: unknown, method?: string }} [options]
 */
export async function api(url, { token, body, method = 'POST' } = {}) {
  const response = await fetch(url, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

/**
 * What most benchmarks start with: a PocketBase of their own on a fresh data
 * folder serving the build in `publicDir`, a superuser's token, a Chromium,
 * and the load average at the start (figures from a busy machine are not
 * comparable, so it is kept beside them). `stop()` ends them all and removes
 * the folder (BENCH_KEEP_DATA=1 keeps it, to look at query plans afterwards).
 * @param {{ publicDir: string, env?: Record<string, string> }} options
 */
export async function startBenchRig({ publicDir, env = {} }) {
  const loadAverageAtStart = os.loadavg().map((value) => Math.round(value * 100) / 100);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'masterclass-bench-'));
  const superuser = { email: 'bench-superuser@example.com', password: `bench-${Date.now()}-pass` };
  upsertSuperuser({ dataDir, ...superuser });
  const server = await startPocketBase({ dataDir, httpAddr: `127.0.0.1:${await freePort()}`, publicDir, env });
  const stopServer = async () => {
    await server.stop();
    if (process.env.BENCH_KEEP_DATA) console.error(`Data kept in ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  };
  let browser;
  let superuserToken;
  try {
    browser = await launchChromium();
    superuserToken = (await api(`${server.url}/api/collections/_superusers/auth-with-password`, { body: { identity: superuser.email, password: superuser.password } })).token;
  } catch (error) {
    await browser?.close();
    await stopServer();
    throw error;
  }
  return {
    loadAverageAtStart, dataDir, server, browser, superuserToken,
    async stop() {
      await browser.close();
      await stopServer();
    },
  };
}
