// The landing page's first paint: GET / carries the featured masterclass's hero
// (its words, price, seats left and way in) and its data as JSON
// (pocketbase/landing.go filling the build's templates from
// GET /api/masterclass/landing, pb_hooks/lib/events/landing.js), and the one
// date format, said the same way by the app (src/lib/eventWhen.ts,
// src/features/landing/heroView.ts) and the server (pb_hooks/lib/events/format.js).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { eventWhen, formatDayMonth, formatSalesOpen, formatWeekdayDate, formatZonedInstant } from '@/lib/eventWhen';
import { eventPhase } from '@/lib/eventPhase';
import { heroView, HERO_TOKENS } from '@/features/landing/heroView';
import type { MasterclassEvent } from '@/features/landing/eventRecord';
import { fillHero, heroTemplates } from '../../scripts/lib/landing-hero.mjs';
import { loadHookModule } from '../support/hook-module';
import { masterclassEvent } from '../support/masterclassEvent';
import { startTestServer, type TestServer } from '../support/pocketbase';

interface HookFormat {
  formatDate: (value: string, zone: string) => string;
  formatInstant: (value: string, zone: string) => string;
  formatWhen: (start: string, end: string, zone: string) => string;
  formatDayAndTime: (value: string, zone: string) => string;
  formatDayMonth: (value: string, zone: string) => string;
}
interface HookLanding {
  heroTexts: (summary: Record<string, unknown>, now: Date) => { phase: string; texts: Record<string, string> };
}

const format = loadHookModule<HookFormat>('events/format');
const landing = loadHookModule<HookLanding>('events/landing');

const ZONES = ['Australia/Adelaide', 'Australia/Sydney', 'Australia/Perth', 'UTC'];

/** Every 31 hours 17 minutes through 2025–2028 (every hour of the day, both daylight-saving changes each year), and the minutes around Adelaide's changes. */
function instants(): string[] {
  const out: string[] = [];
  for (let at = Date.UTC(2025, 0, 1); at < Date.UTC(2029, 0, 1); at += (31 * 60 + 17) * 60_000) out.push(new Date(at).toISOString());
  // Adelaide's changes: 2:00 ACST on 5 October 2025 (16:30 UTC the day before), 3:00 ACDT on 5 April 2026 (16:30 UTC the day before).
  for (const change of [Date.UTC(2025, 9, 4, 16, 30), Date.UTC(2026, 3, 4, 16, 30), Date.UTC(2025, 9, 4, 16, 0), Date.UTC(2026, 3, 4, 16, 0)]) {
    for (let minutes = -61; minutes <= 61; minutes += 4) out.push(new Date(change + minutes * 60_000).toISOString());
  }
  return out;
}

describe('one date format, said the same way by the app and the server', () => {
  it('days, moments and events agree in every Australian zone, across the daylight-saving changes', () => {
    const disagreements: string[] = [];
    for (const zone of ZONES) {
      for (const at of instants()) {
        const stored = at.replace('T', ' ');
        const end = new Date(new Date(at).getTime() + 3 * 3600_000).toISOString().replace('T', ' ');
        const pairs: [string, string][] = [
          [formatWeekdayDate(new Date(at), zone), format.formatDate(stored, zone)],
          [formatZonedInstant(stored, zone), format.formatInstant(stored, zone)],
          [eventWhen({ starts_at: stored, ends_at: end, timezone: zone })?.full ?? '', format.formatWhen(stored, end, zone)],
          [formatSalesOpen(stored, zone), format.formatDayAndTime(stored, zone)],
          [formatDayMonth(stored, zone), format.formatDayMonth(stored, zone)],
        ];
        for (const [app, server] of pairs) if (app !== server) disagreements.push(`${zone} ${at}: app "${app}", server "${server}"`);
      }
    }
    expect(disagreements.slice(0, 5)).toEqual([]);
  });

  it('is the Australian long form', () => {
    expect(format.formatDayAndTime('2032-02-09 22:30:00.000Z', 'Australia/Adelaide')).toBe('Tuesday 10 February at 9:00 am');
    expect(formatSalesOpen('2032-02-09 22:30:00.000Z', 'Australia/Adelaide')).toBe('Tuesday 10 February at 9:00 am');
    expect(formatDayMonth('2031-06-18 02:00:00.000Z', 'Australia/Adelaide')).toBe('18 June');
    const stored = '2026-12-16 01:00:00.000Z';
    expect(format.formatInstant(stored, 'Australia/Adelaide')).toBe('Wednesday 16 December 2026, 11:30 am ACDT');
    expect(formatZonedInstant(stored, 'Australia/Adelaide')).toBe('Wednesday 16 December 2026, 11:30 am ACDT');
  });
});

const onSale = (overrides: Partial<MasterclassEvent> = {}): MasterclassEvent => ({
  id: 'event1',
  title: 'AI CHAMPIONS MASTERCLASS',
  starts_at: '2026-12-16 01:00:00.000Z',
  ends_at: '2026-12-16 04:00:00.000Z',
  timezone: 'Australia/Adelaide',
  location: 'Adelaide, South Australia',
  venue: 'Lot Fourteen',
  capacity: 50,
  price_cents: 49500,
  currency: 'AUD',
  sales_state: 'open',
  seats_left: 12,
  ...overrides,
});

describe("the hero's words, the same from the app and the server", () => {
  const cases: [string, MasterclassEvent][] = [
    ['plenty of seats', onSale({ seats_left: 37 })],
    ['few seats', onSale({ seats_left: 3 })],
    ['one seat', onSale({ seats_left: 1 })],
    ['ten seats', onSale({ seats_left: 10 })],
    ['eleven seats', onSale({ seats_left: 11 })],
    ['sold out', onSale({ seats_left: 0, sales_state: 'sold_out' })],
    ['closed', onSale({ sales_state: 'closed' })],
    ['sales opening on 2 December (scheduled before it)', onSale({ sales_open_at: '2026-12-01 22:30:00.000Z' })],
    ['sales opening after the start', onSale({ sales_open_at: '2027-12-01 22:30:00.000Z' })],
    ['a price with cents in thousands', onSale({ price_cents: 148_550 })],
    ['free', onSale({ price_cents: 0 })],
    ['another currency', onSale({ currency: 'NZD', price_cents: 50_000 })],
    ['across midnight in Perth', onSale({ timezone: 'Australia/Perth', starts_at: '2026-06-18 15:30:00.000Z', ends_at: '2026-06-18 18:00:00.000Z', location: 'Perth' })],
    ['in standard time', onSale({ starts_at: '2027-06-16 02:00:00.000Z', ends_at: '2027-06-16 05:00:00.000Z' })],
    ['with its page address', onSale({ slug: 'march-masterclass' })],
  ];
  for (const at of ['2026-11-26T00:00:00Z', '2026-12-16T02:00:00Z', '2027-12-30T00:00:00Z']) {
    it.each(cases)(`%s, at ${at}`, (_, event) => {
      const now = new Date(at);
      const server = landing.heroTexts(event as unknown as Record<string, unknown>, now);
      const app = heroView(event, eventPhase(event, now), true);
      expect({ phase: app.phase, texts: app.texts }).toEqual(server);
    });
  }

  it('says the price and the seats as visitors read them', () => {
    const texts = (event: MasterclassEvent) => heroView(event, 'on_sale', true).texts;
    expect(texts(onSale({ seats_left: 37 }))).toMatchObject({ price: '$495', seats: '37 seats left', start: 'Wednesday 16 December 2026, 11:30 am ACDT', city: 'Adelaide' });
    expect(texts(onSale({ seats_left: 3 })).seats).toBe('Only 3 seats left');
    expect(texts(onSale({ seats_left: 1 })).seats).toBe('Only 1 seat left');
    expect(texts(onSale({ price_cents: 148_550 })).price).toBe('$1,485.50');
    // A copy kept on the device never shows its count as if it were current.
    expect(heroView(onSale({ seats_left: 3 }), 'on_sale', false)).toMatchObject({ live: false, texts: { seats: 'Seats left: connect to the internet to check' } });
  });
});

describe("the build's hero templates", () => {
  const base = '<main><div class="hero"><div class="panel"><div role="status">Loading</div></div></div><section>Why</section></main>';
  const page = (words: string) => `<main><div class="hero"><div class="panel"><p>${words}</p></div></div><section>Why</section></main>`;

  it('keeps only the panel, which fills back into the page React renders', () => {
    const templates = { ...heroTemplates(base, { on_sale: page(`${HERO_TOKENS.price} · ${HERO_TOKENS.seats}`), past: page(`Took place on ${HERO_TOKENS.date}`) }), tokens: HERO_TOKENS };
    expect(templates.placeholder).toBe('<div role="status">Loading</div>');
    expect(fillHero(base, templates, 'on_sale', { price: '$495', seats: '3 <left> & "more"' })).toBe(page('$495 · 3 &lt;left&gt; &amp; &quot;more&quot;'));
  });
});

describe('GET / with the featured masterclass in it', () => {
  let server: TestServer;
  let su: PocketBase;
  let publicDir: string;
  let eventId: string;
  const INDEX = `<!doctype html><html><head><title>x</title></head><body><div id="root"><h1>AI</h1><div class="panel"><div role="status">Loading</div></div></div><script>start()</script>\n  </body></html>`;
  const TEMPLATES = {
    placeholder: '<div role="status">Loading</div>',
    variants: {
      on_sale: `<p>In ${HERO_TOKENS.city} on ${HERO_TOKENS.start}</p><a href="/register">Register Now</a><p>${HERO_TOKENS.price} per person · ${HERO_TOKENS.seats}</p>`,
      sold_out: '<p>Event Sold Out – Registration Now Closed</p>',
      closed: '<p>Event Sold Out – Registration Now Closed</p>',
      happening: `<p>Under way: ${HERO_TOKENS.when}</p>`,
      past: `<p>Took place on ${HERO_TOKENS.date}</p>`,
    },
    tokens: HERO_TOKENS,
  };

  beforeAll(async () => {
    publicDir = mkdtempSync(path.join(os.tmpdir(), 'masterclass-landing-'));
    writeFileSync(path.join(publicDir, 'index.html'), INDEX);
    writeFileSync(path.join(publicDir, 'landing-hero.json'), JSON.stringify(TEMPLATES));
    server = await startTestServer({ publicDir });
    su = await server.admin();
    eventId = (await masterclassEvent(su)).id;
    await su.collection('events').update(eventId, {
      sales_state: 'open', starts_at: '2031-06-18 02:00:00.000Z', ends_at: '2031-06-18 05:00:00.000Z', capacity: 40,
      location: 'Adelaide <b>&</b> "Hills", South Australia', title: 'AI </script><script>alert(1)</script>',
    });
  });
  afterAll(async () => {
    await server?.stop();
    if (publicDir) rmSync(publicDir, { recursive: true, force: true });
  });

  const landingData = (html: string) => JSON.parse(/<script type="application\/json" id="landing-data">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null');

  it('sends the hero filled in, its words escaped, and the same answer as JSON that cannot end its element early', async () => {
    const response = await fetch(`${server.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('content-security-policy') ?? response.headers.get('content-security-policy-report-only')).toContain("script-src 'self'");
    const html = await response.text();
    expect(html).toContain('<p>In Adelaide &lt;b&gt;&amp;&lt;/b&gt; &#34;Hills&#34; on Wednesday 18 June 2031, 11:30 am ACST</p><a href="/register">Register Now</a><p>$495 per person · 40 seats left</p>');
    expect(html).not.toContain('Loading');
    expect(html).not.toContain('<script>alert(1)');
    const data = landingData(html);
    expect(data.event).toMatchObject({ id: eventId, title: 'AI </script><script>alert(1)</script>', price_cents: 49500, seats_left: 40, sales_state: 'open' });
    expect(data.hero).toEqual({ phase: 'on_sale', texts: expect.objectContaining({ seats: '40 seats left', price: '$495', date: 'Wednesday 18 June 2031' }) });
    // The page's own scripts are untouched, and the data comes before the end of the body.
    expect(html).toMatch(/<script>start\(\)<\/script>\n {2}<script type="application\/json" id="landing-data">.*<\/script>\n {2}<\/body>/s);
  });

  it('answers the same page compressed when asked, and HEAD without a body', async () => {
    const response = await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    const head = await fetch(`${server.url}/`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(INDEX.length);
    expect(await head.text()).toBe('');
    const raw = await import('node:http').then(
      (http) =>
        new Promise<Buffer>((resolve, reject) => {
          http.get(`${server.url}/`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve(Buffer.concat(chunks)));
          }).on('error', reject);
        }),
    );
    expect(gunzipSync(raw).toString()).toContain('40 seats left');
  });

  it('says how many seats are left now, honestly when few, and the sold-out notice when none', async () => {
    await su.collection('events').update(eventId, { capacity: 3 });
    expect(await (await fetch(`${server.url}/`)).text()).toContain('$495 per person · Only 3 seats left');
    await su.collection('events').update(eventId, { capacity: 1 });
    expect(await (await fetch(`${server.url}/`)).text()).toContain('$495 per person · Only 1 seat left');
    await su.collection('events').update(eventId, { sales_state: 'sold_out' });
    const html = await (await fetch(`${server.url}/`)).text();
    expect(html).toContain('<p>Event Sold Out – Registration Now Closed</p>');
    expect(landingData(html).hero.phase).toBe('sold_out');
  });

  it('other pages get the files as built; with no masterclass published, / is the page as built', async () => {
    const register = await (await fetch(`${server.url}/register`)).text();
    expect(register).not.toContain('landing-data');
    expect((await fetch(`${server.url}/api/masterclass/landing`)).status).toBe(200);
    await su.collection('events').update(eventId, { published: false });
    expect((await fetch(`${server.url}/api/masterclass/landing`)).status).toBe(404);
    expect(await (await fetch(`${server.url}/`)).text()).toBe(INDEX);
    await su.collection('events').update(eventId, { published: true });
  });
});
