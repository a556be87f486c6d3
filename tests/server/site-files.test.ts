// robots.txt and sitemap.xml are real files built from the public app URL,
// not the app shell: the public pages and each published masterclass's page
// are listed (drafts never), the private ones disallowed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { startTestServer, type TestServer } from '../support/pocketbase';

const APP_URL = 'https://masterclass.example.org';
let server: TestServer;
let su: PocketBase;

beforeAll(async () => {
  server = await startTestServer({ env: { APP_URL } });
  su = await server.admin();
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
    const seeded = (await su.collection('events').getFullList({ filter: 'published = true', sort: 'starts_at' })).map((event) => `/events/${event.slug}`);
    expect(locations).toEqual([...['/', '/register', '/contact', '/privacy-policy', '/terms'], ...seeded].map((page) => `${APP_URL}${page}`));
  });

  it("sitemap.xml lists each published masterclass's page, soonest first, past ones too, and never a draft", async () => {
    const event = (slug: string, startsAt: string, published: boolean) =>
      su.collection('events').create({
        title: 'AI CHAMPIONS MASTERCLASS',
        slug,
        starts_at: startsAt,
        ends_at: startsAt.replace('02:00', '05:00'),
        timezone: 'Australia/Adelaide',
        location: 'Adelaide, South Australia',
        venue: 'Lot Fourteen',
        capacity: 30,
        max_per_registration: 5,
        price_cents: 59500,
        currency: 'AUD',
        sales_state: 'open',
        portal_unlock_at: startsAt.replace('02:00', '00:00'),
        published,
      });
    const march = await event('march-masterclass', '2031-03-10 02:00:00.000Z', true);
    const past = await event('june-2024-masterclass', '2024-06-18 02:00:00.000Z', true);
    const draft = await event('draft-masterclass', '2031-02-10 02:00:00.000Z', false);
    try {
      const pages = async () => [...(await (await fetch(`${server.url}/sitemap.xml`)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]).filter((url) => url.includes('/events/'));
      const listed = await pages();
      expect(listed).toContain(`${APP_URL}/events/march-masterclass`);
      expect(listed.indexOf(`${APP_URL}/events/june-2024-masterclass`)).toBeLessThan(listed.indexOf(`${APP_URL}/events/march-masterclass`));
      expect(listed.join('\n')).not.toContain('draft-masterclass');
      // Unpublished, a page leaves the sitemap; published, the draft's joins it.
      await su.collection('events').update(march.id, { published: false });
      await su.collection('events').update(draft.id, { published: true });
      const after = await pages();
      expect(after).not.toContain(`${APP_URL}/events/march-masterclass`);
      expect(after).toContain(`${APP_URL}/events/draft-masterclass`);
    } finally {
      for (const record of [march, past, draft]) await su.collection('events').delete(record.id);
    }
  });
});
