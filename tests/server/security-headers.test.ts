// The security headers (pocketbase/headers.go, docs/security-and-privacy.md#headers):
// the app's pages and files carry a strict Content-Security-Policy that allows
// exactly the build's inline scripts by their hashes (scripts/lib/csp-hashes.mjs),
// a Permissions-Policy with the camera for the door scanner only, anti-framing,
// a private Referrer-Policy, nosniff and opener isolation; API answers a policy
// that loads nothing; the dashboard keeps PocketBase's own policy; HSTS only
// under an https APP_URL. The checks follow the MDN HTTP Observatory's rules
// (its tests named below), all of which pass but the two that need TLS.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CSP_HASHES_FILE, cspHashesFor, inlineScriptHashes } from '../../scripts/lib/csp-hashes.mjs';
import { startTestServer, type TestServer } from '../support/pocketbase';

const LOADER = "(function(){var started=false;document.title='started'})()";
const LANDING_HTML = `<!doctype html><html><head><title>Landing</title><script type="application/ld+json">{"@type":"Event"}</script></head><body><div id="root"><h1>AI CHAMPIONS MASTERCLASS</h1></div>\n  <script>${LOADER}</script>\n</body></html>\n`;
const SHELL_HTML = '<!doctype html><html><head><title>Shell</title><script type="module" crossorigin src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>\n';
const LOADER_HASH = `'sha256-${createHash('sha256').update(LOADER).digest('base64')}'`;

const APP_PAGES = ['/', '/register', '/admin', '/admin/check-in', '/dashboard'];

let publicDir: string;
let server: TestServer;

function writeBuild(dir: string, { hashes = true } = {}) {
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), LANDING_HTML);
  writeFileSync(path.join(dir, 'shell.html'), SHELL_HTML);
  writeFileSync(path.join(dir, 'assets/index-abc123.js'), 'export {};\n');
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(dir, 'routes.json'), JSON.stringify(['/', '/admin', '/admin/$', '/auth', '/dashboard', '/dashboard/', '/register']));
  // What the build writes (the Vite plugin's own function over the built pages).
  if (hashes) writeFileSync(path.join(dir, CSP_HASHES_FILE), JSON.stringify(cspHashesFor([LANDING_HTML, SHELL_HTML])));
}

/** The policy's directives: name → sources. */
function directives(policy: string | null): Map<string, string[]> {
  const parsed = new Map<string, string[]>();
  for (const part of (policy ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) {
      expect(parsed.has(name.toLowerCase()), `${name} appears once`).toBe(false);
      parsed.set(name.toLowerCase(), sources);
    }
  }
  return parsed;
}

const BROAD = ['*', 'http:', 'https:', 'data:', "'unsafe-inline'", "'unsafe-eval'"];

/** MDN Observatory's content-security-policy test: passes (at worst with unsafe-inline in style-src only). */
function expectObservatoryCsp(policy: string | null) {
  const csp = directives(policy);
  const scriptSrc = csp.get('script-src') ?? csp.get('default-src') ?? ['*'];
  const objectSrc = csp.get('object-src') ?? csp.get('default-src') ?? ['*'];
  for (const source of scriptSrc) expect(BROAD, `script-src ${source}`).not.toContain(source);
  for (const source of objectSrc) expect(['*', 'http:', 'https:'], `object-src ${source}`).not.toContain(source);
  for (const name of ['frame-ancestors', 'base-uri', 'form-action']) {
    const sources = csp.get(name);
    expect(sources, name).toBeDefined();
    for (const source of sources ?? []) expect(BROAD, `${name} ${source}`).not.toContain(source);
  }
}

beforeAll(async () => {
  publicDir = mkdtempSync(path.join(os.tmpdir(), 'masterclass-public-'));
  writeBuild(publicDir);
  server = await startTestServer({ publicDir });
});

afterAll(async () => {
  await server?.stop();
  if (publicDir) rmSync(publicDir, { recursive: true, force: true });
});

describe('the build lists its inline scripts', () => {
  it('hashes each inline script the browser runs, exactly as written, and nothing else', () => {
    expect(inlineScriptHashes(LANDING_HTML)).toEqual([LOADER_HASH]);
    expect(inlineScriptHashes(SHELL_HTML)).toEqual([]);
    const page = `<script type="module">import '/a.js'</script><script type='text/javascript'>a()</script><script src=/b.js></script><SCRIPT TYPE="application/json">{}</SCRIPT><script>\n b() \n</script >`;
    const hash = (content: string) => `'sha256-${createHash('sha256').update(content).digest('base64')}'`;
    expect(inlineScriptHashes(page)).toEqual([hash("import '/a.js'"), hash('a()'), hash('\n b() \n')]);
    expect(cspHashesFor([page, LANDING_HTML, LANDING_HTML])).toEqual([...new Set([...inlineScriptHashes(page), LOADER_HASH])].sort());
  });
});

describe("the app's pages", () => {
  it('carry a strict CSP allowing the landing loader by its hash, and no inline script otherwise', async () => {
    for (const urlPath of APP_PAGES) {
      const response = await fetch(`${server.url}${urlPath}`);
      expect(response.status, urlPath).toBe(200);
      const policy = response.headers.get('content-security-policy');
      const csp = directives(policy);
      expect(csp.get('default-src'), urlPath).toEqual(["'self'"]);
      expect(csp.get('script-src'), urlPath).toEqual(["'self'", LOADER_HASH]);
      expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
      expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:']);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
      expect(csp.get('worker-src')).toEqual(["'self'", 'blob:']);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('form-action')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expectObservatoryCsp(policy);
      expect(response.headers.get('content-security-policy-report-only')).toBeNull();
    }
  });

  it('carry the Permissions-Policy (camera on this origin only), framing, referrer, nosniff and opener headers, and no HSTS over http', async () => {
    for (const urlPath of APP_PAGES) {
      const response = await fetch(`${server.url}${urlPath}`);
      const permissions = response.headers.get('permissions-policy') ?? '';
      expect(permissions.split(',').map((entry) => entry.trim()), urlPath).toEqual(expect.arrayContaining(['camera=(self)', 'microphone=()', 'geolocation=()', 'payment=()']));
      expect(response.headers.get('x-frame-options'), urlPath).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it("give the app's files (scripts, workers, images) the same policy and headers", async () => {
    for (const urlPath of ['/assets/index-abc123.js', '/favicon.svg']) {
      const response = await fetch(`${server.url}${urlPath}`);
      expect(response.status, urlPath).toBe(200);
      expect(directives(response.headers.get('content-security-policy')).get('script-src'), urlPath).toEqual(["'self'", LOADER_HASH]);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
    }
  });

  it('follow a new build in the same directory', async () => {
    const other = "'sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='";
    writeFileSync(path.join(publicDir, CSP_HASHES_FILE), JSON.stringify([other, "'unsafe-inline'", 'https:']));
    try {
      const response = await fetch(`${server.url}/register`);
      // only hash sources are taken from the file
      expect(directives(response.headers.get('content-security-policy')).get('script-src')).toEqual(["'self'", other]);
    } finally {
      writeBuild(publicDir);
    }
    const restored = await fetch(`${server.url}/register`);
    expect(directives(restored.headers.get('content-security-policy')).get('script-src')).toEqual(["'self'", LOADER_HASH]);
  });
});

describe('API answers', () => {
  it('load nothing, may not be framed, and carry nosniff and the Referrer-Policy', async () => {
    for (const urlPath of ['/api/health', '/api/masterclass/event', '/api/no-such-route']) {
      const response = await fetch(`${server.url}${urlPath}`);
      const csp = directives(response.headers.get('content-security-policy'));
      expect(csp.get('default-src'), urlPath).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors'), urlPath).toEqual(["'none'"]);
      expectObservatoryCsp(response.headers.get('content-security-policy'));
      expect(response.headers.get('x-frame-options'), urlPath).toBe('DENY');
      expect(response.headers.get('x-content-type-options'), urlPath).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), urlPath).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('permissions-policy'), urlPath).toBeNull();
    }
  });

  it("the page an emailed link opens keeps its styles and its form's post to this site", async () => {
    const response = await fetch(`${server.url}/api/masterclass/unsubscribe?email=someone%40example.com&token=wrong`);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = directives(response.headers.get('content-security-policy'));
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('style-src')).toEqual(["'unsafe-inline'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.has('script-src')).toBe(false);
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it("uploaded files keep PocketBase's sandboxing policy, with nosniff and the Referrer-Policy", async () => {
    const su = await server.admin();
    const speaker = await su.collection('speakers').getFirstListItem('image != ""');
    const response = await fetch(su.files.getURL(speaker, speaker.image));
    expect(response.status).toBe(200);
    const csp = directives(response.headers.get('content-security-policy'));
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.has('sandbox')).toBe(true);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });
});

describe('the PocketBase dashboard', () => {
  it("keeps PocketBase's own policy (its pages need it), with the Referrer-Policy", async () => {
    const response = await fetch(`${server.url}/_/`);
    expect(response.status).toBe(200);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).not.toContain(LOADER_HASH);
    expect(directives(policy).get('frame-ancestors')).toEqual(["'none'"]);
    expect(response.headers.get('permissions-policy')).toBeNull();
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('under an https APP_URL, with a build from before the hash list', () => {
  let oldDir: string;
  let secure: TestServer;

  beforeAll(async () => {
    oldDir = mkdtempSync(path.join(os.tmpdir(), 'masterclass-public-'));
    writeBuild(oldDir, { hashes: false });
    secure = await startTestServer({ publicDir: oldDir, env: { APP_URL: 'https://masterclass.example' } });
  });

  afterAll(async () => {
    await secure?.stop();
    if (oldDir) rmSync(oldDir, { recursive: true, force: true });
  });

  it('sends HSTS on pages and API answers', async () => {
    for (const urlPath of ['/', '/admin/check-in', '/api/health']) {
      const response = await fetch(`${secure.url}${urlPath}`);
      expect(response.headers.get('strict-transport-security'), urlPath).toBe('max-age=31536000');
    }
  });

  it('only reports the policy, so the older build keeps working', async () => {
    const response = await fetch(`${secure.url}/`);
    expect(response.headers.get('content-security-policy')).toBeNull();
    const reported = directives(response.headers.get('content-security-policy-report-only'));
    expect(reported.get('script-src')).toEqual(["'self'"]);
    expect(reported.get('frame-ancestors')).toEqual(["'none'"]);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });
});
