// Measures what a first visit to the landing page downloads: every JS and CSS
// file the browser requests until the page is idle, with gzip sizes.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { distDir } from '../scripts/lib/paths.mjs';
import { freePort, startPocketBase } from '../scripts/lib/pocketbase-process.mjs';

const launchArgs = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export async function measureLandingBundle() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'masterclass-bench-'));
  const server = await startPocketBase({ dataDir, httpAddr: `127.0.0.1:${await freePort()}` });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: launchArgs });
  try {
    const page = await browser.newPage();
    const assets = new Set();
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (/\.(js|css)$/.test(pathname)) assets.add(pathname);
    });
    await page.goto(server.url, { waitUntil: 'networkidle' });
    const files = [...assets].sort().map((pathname) => {
      const content = readFileSync(path.join(distDir, pathname));
      return { file: pathname, kind: pathname.endsWith('.css') ? 'css' : 'js', bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
    });
    const total = (kind, key) => files.filter((f) => f.kind === kind).reduce((sum, f) => sum + f[key], 0);
    return {
      route: '/',
      js: { files: files.filter((f) => f.kind === 'js').length, bytes: total('js', 'bytes'), gzipBytes: total('js', 'gzipBytes') },
      css: { files: files.filter((f) => f.kind === 'css').length, bytes: total('css', 'bytes'), gzipBytes: total('css', 'gzipBytes') },
      files,
    };
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
