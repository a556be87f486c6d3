// Measures what a first visit to the landing page downloads: the first load (the
// JS and CSS files index.html names: its stylesheets, and the module entry with
// the modules it preloads, which its loader starts once the hero has painted:
// what the landing page's first render needs, whose gzip sizes the budget is
// about), what loads after it until the page is idle (toasts, the service worker
// prompt, the remaining styles, loaded on purpose after the first render), and the
// bytes actually received on that cold load (every response of the page, as sent
// by the server: compressed where it compresses).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { readBundleReport } from '../scripts/lib/bundle-report.mjs';
import { distDir, root } from '../scripts/lib/paths.mjs';
import { freePort, startPocketBase } from '../scripts/lib/pocketbase-process.mjs';
import { launchChromium } from './lib/browser.mjs';

/**
 * Libraries only the attendee tools (charts, search, the ticket's QR code) or
 * the admin area (tables, the door's QR reader) or the business case's downloads use: none may be in the landing page's first load.
 */
export const TOOL_AND_ADMIN_PACKAGES = [
  '@mantine/charts', 'recharts', 'recharts-scale', 'victory-vendor', 'react-smooth', 'minisearch', 'qrcode-generator', 'jsqr',
  '@tanstack/react-table', '@tanstack/table-core', '@tanstack/react-virtual', '@mantine/dates', 'dayjs', 'papaparse',
  // the business case's PDF and Word downloads, loaded when one is asked for
  'jspdf', 'docx', 'html2canvas', 'canvg', 'dompurify', 'fflate', 'jszip',
];

/** The npm packages in the given built files, from the build's bundle report, and the tool/admin ones among them. */
export function packagesIn(files, report) {
  const packages = new Set(files.flatMap((file) => report[file.replace(/^\//, '')] ?? []));
  const sorted = [...packages].sort();
  return { packages: sorted, toolAndAdminPackages: sorted.filter((name) => TOOL_AND_ADMIN_PACKAGES.includes(name) || name.startsWith('d3-')) };
}

export async function measureLandingBundle({ publicDir = distDir } = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'masterclass-bench-'));
  const server = await startPocketBase({ dataDir, httpAddr: `127.0.0.1:${await freePort()}`, publicDir });
  const browser = await launchChromium();
  try {
    // A fresh context: empty HTTP cache, so this is a cold load.
    const page = await browser.newPage();
    const assets = new Map();
    const received = [];
    const firstLoadFiles = filesNamedBy(readFileSync(path.join(publicDir, 'index.html'), 'utf8'));
    let loaded = false;
    let firstLoadRequests = 0;
    page.on('load', () => {
      loaded = true;
    });
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (!loaded) firstLoadRequests += 1;
      if (/\.(js|css)$/.test(pathname) && !assets.has(pathname)) assets.set(pathname, firstLoadFiles.has(pathname) ? 'firstLoad' : 'afterLoad');
    });
    page.on('requestfinished', (request) => {
      received.push(transferOf(request));
    });
    let lastRequestAt = Date.now();
    page.on('request', () => {
      lastRequestAt = Date.now();
    });
    await page.goto(server.url, { waitUntil: 'load' });
    // The app has run (the event record is on the page), then no request for 1.5 s:
    // what loads after the first render (toasts, the service worker prompt, the
    // remaining styles, the offline copy's database) is in.
    await page.getByText('Limited to 50 participants', { exact: true }).waitFor({ timeout: 30_000 });
    const settleBy = Date.now() + 15_000;
    while (Date.now() - lastRequestAt < 1500 && Date.now() < settleBy) await page.waitForTimeout(250);
    const transferred = await Promise.all(received);
    const files = [...assets].sort(([a], [b]) => a.localeCompare(b)).map(([pathname, phase]) => {
      const content = readFileSync(path.join(publicDir, pathname));
      return { file: pathname, phase, kind: pathname.endsWith('.css') ? 'css' : 'js', bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
    });
    const sum = (kind, phase) => {
      const picked = files.filter((f) => f.kind === kind && f.phase === phase);
      return { files: picked.length, bytes: picked.reduce((total, f) => total + f.bytes, 0), gzipBytes: picked.reduce((total, f) => total + f.gzipBytes, 0) };
    };
    const firstLoadPackages = packagesIn(files.filter((f) => f.kind === 'js' && f.phase === 'firstLoad').map((f) => f.file), readBundleReport(root, publicDir));
    if (firstLoadPackages.toolAndAdminPackages.length > 0) {
      throw new Error(`The landing page's first load carries libraries only the tools or the admin area use: ${firstLoadPackages.toolAndAdminPackages.join(', ')}`);
    }
    return {
      route: '/',
      // The first load: everything requested before the load event.
      js: sum('js', 'firstLoad'),
      // npm packages in the first load's JS (none of TOOL_AND_ADMIN_PACKAGES, or the bench fails).
      firstLoadPackages: firstLoadPackages.packages,
      css: sum('css', 'firstLoad'),
      // Requests before the page's load event (the HTML, its stylesheets, the hero art, fonts).
      firstLoadRequests,
      // Loaded after the first load, before the page is idle.
      afterLoad: { js: sum('js', 'afterLoad'), css: sum('css', 'afterLoad') },
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

/** The built JS and CSS files index.html names (its links and scripts, and the files its loader script starts). */
export function filesNamedBy(html) {
  return new Set([...html.matchAll(/["'](\/assets\/[^"']+\.(?:js|css))["']/g)].map((match) => match[1]));
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
