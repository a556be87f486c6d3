// A calendar file read by two libraries written apart from ours and from each
// other: ical.js (Mozilla's, in JavaScript) and libical (the C library, through
// tests/support/libical-read.py). Each resolves a time with a TZID by the
// file's own VTIMEZONE of that TZID, never by time zone data of its own, so a
// wrong VTIMEZONE shows as a wrong instant. Both answer in the same shape.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import ICAL from 'ical.js';
import { batchedReader, PYTHON } from './python-readers';

export interface ReadTime {
  /** The value as written, e.g. 20270310T090000 or 20270310T090000Z. */
  value: string;
  tzid: string | null;
  /** The instant it names, as an ISO string in UTC (null when the reader cannot tell). */
  utc: string | null;
}

export interface ReadEvent {
  uid: string | null;
  summary: string | null;
  description: string | null;
  location: string | null;
  organizer: string | null;
  organizerCn: string | null;
  dtstamp: ReadTime | null;
  dtstart: ReadTime | null;
  dtend: ReadTime | null;
}

export interface ReadCalendar {
  method: string | null;
  timezones: string[];
  events: ReadEvent[];
}

export interface LibicalCalendar extends ReadCalendar {
  parsed: boolean;
  parseErrors: string[];
  /** libical's check of RFC 5546's rules for the METHOD (e.g. PUBLISH: one ORGANIZER, no ATTENDEE). */
  restrictionsOk: boolean;
  restrictionErrors: string[];
}

// Debian's Python (./python-readers), where python3-gi and gir1.2-ical-3.0 are installed.
const SCRIPT = path.join(import.meta.dirname, 'libical-read.py');

export function readWithLibical(text: string): LibicalCalendar {
  const out = execFileSync(PYTHON, [SCRIPT], { input: Buffer.from(text, 'utf8') });
  return JSON.parse(out.toString('utf8')) as LibicalCalendar;
}

/**
 * As readWithLibical, for tests side by side: the files asked for together are read in one Python
 * process (loading libical's bindings is most of a read's cost, about 0.2 CPU-seconds).
 */
export const readWithLibicalBatched = batchedReader<LibicalCalendar>(`import runpy\nread = runpy.run_path(${JSON.stringify(SCRIPT)})["read"]`);

const stamp = (time: ICAL.Time) => time.toICALString().replace(/[-:]/g, '').replace(/Z$/, '');

export function readWithIcalJs(text: string): ReadCalendar {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zones = new Map<string, ICAL.Timezone>();
  for (const vtimezone of calendar.getAllSubcomponents('vtimezone')) {
    const zone = new ICAL.Timezone(vtimezone);
    zones.set(zone.tzid, zone);
  }
  const time = (vevent: ICAL.Component, name: string): ReadTime | null => {
    const property = vevent.getFirstProperty(name);
    if (!property) return null;
    const value = (property.getFirstValue() as ICAL.Time).clone();
    const tzid = (property.getParameter('tzid') as string | undefined) ?? null;
    if (tzid !== null) {
      const zone = zones.get(tzid);
      if (!zone) return { value: stamp(value), tzid, utc: null };
      value.zone = zone;
      return { value: stamp(value), tzid, utc: new Date(value.toUnixTime() * 1000).toISOString() };
    }
    if (value.zone !== ICAL.Timezone.utcTimezone) return { value: stamp(value), tzid, utc: null };
    return { value: `${stamp(value)}Z`, tzid, utc: new Date(value.toUnixTime() * 1000).toISOString() };
  };
  const text_ = (vevent: ICAL.Component, name: string) => {
    const value = vevent.getFirstPropertyValue(name);
    return value === null || value === undefined ? null : String(value);
  };
  return {
    method: text_(calendar, 'method'),
    timezones: [...zones.keys()],
    events: calendar.getAllSubcomponents('vevent').map((vevent) => ({
      uid: text_(vevent, 'uid'),
      summary: text_(vevent, 'summary'),
      description: text_(vevent, 'description'),
      location: text_(vevent, 'location'),
      organizer: text_(vevent, 'organizer'),
      organizerCn: (vevent.getFirstProperty('organizer')?.getParameter('cn') as string | undefined) ?? null,
      dtstamp: time(vevent, 'dtstamp'),
      dtstart: time(vevent, 'dtstart'),
      dtend: time(vevent, 'dtend'),
    })),
  };
}
