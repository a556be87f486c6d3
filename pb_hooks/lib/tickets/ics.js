/// <reference path="../../../pb_data/types.d.ts" />
// The masterclass as an RFC 5545 calendar: one VEVENT with UTC times, CRLF
// line endings, text escaped and lines folded at 75 octets. Served by
// GET /api/masterclass/event.ics and attached to confirmation emails.
// METHOD:PUBLISH (RFC 5546 iTIP) requires an ORGANIZER: the sender of our
// emails (MAIL_FROM), as a mailto: address with its name as CN.

const CALENDAR_FILENAME = "ai-champions-masterclass.ics";
const PRODUCT_ID = "-//AI Champions Masterclass//Registration//EN";

function utcStamp(date) {
  return date.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
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
 * @param {{uid: string, title: string, startsAt: Date, endsAt: Date, location: string,
 *   description: string, url: string, stamp: Date, lastModified?: Date,
 *   organizer: {name: string, address: string}}} event
 * @returns {string}
 */
function buildCalendar(event) {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${PRODUCT_ID}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `DTSTAMP:${utcStamp(event.stamp)}`,
    `DTSTART:${utcStamp(event.startsAt)}`,
    `DTEND:${utcStamp(event.endsAt)}`,
    ...[organizerLine(event.organizer)].filter(Boolean),
    `SUMMARY:${escapeText(event.title)}`,
    `LOCATION:${escapeText(event.location)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `URL:${event.url}`,
    "STATUS:CONFIRMED",
    "TRANSP:OPAQUE",
  ];
  if (event.lastModified) lines.push(`LAST-MODIFIED:${utcStamp(event.lastModified)}`);
  lines.push("END:VEVENT", "END:VCALENDAR");
  return lines.map(foldLine).join("\r\n") + "\r\n";
}

module.exports = { CALENDAR_FILENAME, buildCalendar, escapeText, foldLine, organizerLine };
