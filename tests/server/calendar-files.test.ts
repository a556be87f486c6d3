// Calendar files that calendars place right: the masterclass's times in its
// own zone (DTSTART;TZID=Australia/Adelaide:…) with a VTIMEZONE describing
// that zone, read back by two libraries written apart from ours and from each
// other, ical.js and libical (tests/support/calendar-readers.ts), each
// resolving the times by the file's own VTIMEZONE to the right instants in
// daylight time and out of it; libical's RFC 5546 check of METHOD:PUBLISH;
// names in any script folded at 75 octets and read back exactly; and the
// confirmation email's calendar part typed text/calendar; charset=utf-8;
// method=PUBLISH, as mailparser and Python's email parser read it.
import { describe, expect, it } from 'vitest';
import { simpleParser } from 'mailparser';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import { loadHookModule } from '../support/hook-module';
import { readWithIcalJs, readWithLibical, type ReadCalendar } from '../support/calendar-readers';
import { MAIL_READER, readAllWithPython, type PythonMail } from '../support/python-readers';
import { LONG_ASTRAL_NAME, UNICODE_EVENT_TITLE, UNICODE_PEOPLE } from '../support/unicode-names';
import type { ReceivedMail, TestSmtpServer } from '../support/smtp';
import { attendee, attendeesOf, promoBody, register } from './registration-helpers';
import { PROMO_CODE, ticketServerForFile } from './ticket-helpers';

interface CalendarEvent {
  uid: string;
  title: string;
  startsAt: Date;
  endsAt: Date;
  timezone?: string;
  location: string;
  description: string;
  url: string;
  stamp: Date;
  lastModified?: Date;
  organizer: { name: string; address: string };
}
interface Ics {
  buildCalendar: (event: CalendarEvent) => string;
}

const ics = loadHookModule<Ics>('tickets/ics');
const ADELAIDE = 'Australia/Adelaide';
const MAIL_WAIT_MS = 60_000;

const calendarOf = (startsAt: string, endsAt: string, timezone: string | undefined, texts: Partial<CalendarEvent> = {}) =>
  ics.buildCalendar({
    uid: 'masterclass-abc@masterclass.example.com',
    title: 'AI Champions Masterclass',
    startsAt: new Date(startsAt),
    endsAt: new Date(endsAt),
    timezone,
    location: 'Lot Fourteen, Adelaide',
    description: 'Details',
    url: 'https://masterclass.example.com',
    stamp: new Date('2026-12-01T03:04:05Z'),
    organizer: { name: 'AI Champions Masterclass', address: 'team@masterclass.example.com' },
    ...texts,
  });

/** Content lines with folding undone; checks CRLF, 75 octets a line and that no line ends inside a UTF-8 character. */
function unfold(body: string): string[] {
  const bytes = Buffer.from(body, 'utf8');
  expect(body.endsWith('\r\n')).toBe(true);
  expect(body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  for (const line of bytes.toString('latin1').slice(0, -2).split('\r\n')) {
    const octets = Buffer.from(line, 'latin1');
    expect(octets.length).toBeLessThanOrEqual(75);
    // each physical line is whole UTF-8 on its own: no character was cut by a fold
    expect(Buffer.from(octets.toString('utf8'), 'utf8').equals(octets)).toBe(true);
  }
  return body.slice(0, -2).replace(/\r\n[ \t]/g, '').split('\r\n');
}

/** What both readers agree on, each read on its own. */
function readByBoth(body: string): { icaljs: ReadCalendar; libical: ReturnType<typeof readWithLibical> } {
  const icaljs = readWithIcalJs(body);
  const libical = readWithLibical(body);
  expect(libical.parsed).toBe(true);
  expect(libical.parseErrors).toEqual([]);
  // RFC 5546's rules for PUBLISH, as libical checks them (one ORGANIZER and SUMMARY, no ATTENDEE, …)
  expect(libical.restrictionErrors).toEqual([]);
  expect(libical.restrictionsOk).toBe(true);
  return { icaljs, libical };
}

/** The instants each reader gives DTSTART and DTEND. */
const instants = (calendar: ReadCalendar) => calendar.events.map((event) => [event.dtstart?.utc, event.dtend?.utc]);

describe('the masterclass in its own time zone', () => {
  it.each([
    // 9:00 am on 10 March 2027 is daylight time (ACDT, +10:30): 22:30 UTC the day before
    ['in daylight time', '2027-03-09T22:30:00.000Z', '2027-03-10T01:30:00.000Z', '20270310T090000', '20270310T120000'],
    // 9:00 am on 18 June 2025 is standard time (ACST, +09:30): 23:30 UTC the day before
    ['in standard time', '2025-06-17T23:30:00.000Z', '2025-06-18T02:30:00.000Z', '20250618T090000', '20250618T120000'],
  ])('writes the Adelaide wall-clock times with TZID, and both readers find the instants %s', (_, startsAt, endsAt, localStart, localEnd) => {
    const body = calendarOf(startsAt, endsAt, ADELAIDE);
    const lines = unfold(body);
    expect(lines).toContain(`DTSTART;TZID=Australia/Adelaide:${localStart}`);
    expect(lines).toContain(`DTEND;TZID=Australia/Adelaide:${localEnd}`);
    expect(lines).toContain('DTSTAMP:20261201T030405Z');
    expect(lines).toContain('METHOD:PUBLISH');
    expect(lines.filter((line) => line === 'BEGIN:VTIMEZONE')).toHaveLength(1);
    // the zone comes before the event that uses it
    expect(lines.indexOf('END:VTIMEZONE')).toBeLessThan(lines.indexOf('BEGIN:VEVENT'));

    const { icaljs, libical } = readByBoth(body);
    for (const read of [icaljs, libical]) {
      expect(read.method).toBe('PUBLISH');
      expect(read.timezones).toEqual([ADELAIDE]);
      expect(read.events).toHaveLength(1);
      expect(read.events[0].dtstart).toEqual({ value: localStart, tzid: ADELAIDE, utc: startsAt });
      expect(read.events[0].dtend).toEqual({ value: localEnd, tzid: ADELAIDE, utc: endsAt });
      expect(read.events[0].dtstamp).toEqual({ value: '20261201T030405Z', tzid: null, utc: '2026-12-01T03:04:05.000Z' });
    }
  });

  it("describes Adelaide: ACST +09:30, and ACDT +10:30 from the first Sunday in October to the first Sunday in April", () => {
    const lines = unfold(calendarOf('2027-03-09T22:30:00Z', '2027-03-10T01:30:00Z', ADELAIDE));
    const zone = lines.slice(lines.indexOf('BEGIN:VTIMEZONE'), lines.indexOf('END:VTIMEZONE') + 1);
    expect(zone).toEqual([
      'BEGIN:VTIMEZONE',
      'TZID:Australia/Adelaide',
      'BEGIN:STANDARD',
      'DTSTART:20080406T030000',
      'TZOFFSETFROM:+1030',
      'TZOFFSETTO:+0930',
      'TZNAME:ACST',
      'RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU',
      'END:STANDARD',
      'BEGIN:DAYLIGHT',
      'DTSTART:20081005T020000',
      'TZOFFSETFROM:+0930',
      'TZOFFSETTO:+1030',
      'TZNAME:ACDT',
      'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=1SU',
      'END:DAYLIGHT',
      'END:VTIMEZONE',
    ]);
  });

  it('every half hour around the changes of 2026 to 2028 reads back as the same instant in both libraries', () => {
    // One calendar of many events (each event's lines as buildCalendar writes them), read once by each library.
    const starts: string[] = [];
    for (const day of ['2026-04-04', '2026-10-03', '2027-04-03', '2027-10-02', '2028-04-01', '2028-09-30']) {
      for (let halfHours = 0; halfHours < 48; halfHours += 1) {
        starts.push(new Date(Date.parse(`${day}T12:00:00Z`) + halfHours * 30 * 60_000).toISOString());
      }
    }
    const bodies = starts.map((start, index) => calendarOf(start, new Date(Date.parse(start) + 3 * 3600_000).toISOString(), ADELAIDE, { uid: `e${index}@x` }));
    const first = unfold(bodies[0]);
    const events = bodies.flatMap((body) => {
      const lines = body.slice(0, -2).split('\r\n');
      return lines.slice(lines.indexOf('BEGIN:VEVENT'), lines.indexOf('END:VEVENT') + 1);
    });
    const joined = [...first.slice(0, first.indexOf('BEGIN:VEVENT')), ...events, 'END:VCALENDAR'].join('\r\n') + '\r\n';
    const expected = starts.map((start) => [start, new Date(Date.parse(start) + 3 * 3600_000).toISOString()]);
    const { icaljs, libical } = readByBoth(joined);
    expect(instants(icaljs)).toEqual(expected);
    expect(instants(libical)).toEqual(expected);
    // all are wall-clock times in Adelaide but for the hour repeated when daylight time ends (02:00–02:59
    // twice: readers differ on which one such a time means), written in UTC both times
    const utcStarts = libical.events.filter((event) => event.dtstart?.tzid === null).map((event) => event.dtstart?.utc);
    expect(utcStarts).toEqual([
      '2026-04-04T15:30:00.000Z', '2026-04-04T16:00:00.000Z', '2026-04-04T16:30:00.000Z', '2026-04-04T17:00:00.000Z',
      '2027-04-03T15:30:00.000Z', '2027-04-03T16:00:00.000Z', '2027-04-03T16:30:00.000Z', '2027-04-03T17:00:00.000Z',
      '2028-04-01T15:30:00.000Z', '2028-04-01T16:00:00.000Z', '2028-04-01T16:30:00.000Z', '2028-04-01T17:00:00.000Z',
    ]);
  });

  it('other Australian zones get their own VTIMEZONE; UTC and a zone it cannot describe are written in UTC', () => {
    const start = '2027-01-20T23:00:00.000Z';
    const end = '2027-01-21T02:00:00.000Z';
    const cases = [
      // Sydney in summer: AEDT, +11:00
      { zone: 'Australia/Sydney', dtstart: 'DTSTART;TZID=Australia/Sydney:20270121T100000', names: ['TZNAME:AEST', 'TZNAME:AEDT', 'TZOFFSETTO:+1100'] },
      // Perth keeps no daylight time: one STANDARD of +08:00
      { zone: 'Australia/Perth', dtstart: 'DTSTART;TZID=Australia/Perth:20270121T070000', names: ['TZNAME:AWST', 'TZOFFSETTO:+0800'] },
      { zone: 'UTC', dtstart: 'DTSTART:20270120T230000Z', names: [] },
      { zone: 'Mars/Olympus_Mons', dtstart: 'DTSTART:20270120T230000Z', names: [] },
      { zone: undefined, dtstart: 'DTSTART:20270120T230000Z', names: [] },
    ];
    for (const { zone, dtstart, names } of cases) {
      const body = calendarOf(start, end, zone);
      const lines = unfold(body);
      expect(lines).toContain(dtstart);
      for (const name of names) expect(lines).toContain(name);
      expect(lines.includes('BEGIN:VTIMEZONE')).toBe(names.length > 0);
      expect(lines.includes('BEGIN:DAYLIGHT')).toBe(zone === 'Australia/Sydney');
      const { icaljs, libical } = readByBoth(body);
      expect(instants(icaljs)).toEqual([[start, end]]);
      expect(instants(libical)).toEqual([[start, end]]);
    }
  });

  it('names in any script in the summary, description, location and organizer, folded whole and read back exactly', () => {
    const names = [...UNICODE_PEOPLE.map((person) => `${person.fullName} (${person.company})`), LONG_ASTRAL_NAME].join('\n');
    const texts = {
      title: UNICODE_EVENT_TITLE,
      description: `Ticket for ${LONG_ASTRAL_NAME}: ABCD\n${names}`,
      location: `${UNICODE_PEOPLE[0].company}; ${UNICODE_PEOPLE[4].company}, Adelaide`,
      organizer: { name: `${UNICODE_PEOPLE[1].fullName} ${UNICODE_PEOPLE[0].fullName}: Events`, address: 'team@masterclass.example.com' },
    };
    const body = calendarOf('2027-03-09T22:30:00Z', '2027-03-10T01:30:00Z', ADELAIDE, texts);
    // folded many times: the long lines need it
    expect(body.match(/\r\n /g)?.length ?? 0).toBeGreaterThan(5);
    unfold(body);
    const { icaljs, libical } = readByBoth(body);
    for (const read of [icaljs, libical]) {
      expect(read.events[0]).toMatchObject({
        summary: texts.title,
        description: texts.description,
        location: texts.location,
        organizer: 'mailto:team@masterclass.example.com',
        organizerCn: texts.organizer.name,
      });
    }
    // the combining mark stays a combining mark (nothing normalised the text)
    expect(icaljs.events[0].summary).toContain('Zoe\u0308');
  });
});

describe('served and mailed', () => {
  let smtp: TestSmtpServer;
  let server: TestServer;
  let su: PocketBase;
  let event: RecordModel;

  ticketServerForFile((ready) => {
    ({ smtp, server, su, event } = ready);
  });

  const to = (address: string) => (mail: ReceivedMail) => mail.to.includes(address.toLowerCase());
  const fetchCalendar = async (query = '') => {
    const response = await fetch(`${server.url}/api/masterclass/event.ics${query}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    return response.text();
  };

  it("GET /api/masterclass/event.ics: the event's zone and instants, the same UID on every fetch", async () => {
    // 18 June 2031, 11:30 am – 2:30 pm ACST (the upcoming date the suite sells)
    const body = await fetchCalendar();
    const lines = unfold(body);
    expect(lines).toContain('DTSTART;TZID=Australia/Adelaide:20310618T113000');
    expect(lines).toContain('DTEND;TZID=Australia/Adelaide:20310618T143000');
    expect(lines.find((line) => line.startsWith('DTSTAMP:'))).toMatch(/^DTSTAMP:\d{8}T\d{6}Z$/);
    expect(lines.find((line) => line.startsWith('LAST-MODIFIED:'))).toMatch(/^LAST-MODIFIED:\d{8}T\d{6}Z$/);
    const { icaljs, libical } = readByBoth(body);
    for (const read of [icaljs, libical]) {
      expect(instants(read)).toEqual([['2031-06-18T02:00:00.000Z', '2031-06-18T05:00:00.000Z']]);
      expect(read.events[0].uid).toBe(`masterclass-${event.id}@masterclass.example.com`);
    }
    expect(readWithIcalJs(await fetchCalendar()).events[0].uid).toBe(`masterclass-${event.id}@masterclass.example.com`);

    // the masterclass moved into daylight time: 10 March 2032, 9:00 am ACDT is 22:30 UTC the day before
    await su.collection('events').update(event.id, { starts_at: '2032-03-09 22:30:00.000Z', ends_at: '2032-03-10 01:30:00.000Z' });
    try {
      const moved = await fetchCalendar();
      expect(unfold(moved)).toContain('DTSTART;TZID=Australia/Adelaide:20320310T090000');
      const read = readByBoth(moved);
      expect(instants(read.icaljs)).toEqual([['2032-03-09T22:30:00.000Z', '2032-03-10T01:30:00.000Z']]);
      expect(instants(read.libical)).toEqual([['2032-03-09T22:30:00.000Z', '2032-03-10T01:30:00.000Z']]);
    } finally {
      await su.collection('events').update(event.id, { starts_at: event.starts_at, ends_at: event.ends_at });
    }
  });

  it("the confirmation's calendar part is text/calendar; charset=utf-8; method=PUBLISH, and names the attendee in any script", async () => {
    const guest = attendee({ fullName: LONG_ASTRAL_NAME, company: UNICODE_PEOPLE[4].company });
    const created = await register(server, promoBody(PROMO_CODE, { attendees: [guest] }));
    expect(created.status).toBe(201);
    const [row] = await attendeesOf(su, created.body.registrationId);
    const [received] = await smtp.waitFor((mail) => to(String(guest.email))(mail) && mail.attachments.some((file) => file.filename.endsWith('.ics')), 1, MAIL_WAIT_MS);

    // mailparser: the part's type and its parameters
    const mail = await simpleParser(received.raw);
    const calendarFile = mail.attachments.find((file) => file.filename === 'ai-champions-masterclass.ics');
    expect(calendarFile).toBeDefined();
    const contentType = calendarFile!.headers.get('content-type') as { value: string; params: Record<string, string> };
    expect(contentType.value).toBe('text/calendar');
    expect(contentType.params).toMatchObject({ charset: 'utf-8', method: 'PUBLISH' });

    // Python's email parser reads the same part the same way
    const [python] = await readAllWithPython<PythonMail>(MAIL_READER, [received.raw]);
    const parts = python.parts.filter((part) => part.type === 'text/calendar');
    expect(parts.map(({ type, charset, method, filename }) => ({ type, charset, method, filename })))
      .toEqual([{ type: 'text/calendar', charset: 'utf-8', method: 'PUBLISH', filename: 'ai-champions-masterclass.ics' }]);
    expect(parts[0].text).toBe(calendarFile!.content.toString('utf8'));

    // the attached file: the event's zone, and the attendee's name and ticket read back exactly by both
    const body = calendarFile!.content.toString('utf8');
    const { icaljs, libical } = readByBoth(body);
    for (const read of [icaljs, libical]) {
      expect(instants(read)).toEqual([['2031-06-18T02:00:00.000Z', '2031-06-18T05:00:00.000Z']]);
      expect(read.events[0].description).toContain(`Ticket for ${LONG_ASTRAL_NAME}: ${row.ticket_code}`);
    }
    // the same file as the ticket's calendar link gives
    const linked = readWithIcalJs(await fetchCalendar(`?event=${event.id}&ticket=${row.ticket_code}`));
    expect(linked.events[0].description).toBe(icaljs.events[0].description);
  });

  it('a sender and masterclass named in any script: the organizer and summary read back exactly', async () => {
    const settings = await su.settings.getAll();
    const senderName = `${UNICODE_PEOPLE[1].fullName} ${UNICODE_PEOPLE[0].fullName}, ${UNICODE_PEOPLE[6].fullName}`;
    await su.settings.update({ meta: { ...settings.meta, senderName } });
    await su.collection('events').update(event.id, { title: UNICODE_EVENT_TITLE });
    try {
      const body = await fetchCalendar();
      unfold(body);
      const { icaljs, libical } = readByBoth(body);
      for (const read of [icaljs, libical]) {
        expect(read.events[0].summary).toBe(UNICODE_EVENT_TITLE);
        expect(read.events[0].organizerCn).toBe(senderName);
      }
    } finally {
      await su.collection('events').update(event.id, { title: event.title });
      await su.settings.update({ meta: { ...settings.meta, senderName: settings.meta.senderName } });
    }
  });
});
