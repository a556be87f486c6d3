// robots.txt and sitemap.xml are real files built from the public app URL,
// not the app shell: the public pages are listed, the private ones disallowed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/pocketbase';

const APP_URL = 'https://masterclass.example.org';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { APP_URL } });
});

afterAll(async () => {
  await server?.stop();
});

describe('files for search engines', () => {
  it('robots.txt allows the public site, disallows the portal, admin, sign-in, checkout and API, and names the sitemap', async () => {
    const response = await fetch(`${server.url}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = (await response.text()).split('\n');
    expect(lines).toContain('User-agent: *');
    for (const privatePath of ['/dashboard', '/admin', '/auth', '/registration', '/reset-password', '/checkout', '/cancel', '/api/', '/_/']) {
      expect(lines, privatePath).toContain(`Disallow: ${privatePath}`);
    }
    expect(lines).not.toContain('Disallow: /');
    expect(lines).toContain(`Sitemap: ${APP_URL}/sitemap.xml`);
  });

  it('sitemap.xml lists the public pages under the app URL, and only them', async () => {
    const response = await fetch(`${server.url}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    const body = await response.text();
    expect(body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locations = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual(['/', '/register', '/contact', '/privacy-policy', '/terms'].map((page) => `${APP_URL}${page}`));
  });
});
