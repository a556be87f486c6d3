/// <reference path="../../../pb_data/types.d.ts" />
// The masterclass as an RFC 5545 calendar: one VEVENT, CRLF line endings,
// text escaped and lines folded at 75 octets (never inside a UTF-8
// character). Served by GET /api/masterclass/event.ics and attached to
// confirmation emails (as text/calendar; charset=utf-8; method=PUBLISH:
// pocketbase/mail.go).
// Times: DTSTART and DTEND in the masterclass's own zone (the event's
// `timezone`, e.g. DTSTART;TZID=Australia/Adelaide:20270310T090000), with a
// VTIMEZONE describing that zone (its standard offset and, for the Australian
// daylight-saving zones, the rule in force since 2008: daylight time from 2:00
// on the first Sunday in October to 3:00 on the first Sunday in April), made
// from lib/events/format.js's description of the zone, so calendars place the
// event at the right instant and show it in the masterclass's zone. A zone
// described nowhere there (or UTC), and a wall-clock time that names two
// instants (the hour repeated when daylight time ends), are written in UTC
// instead. DTSTAMP and LAST-MODIFIED are UTC.
// METHOD:PUBLISH (RFC 5546 iTIP) requires an ORGANIZER and allows no
// ATTENDEE: the organizer is the sender of our emails (MAIL_FROM), as a
// mailto: address with its name as CN; an attendee's name is in the
// DESCRIPTION of their own file (lib/tickets/calendar.js).
// SEQUENCE (RFC 5545 3.8.7.4) is the masterclass's change counter
// (events.calendar_sequence, lib/notices/changes.js): the UID stays, and a
// calendar takes a file with a higher SEQUENCE as the new version of the entry
// it holds (a moved date, a new venue). A cancelled masterclass's file says
// STATUS:CANCELLED.

const CALENDAR_FILENAME = "ai-champions-masterclass.ics";
const PRODUCT_ID = "-//AI Champions Masterclass//Registration//EN";

const MINUTE_MS = 60 * 1000;

function utcStamp(date) {
  return date.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

/** An instant as a floating local time "YYYYMMDDTHHMMSS" at `minutes` from UTC. */
function localStamp(date, minutes) {
  return utcStamp(new Date(date.getTime() + minutes * MINUTE_MS)).replace(/Z$/, "");
}

/** "+0930", "-0300": a UTC offset in minutes as an RFC 5545 UTC-OFFSET. */
function utcOffset(minutes) {
  const size = Math.abs(minutes);
  return `${minutes < 0 ? "-" : "+"}${String(Math.floor(size / 60)).padStart(2, "0")}${String(size % 60).padStart(2, "0")}`;
}

function format() {
  return require(`${__hooks}/lib/events/format.js`);
}

/**
 * The VTIMEZONE lines for `timezone`, or null for a zone that cannot be
 * described (unknown, or UTC: its times are written with Z).
 * @param {string} timezone
 * @returns {string[] | null}
 */
function timezoneLines(timezone) {
  const rules = format().zoneRules(timezone);
  if (!rules || (rules.standard === 0 && rules.daylight === undefined)) return null;
  const lines = ["BEGIN:VTIMEZONE", `TZID:${timezone}`];
  if (rules.daylight === undefined) {
    lines.push(
      "BEGIN:STANDARD", "DTSTART:19700101T000000",
      `TZOFFSETFROM:${utcOffset(rules.standard)}`, `TZOFFSETTO:${utcOffset(rules.standard)}`, `TZNAME:${rules.standardName}`,
      "END:STANDARD",
    );
  } else {
    // The rule since 2008 (lib/events/format.js); each DTSTART is the first
    // change under it, in the local time before the change (RFC 5545 3.6.5).
    lines.push(
      "BEGIN:STANDARD", "DTSTART:20080406T030000",
      `TZOFFSETFROM:${utcOffset(rules.daylight)}`, `TZOFFSETTO:${utcOffset(rules.standard)}`, `TZNAME:${rules.standardName}`,
      "RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU",
      "END:STANDARD",
      "BEGIN:DAYLIGHT", "DTSTART:20081005T020000",
      `TZOFFSETFROM:${utcOffset(rules.standard)}`, `TZOFFSETTO:${utcOffset(rules.daylight)}`, `TZNAME:${rules.daylightName}`,
      "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=1SU",
      "END:DAYLIGHT",
    );
  }
  lines.push("END:VTIMEZONE");
  return lines;
}

/**
 * A DATE-TIME property for an instant: `NAME;TZID=<zone>:<local time>` when
 * `timezone` is described (timezoneLines) and its local time names this
 * instant alone, else `NAME:<UTC time>Z`. A local time that occurs twice (the
 * hour repeated when daylight time ends) is written in UTC both times: RFC
 * 5545 (3.3.5) reads it as the first, but calendar programs differ (ical.js
 * takes the second).
 * @param {string} name
 * @param {Date} date
 * @param {string} [timezone]
 */
function dateTimeLine(name, date, timezone) {
  const zones = format();
  const rules = timezone ? zones.zoneRules(timezone) : null;
  if (!rules || (rules.standard === 0 && rules.daylight === undefined)) return `${name}:${utcStamp(date)}`;
  const minutes = zones.zoneOffset(timezone, date).minutes;
  const local = date.getTime() + minutes * MINUTE_MS;
  // The instants this wall-clock time names: two in the hour repeated when daylight time ends.
  const named = [rules.daylight, rules.standard]
    .filter((offset) => offset !== undefined)
    .map((offset) => local - offset * MINUTE_MS)
    .filter((instant) => zones.zoneOffset(timezone, new Date(instant)).minutes * MINUTE_MS === local - instant);
  if (named.length !== 1 || named[0] !== date.getTime()) return `${name}:${utcStamp(date)}`;
  return `${name};TZID=${timezone}:${localStamp(date, minutes)}`;
}

function escapeText(value) {
  return String(value)
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

function utf8Length(character) {
  const code = character.codePointAt(0);
  if (code < 0x80) return 1;
  if (code < 0x800) return 2;
  if (code < 0x10000) return 3;
  return 4;
}

/** Splits a content line into chunks of at most 75 octets, never inside a character. */
function foldLine(line) {
  const chunks = [];
  let chunk = "";
  let octets = 0;
  for (const character of Array.from(line)) {
    const size = utf8Length(character);
    // continuation lines start with a space, which counts towards their 75
    const limit = chunks.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      chunks.push(chunk);
      chunk = "";
      octets = 0;
    }
    chunk += character;
    octets += size;
  }
  chunks.push(chunk);
  return chunks.join("\r\n ");
}

/** A parameter value (RFC 5545 3.2): quoted when it holds : ; or , and never a double quote or a control character. */
function parameterValue(value) {
  const clean = Array.from(String(value)).filter((character) => character !== '"' && character.charCodeAt(0) >= 0x20 && character.charCodeAt(0) !== 0x7f).join("").trim();
  return /[:;,]/.test(clean) ? `"${clean}"` : clean;
}

/** ORGANIZER;CN=<name>:mailto:<address>, or null without an address. */
function organizerLine(organizer) {
  if (!organizer || !organizer.address) return null;
  const name = organizer.name ? `;CN=${parameterValue(organizer.name)}` : "";
  return `ORGANIZER${name}:mailto:${String(organizer.address).replace(/[\s"<>]/g, "")}`;
}

/**
 * @param {{uid: string, title: string, startsAt: Date, endsAt: Date, timezone?: string, location: string,
 *   description: string, url: string, stamp: Date, lastModified?: Date,
 *   organizer: {name: string, address: string}, sequence?: number, cancelled?: boolean}} event
 *   timezone: the IANA zone the times are written in (UTC without one);
 *   sequence: the entry's version (0 when left out); cancelled: STATUS:CANCELLED
 * @returns {string}
 */
function buildCalendar(event) {
  const zoneLines = event.timezone ? timezoneLines(event.timezone) : null;
  const zone = zoneLines ? event.timezone : "";
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${PRODUCT_ID}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    ...(zoneLines || []),
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `DTSTAMP:${utcStamp(event.stamp)}`,
    `SEQUENCE:${Math.max(0, Math.floor(Number(event.sequence) || 0))}`,
    dateTimeLine("DTSTART", event.startsAt, zone),
    dateTimeLine("DTEND", event.endsAt, zone),
    ...[organizerLine(event.organizer)].filter(Boolean),
    `SUMMARY:${escapeText(event.title)}`,
    `LOCATION:${escapeText(event.location)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `URL:${event.url}`,
    event.cancelled ? "STATUS:CANCELLED" : "STATUS:CONFIRMED",
    "TRANSP:OPAQUE",
  ];
  if (event.lastModified) lines.push(`LAST-MODIFIED:${utcStamp(event.lastModified)}`);
  lines.push("END:VEVENT", "END:VCALENDAR");
  return lines.map(foldLine).join("\r\n") + "\r\n";
}

module.exports = { CALENDAR_FILENAME, buildCalendar, escapeText, foldLine, organizerLine, timezoneLines, dateTimeLine };
