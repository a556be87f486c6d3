// The masterclass calendar file (GET /api/masterclass/event.ics) is a valid
// RFC 5545 calendar with the event's times in its own zone (Adelaide; read
// back by ical.js and libical in calendar-files.test.ts), and the pure helpers behind
// it and behind the emails (Adelaide time with daylight saving, money,
// escaping, line folding) do what they say.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { startTestServer, type TestServer } from '../support/pocketbase';
import { loadHookModule } from '../support/hook-module';
import { EVENT_TITLE, masterclassEvent } from '../support/masterclassEvent';

interface EventFormat {
  formatDate: (value: string, zone: string) => string;
  formatTime: (value: string, zone: string) => string;
  formatTimeRange: (start: string, end: string, zone: string) => string;
  formatAmount: (cents: number, currency: string) => string;
  zoneOffset: (zone: string, date: Date) => { minutes: number; name: string };
}
interface Ics {
  foldLine: (line: string) => string;
  escapeText: (value: string) => string;
}
interface EmailLayout {
  escapeHtml: (value: unknown) => string;
}

const format = loadHookModule<EventFormat>('events/format');
const ics = loadHookModule<Ics>('tickets/ics');
const layout = loadHookModule<EmailLayout>('email/layout');
const ADELAIDE = 'Australia/Adelaide';

/** Content lines of a calendar with folding undone; checks CRLF and the 75-octet limit on the way. */
function unfold(body: string): string[] {
  expect(body.endsWith('\r\n')).toBe(true);
  expect(body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  const physical = body.slice(0, -2).split('\r\n');
  for (const line of physical) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
  return body.slice(0, -2).replace(/\r\n[ \t]/g, '').split('\r\n');
}

function property(lines: string[], name: string): string | undefined {
  return lines.find((line) => line.startsWith(`${name}:`))?.slice(name.length + 1);
}

describe('Adelaide time', () => {
  it('shows the masterclass in ACST (+09:30) in June', () => {
    expect(format.formatDate('2025-06-18 02:00:00.000Z', ADELAIDE)).toBe('Wednesday 18 June 2025');
    expect(format.formatTimeRange('2025-06-18 02:00:00.000Z', '2025-06-18 05:00:00.000Z', ADELAIDE)).toBe('11:30 am – 2:30 pm ACST');
  });

  it('switches to ACDT (+10:30) at 2:00 on the first Sunday in October and back at 3:00 on the first Sunday in April', () => {
    expect(format.formatTime('2025-10-04T16:29:59Z', ADELAIDE)).toBe('1:59 am');
    expect(format.zoneOffset(ADELAIDE, new Date('2025-10-04T16:29:59Z'))).toEqual({ minutes: 570, name: 'ACST' });
    expect(format.formatTime('2025-10-04T16:30:00Z', ADELAIDE)).toBe('3:00 am');
    expect(format.zoneOffset(ADELAIDE, new Date('2025-10-04T16:30:00Z'))).toEqual({ minutes: 630, name: 'ACDT' });
    expect(format.formatTime('2026-01-15T00:00:00Z', ADELAIDE)).toBe('10:30 am');
    expect(format.formatTime('2026-04-04T16:29:59Z', ADELAIDE)).toBe('2:59 am');
    expect(format.zoneOffset(ADELAIDE, new Date('2026-04-04T16:29:59Z')).name).toBe('ACDT');
    expect(format.formatTime('2026-04-04T16:30:00Z', ADELAIDE)).toBe('2:00 am');
    expect(format.zoneOffset(ADELAIDE, new Date('2026-04-04T16:30:00Z')).name).toBe('ACST');
  });

  it('names the local date across midnight and the end date of a multi-day event', () => {
    expect(format.formatDate('2025-06-17T15:00:00Z', ADELAIDE)).toBe('Wednesday 18 June 2025');
    expect(format.formatTimeRange('2025-12-31T12:00:00Z', '2026-01-01T01:00:00Z', ADELAIDE)).toBe(
      '10:30 pm – Thursday 1 January 2026, 11:30 am ACDT',
    );
  });

  it('reads unknown zones as UTC', () => {
    expect(format.formatTimeRange('2025-06-18 02:00:00.000Z', '2025-06-18 05:00:00.000Z', 'Mars/Base')).toBe('2:00 am – 5:00 am UTC');
  });
});

describe('money and escaping', () => {
  it('formats cents with two decimals and thousands separators', () => {
    expect(format.formatAmount(99000, 'AUD')).toBe('AUD 990.00');
    expect(format.formatAmount(2475000, 'AUD')).toBe('AUD 24,750.00');
    expect(format.formatAmount(5, 'AUD')).toBe('AUD 0.05');
  });

  it('escapes HTML special characters', () => {
    expect(layout.escapeHtml(`<script>"O'Brien" & co</script>`)).toBe('&lt;script&gt;&quot;O&#39;Brien&quot; &amp; co&lt;/script&gt;');
  });

  it('escapes calendar text and folds lines at 75 octets without splitting a character', () => {
    expect(ics.escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const line = `DESCRIPTION:${'Café ☕ '.repeat(30)}`;
    const folded = ics.foldLine(line);
    for (const physical of folded.split('\r\n')) expect(Buffer.byteLength(physical, 'utf8')).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
  });
});

describe('GET /api/masterclass/event.ics', () => {
  let server: TestServer;
  let superuser: PocketBase;

  beforeAll(async () => {
    server = await startTestServer({ env: { APP_URL: 'https://masterclass.example.com', SMTP_HOST: '' } });
    superuser = await server.admin();
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('serves the masterclass as a calendar file with its Adelaide times', async () => {
    const response = await fetch(`${server.url}/api/masterclass/event.ics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="ai-champions-masterclass.ics"');

    const lines = unfold(await response.text());
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines.at(-1)).toBe('END:VCALENDAR');
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(lines.indexOf('BEGIN:VEVENT')).toBeLessThan(lines.indexOf('END:VEVENT'));
    expect(property(lines, 'VERSION')).toBe('2.0');
    expect(property(lines, 'PRODID')).toBeTruthy();
    expect(property(lines, 'UID')).toMatch(/^masterclass-[a-z0-9]+@masterclass\.example\.com$/);
    expect(property(lines, 'DTSTAMP')).toMatch(/^\d{8}T\d{6}Z$/);
    expect(property(lines, 'DTSTART;TZID=Australia/Adelaide')).toBe('20250618T113000');
    expect(property(lines, 'DTEND;TZID=Australia/Adelaide')).toBe('20250618T143000');
    expect(property(lines, 'TZID')).toBe('Australia/Adelaide');
    expect(property(lines, 'SUMMARY')).toBe(EVENT_TITLE);
    expect(property(lines, 'LOCATION')).toBe('Lot Fourteen\\, North Terrace\\, Adelaide SA 5000\\, Adelaide\\, South Australia');
    expect(property(lines, 'DESCRIPTION')).toContain('Wednesday 18 June 2025\\, 11:30 am – 2:30 pm ACST');
    expect(property(lines, 'URL')).toBe('https://masterclass.example.com');
  });

  it('follows the event record, escaping and folding long text', async () => {
    const event = await masterclassEvent(superuser);
    const venue = `Salle « Océan » ${'très longue; '.repeat(12)}`.trim();
    await superuser.collection('events').update(event.id, {
      venue,
      starts_at: '2025-11-05 22:30:00.000Z',
      ends_at: '2025-11-06 01:30:00.000Z',
    });
    try {
      const body = await (await fetch(`${server.url}/api/masterclass/event.ics`)).text();
      const lines = unfold(body);
      expect(body).toMatch(/\r\n /);
      expect(property(lines, 'DTSTART;TZID=Australia/Adelaide')).toBe('20251106T090000');
      expect(property(lines, 'DTEND;TZID=Australia/Adelaide')).toBe('20251106T120000');
      expect(property(lines, 'LOCATION')).toBe(`${venue.replace(/;/g, '\\;')}\\, Adelaide\\, South Australia`);
      expect(property(lines, 'DESCRIPTION')).toContain('Thursday 6 November 2025\\, 9:00 am – 12:00 pm ACDT');
    } finally {
      await superuser.collection('events').update(event.id, {
        venue: event.venue,
        starts_at: event.starts_at,
        ends_at: event.ends_at,
      });
    }
  });
});
