// What the benchmarks share to drive a browser and the API: Debian's Chromium
// (CHROMIUM_PATH to use another) with the flags tests/support/browser.ts uses
// (a TypeScript file Node 20 cannot import), and a JSON call that fails loudly.
import { chromium } from '@playwright/test';

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
