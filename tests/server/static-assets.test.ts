// The built PWA as the server sends it: precompressed siblings (.br preferred,
// then .gz) when the client accepts them, with the original type and
// `Vary: Accept-Encoding`; hashed assets cached for a year, the HTML shell
// (and every SPA fallback), the service worker and the manifest revalidated;
// API paths still answer JSON 404s, never the shell.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { startTestServer, type TestServer } from '../support/pocketbase';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const APP_JS = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const INDEX_HTML = `<!doctype html><html><head><title>Shell</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>\n`;
const STYLE_CSS = `body { margin: 0; }\n${'.x { color: red; }\n'.repeat(100)}`;
const SW_JS = `self.addEventListener('fetch', () => {});\n${'// sw\n'.repeat(300)}`;
const MANIFEST = JSON.stringify({ name: 'Masterclass', short_name: 'Masterclass', display: 'standalone', padding: 'x'.repeat(2000) });
const FAVICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="8"/></svg>';

let publicDir: string;
let server: TestServer;

/** Writes a file and, when asked, its precompressed siblings. */
function put(name: string, content: string, siblings: Array<'br' | 'gz'> = []) {
  const file = path.join(publicDir, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  if (siblings.includes('br')) writeFileSync(`${file}.br`, brotliCompressSync(content));
  if (siblings.includes('gz')) writeFileSync(`${file}.gz`, gzipSync(content));
}

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET with exactly the headers given (fetch would add its own Accept-Encoding and decode). */
function get(urlPath: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${server.url}${urlPath}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

function varyList(headers: http.IncomingHttpHeaders): string[] {
  return String(headers.vary ?? '').toLowerCase().split(',').map((value) => value.trim());
}

beforeAll(async () => {
  publicDir = mkdtempSync(path.join(os.tmpdir(), 'masterclass-public-'));
  put('index.html', INDEX_HTML, ['br', 'gz']);
  put('assets/app-abc123.js', APP_JS, ['br', 'gz']);
  put('assets/only-gzip-abc123.js', APP_JS, ['gz']);
  put('assets/style-abc123.css', STYLE_CSS);
  put('sw.js', SW_JS, ['br', 'gz']);
  put('manifest.webmanifest', MANIFEST, ['br', 'gz']);
  put('favicon.svg', FAVICON);
  server = await startTestServer({ publicDir });
});

afterAll(async () => {
  await server?.stop();
  if (publicDir) rmSync(publicDir, { recursive: true, force: true });
});

describe('precompressed assets', () => {
  it('sends the brotli sibling when the client accepts br, with the original type', async () => {
    const response = await get('/assets/app-abc123.js', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/javascript/);
    expect(varyList(response.headers)).toContain('accept-encoding');
    expect(Number(response.headers['content-length'])).toBe(statSync(path.join(publicDir, 'assets/app-abc123.js.br')).size);
    expect(brotliDecompressSync(response.body).toString()).toBe(APP_JS);
  });

  it('falls back to the gzip sibling when br is not accepted, or has no sibling', async () => {
    for (const acceptEncoding of ['gzip, deflate', 'br;q=0, gzip', 'gzip;q=1, br;q=0.5']) {
      const response = await get('/assets/app-abc123.js', { 'Accept-Encoding': acceptEncoding });
      expect(response.headers['content-encoding'], acceptEncoding).toBe('gzip');
      expect(response.headers['content-type']).toMatch(/^text\/javascript/);
      expect(varyList(response.headers)).toContain('accept-encoding');
      expect(gunzipSync(response.body).toString()).toBe(APP_JS);
    }
    const onlyGzip = await get('/assets/only-gzip-abc123.js', { 'Accept-Encoding': 'br, gzip' });
    expect(onlyGzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(onlyGzip.body).toString()).toBe(APP_JS);
  });

  it('sends the plain file when no encoding is accepted, still varying on Accept-Encoding', async () => {
    const requests: Array<Record<string, string>> = [{}, { 'Accept-Encoding': 'identity' }, { 'Accept-Encoding': 'br;q=0, gzip;q=0' }];
    for (const headers of requests) {
      const response = await get('/assets/app-abc123.js', headers);
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body.toString()).toBe(APP_JS);
      expect(varyList(response.headers)).toContain('accept-encoding');
    }
  });

  it('compresses the HTML shell, the service worker and the manifest too', async () => {
    const shell = await get('/', { 'Accept-Encoding': 'br' });
    expect(shell.headers['content-encoding']).toBe('br');
    expect(shell.headers['content-type']).toMatch(/^text\/html/);
    expect(brotliDecompressSync(shell.body).toString()).toBe(INDEX_HTML);

    const worker = await get('/sw.js', { 'Accept-Encoding': 'gzip' });
    expect(worker.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(worker.body).toString()).toBe(SW_JS);

    const manifest = await get('/manifest.webmanifest', { 'Accept-Encoding': 'br' });
    expect(manifest.headers['content-encoding']).toBe('br');
    expect(manifest.headers['content-type']).toBe('application/manifest+json');
    expect(brotliDecompressSync(manifest.body).toString()).toBe(MANIFEST);
  });
});

describe('cache headers', () => {
  it('caches hashed build assets for a year, compressed or not', async () => {
    for (const [urlPath, encoding] of [['/assets/app-abc123.js', 'br'], ['/assets/app-abc123.js', ''], ['/assets/style-abc123.css', 'br']]) {
      const response = await get(urlPath, encoding ? { 'Accept-Encoding': encoding } : {});
      expect(response.status).toBe(200);
      expect(response.headers['cache-control'], `${urlPath} ${encoding}`).toBe(IMMUTABLE);
    }
  });

  it('revalidates the HTML shell, the service worker and the manifest on every use', async () => {
    for (const urlPath of ['/', '/sw.js', '/manifest.webmanifest']) {
      const response = await get(urlPath, { 'Accept-Encoding': 'gzip, br' });
      expect(response.status).toBe(200);
      expect(response.headers['cache-control'], urlPath).toBe('no-cache');
    }
  });

  it('answers every SPA route with the shell, revalidated, and a revalidation with 304', async () => {
    for (const urlPath of ['/dashboard/profile', '/register?utm_source=x', '/no/such/page']) {
      const response = await get(urlPath, { 'Accept-Encoding': 'br' });
      expect(response.status, urlPath).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], urlPath).toBe('no-cache');
      expect(response.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(response.body).toString()).toBe(INDEX_HTML);
    }
    const first = await get('/', { 'Accept-Encoding': 'br' });
    const again = await get('/', { 'Accept-Encoding': 'br', 'If-Modified-Since': String(first.headers['last-modified']) });
    expect(again.status).toBe(304);
    expect(again.headers['cache-control']).toBe('no-cache');
  });

  it('gives unhashed public files a short lifetime, never immutable', async () => {
    const response = await get('/favicon.svg', { 'Accept-Encoding': 'br' });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('API paths', () => {
  it('answer unknown /api/ paths with the JSON 404, never the shell or cache headers', async () => {
    for (const urlPath of ['/api/unknown', '/api/collections/nope/unknown/deeper']) {
      const response = await get(urlPath, { 'Accept-Encoding': 'br, gzip' });
      expect(response.status, urlPath).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers['cache-control']).toBeUndefined();
      expect(JSON.parse(response.body.toString())).toMatchObject({ status: 404 });
    }
  });
});

describe('a build with a prerendered landing page', () => {
  // index.html carries the landing page's markup; shell.html is the same page with an empty root.
  const LANDING_HTML = `<!doctype html><html><head><title>Landing</title></head><body><div id="root"><h1>AI CHAMPIONS MASTERCLASS</h1></div>${'<!-- padding -->'.repeat(100)}</body></html>\n`;
  const SHELL_HTML = `<!doctype html><html><head><title>Shell</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>\n`;
  let prerenderedDir: string;
  let prerendered: TestServer;

  beforeAll(async () => {
    prerenderedDir = mkdtempSync(path.join(os.tmpdir(), 'masterclass-public-'));
    const write = (name: string, content: string) => {
      writeFileSync(path.join(prerenderedDir, name), content);
      writeFileSync(path.join(prerenderedDir, `${name}.br`), brotliCompressSync(content));
    };
    write('index.html', LANDING_HTML);
    write('shell.html', SHELL_HTML);
    // The build's list of the app's routes (scripts/lib/app-routes.mjs).
    writeFileSync(path.join(prerenderedDir, 'routes.json'), JSON.stringify(['/', '/admin', '/admin/$', '/auth', '/dashboard', '/dashboard/', '/dashboard/profile-settings', '/register', '/speakers/$speakerId']));
    prerendered = await startTestServer({ publicDir: prerenderedDir });
  });

  afterAll(async () => {
    await prerendered?.stop();
    if (prerenderedDir) rmSync(prerenderedDir, { recursive: true, force: true });
  });

  const fetchText = async (urlPath: string) => {
    const response = await fetch(`${prerendered.url}${urlPath}`);
    return { status: response.status, cacheControl: response.headers.get('cache-control'), body: await response.text() };
  };

  it('answers / with the prerendered landing page', async () => {
    for (const urlPath of ['/', '/?utm_source=x']) {
      const response = await fetchText(urlPath);
      expect(response.status, urlPath).toBe(200);
      expect(response.cacheControl).toBe('no-cache');
      expect(response.body, urlPath).toBe(LANDING_HTML);
    }
  });

  it('answers every other route with the plain shell, never the landing markup', async () => {
    for (const urlPath of ['/dashboard', '/dashboard/profile-settings', '/register?waitlist=true', '/auth', '/admin/anything/below', '/speakers/ada']) {
      const response = await fetchText(urlPath);
      expect(response.status, urlPath).toBe(200);
      expect(response.cacheControl, urlPath).toBe('no-cache');
      expect(response.body, urlPath).toBe(SHELL_HTML);
    }
  });

  it('answers a path that is no page of the app with 404, still showing the shell (the app says page not found)', async () => {
    for (const urlPath of ['/no/such/page', '/registerx', '/dashboard/profile-settings/extra', '/speakers', '/assets/gone-abc123.js']) {
      const response = await fetchText(urlPath);
      expect(response.status, urlPath).toBe(404);
      expect(response.cacheControl, urlPath).toBe('no-cache');
      expect(response.body, urlPath).toBe(SHELL_HTML);
    }
    const compressed = await get404Brotli('/no/such/page');
    expect(compressed.status).toBe(404);
    expect(compressed.encoding).toBe('br');
    expect(brotliDecompressSync(compressed.body).toString()).toBe(SHELL_HTML);
  });

  const get404Brotli = (urlPath: string) =>
    new Promise<{ status: number; encoding: string | undefined; body: Buffer }>((resolve, reject) => {
      http
        .get(`${prerendered.url}${urlPath}`, { headers: { 'Accept-Encoding': 'br' } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });

  it('still redirects /index.html to / and keeps API paths out of both', async () => {
    const redirect = await fetch(`${prerendered.url}/index.html`, { redirect: 'manual' });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe('/');
    const api = await fetch(`${prerendered.url}/api/unknown`);
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toMatch(/^application\/json/);
  });
});
