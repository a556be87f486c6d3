// Measures what a first visit to the landing page downloads: every JS and CSS
// file the browser requests until the page is idle, with gzip sizes, and the
// bytes actually received on that cold load (every response of the page, as
// sent by the server: compressed where it compresses).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { distDir } from '../scripts/lib/paths.mjs';
import { freePort, startPocketBase } from '../scripts/lib/pocketbase-process.mjs';

const launchArgs = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export async function measureLandingBundle({ publicDir = distDir } = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'masterclass-bench-'));
  const server = await startPocketBase({ dataDir, httpAddr: `127.0.0.1:${await freePort()}`, publicDir });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: launchArgs });
  try {
    // A fresh context: empty HTTP cache, so this is a cold load.
    const page = await browser.newPage();
    const assets = new Set();
    const received = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (/\.(js|css)$/.test(pathname)) assets.add(pathname);
    });
    page.on('requestfinished', (request) => {
      received.push(transferOf(request));
    });
    await page.goto(server.url, { waitUntil: 'networkidle' });
    const transferred = await Promise.all(received);
    const files = [...assets].sort().map((pathname) => {
      const content = readFileSync(path.join(publicDir, pathname));
      return { file: pathname, kind: pathname.endsWith('.css') ? 'css' : 'js', bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
    });
    const total = (kind, key) => files.filter((f) => f.kind === kind).reduce((sum, f) => sum + f[key], 0);
    return {
      route: '/',
      js: { files: files.filter((f) => f.kind === 'js').length, bytes: total('js', 'bytes'), gzipBytes: total('js', 'gzipBytes') },
      css: { files: files.filter((f) => f.kind === 'css').length, bytes: total('css', 'bytes'), gzipBytes: total('css', 'gzipBytes') },
      transfer: {
        requests: transferred.length,
        bodyBytes: transferred.reduce((sum, r) => sum + r.bodyBytes, 0),
        headerBytes: transferred.reduce((sum, r) => sum + r.headerBytes, 0),
        encodings: transferred.reduce((counts, r) => ({ ...counts, [r.encoding]: (counts[r.encoding] ?? 0) + 1 }), {}),
        responses: transferred.sort((a, b) => a.url.localeCompare(b.url)),
      },
      files,
    };
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** What the browser received for one request: body as sent (encoded), headers, encoding. */
async function transferOf(request) {
  const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
  const headers = response ? await response.allHeaders() : {};
  const { pathname } = new URL(request.url());
  return {
    url: pathname,
    status: response?.status() ?? 0,
    encoding: headers['content-encoding'] ?? 'identity',
    cacheControl: headers['cache-control'] ?? null,
    bodyBytes: sizes.responseBodySize,
    headerBytes: sizes.responseHeadersSize,
  };
}
