/// <reference path="../../../pb_data/types.d.ts" />
// Event dates, times and money as people read them, in the event's own time
// zone. The JS hooks have no Intl and no time zone data (toLocaleString
// ignores `timeZone`), so the zones an event can use are described here:
// standard offset, and for the Australian daylight-saving zones the rule in
// force since 2008 (from 2:00 standard time on the first Sunday in October
// to 3:00 daylight time on the first Sunday in April). Pure functions: no
// PocketBase globals, so tests load this file directly.

const AUSTRALIAN_DST = "australia";

const ZONES = {
  "Australia/Adelaide": { standard: 570, standardName: "ACST", daylightName: "ACDT", dst: AUSTRALIAN_DST },
  "Australia/Broken_Hill": { standard: 570, standardName: "ACST", daylightName: "ACDT", dst: AUSTRALIAN_DST },
  "Australia/Darwin": { standard: 570, standardName: "ACST" },
  "Australia/Sydney": { standard: 600, standardName: "AEST", daylightName: "AEDT", dst: AUSTRALIAN_DST },
  "Australia/Melbourne": { standard: 600, standardName: "AEST", daylightName: "AEDT", dst: AUSTRALIAN_DST },
  "Australia/Hobart": { standard: 600, standardName: "AEST", daylightName: "AEDT", dst: AUSTRALIAN_DST },
  "Australia/Canberra": { standard: 600, standardName: "AEST", daylightName: "AEDT", dst: AUSTRALIAN_DST },
  "Australia/Brisbane": { standard: 600, standardName: "AEST" },
  "Australia/Perth": { standard: 480, standardName: "AWST" },
  UTC: { standard: 0, standardName: "UTC" },
};

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = [
  "January", "February", "March", "April", "May", "June",
  "July", "August", "September", "October", "November", "December",
];
const MINUTE_MS = 60 * 1000;

/**
 * A PocketBase date ("2025-06-18 02:00:00.000Z"), an ISO string or a Date as a Date.
 * @param {string|Date} value
 * @returns {Date}
 */
function parseUtc(value) {
  if (value && typeof value.getTime === "function") return value;
  const date = new Date(String(value).trim().replace(" ", "T"));
  if (isNaN(date.getTime())) throw new Error(`Not a date: ${value}`);
  return date;
}

function firstSunday(year, monthIndex) {
  const weekday = new Date(Date.UTC(year, monthIndex, 1)).getUTCDay();
  return 1 + ((7 - weekday) % 7);
}

function isAustralianDaylightTime(date, standardOffset) {
  const year = new Date(date.getTime() + standardOffset * MINUTE_MS).getUTCFullYear();
  // Both changes happen at 2:00 local standard time.
  const ends = Date.UTC(year, 3, firstSunday(year, 3), 2) - standardOffset * MINUTE_MS;
  const starts = Date.UTC(year, 9, firstSunday(year, 9), 2) - standardOffset * MINUTE_MS;
  return date.getTime() < ends || date.getTime() >= starts;
}

/**
 * The UTC offset in minutes and its abbreviation for a zone at an instant.
 * Unknown zones read as UTC.
 * @param {string} timezone
 * @param {Date} date
 */
function zoneOffset(timezone, date) {
  const zone = ZONES[timezone] || ZONES.UTC;
  if (zone.dst === AUSTRALIAN_DST && isAustralianDaylightTime(date, zone.standard)) {
    return { minutes: zone.standard + 60, name: zone.daylightName };
  }
  return { minutes: zone.standard, name: zone.standardName };
}

/**
 * How a zone keeps time, for a calendar file's VTIMEZONE (lib/tickets/ics.js):
 * `{standard, standardName, daylight?, daylightName?}` (offsets in minutes;
 * `daylight` only for a zone with the Australian daylight-saving rule), or
 * null for a zone described nowhere here.
 * @param {string} timezone
 */
function zoneRules(timezone) {
  const zone = Object.prototype.hasOwnProperty.call(ZONES, timezone) ? ZONES[timezone] : null;
  if (!zone) return null;
  return zone.dst === AUSTRALIAN_DST
    ? { standard: zone.standard, standardName: zone.standardName, daylight: zone.standard + 60, daylightName: zone.daylightName }
    : { standard: zone.standard, standardName: zone.standardName };
}

/** Wall-clock fields of an instant in a zone. */
function localParts(value, timezone) {
  const date = parseUtc(value);
  const offset = zoneOffset(timezone, date);
  const local = new Date(date.getTime() + offset.minutes * MINUTE_MS);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth(),
    day: local.getUTCDate(),
    weekday: local.getUTCDay(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    zoneName: offset.name,
  };
}

/** "Wednesday 18 June 2025" */
function formatDate(value, timezone) {
  const parts = localParts(value, timezone);
  return `${WEEKDAYS[parts.weekday]} ${parts.day} ${MONTHS[parts.month]} ${parts.year}`;
}

/** "11:30 am" (en-AU) */
function formatTime(value, timezone) {
  const parts = localParts(value, timezone);
  const hour12 = parts.hour % 12 === 0 ? 12 : parts.hour % 12;
  const minutes = String(parts.minute).padStart(2, "0");
  return `${hour12}:${minutes} ${parts.hour < 12 ? "am" : "pm"}`;
}

/**
 * "11:30 am – 2:30 pm ACST": the end's date is named when it is another day,
 * and each end's zone when a daylight-saving change falls in between
 * ("1:30 am ACST – 3:30 am ACDT"). The app says it the same way (src/lib/eventWhen.ts).
 */
function formatTimeRange(start, end, timezone) {
  const startZone = localParts(start, timezone).zoneName;
  const endParts = localParts(end, timezone);
  const sameDay = formatDate(start, timezone) === formatDate(end, timezone);
  const startText = endParts.zoneName === startZone ? formatTime(start, timezone) : `${formatTime(start, timezone)} ${startZone}`;
  const endText = sameDay ? formatTime(end, timezone) : `${formatDate(end, timezone)}, ${formatTime(end, timezone)}`;
  return `${startText} – ${endText} ${endParts.zoneName}`;
}

/** "Wednesday 18 June 2025, 11:30 am – 2:30 pm ACST": the one way every email says when the event is. */
function formatWhen(start, end, timezone) {
  const range = parseUtc(end).getTime() > parseUtc(start).getTime()
    ? formatTimeRange(start, end, timezone)
    : `${formatTime(start, timezone)} ${localParts(start, timezone).zoneName}`;
  return `${formatDate(start, timezone)}, ${range}`;
}

/** An instant, "Friday 3 December 2027, 2:00 pm ACDT": when an offer or a window ends, in the event's zone. */
function formatInstant(value, timezone) {
  return formatWhen(value, value, timezone);
}

/** "Tuesday 10 February at 9:00 am": when sales open, in the event's zone (src/lib/eventWhen.ts formatSalesOpen says it the same way). */
function formatDayAndTime(value, timezone) {
  const parts = localParts(value, timezone);
  return `${WEEKDAYS[parts.weekday]} ${parts.day} ${MONTHS[parts.month]} at ${formatTime(value, timezone)}`;
}

/** "18 June": a day without its weekday and year (src/lib/eventWhen.ts formatDayMonth). */
function formatDayMonth(value, timezone) {
  const parts = localParts(value, timezone);
  return `${parts.day} ${MONTHS[parts.month]}`;
}

/** "AUD 1,485.00" (the thousands grouped as the landing page's price groups them, lib/events/landing.js). */
function formatAmount(cents, currency) {
  const grouped = String(Math.floor(Math.abs(cents) / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const fraction = String(Math.abs(cents) % 100).padStart(2, "0");
  return `${cents < 0 ? "-" : ""}${currency} ${grouped}.${fraction}`;
}

module.exports = { parseUtc, zoneOffset, zoneRules, formatDate, formatTime, formatTimeRange, formatWhen, formatInstant, formatDayAndTime, formatDayMonth, formatAmount };
