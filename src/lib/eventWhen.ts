// The one date format of the product, the Australian long form, everywhere the app
// says a date or a time (the landing, /register, the portal, the admin area; the
// emails' server twin is pb_hooks/lib/events/format.js, and a unit test proves the two
// agree): 'Wednesday 18 June 2025' for a day, 'Wednesday 18 June 2025, 11:30 am' for
// a moment, 'Wednesday 18 June 2025, 11:30 am – 2:30 pm ACST' for an event. An event's
// dates are said in the event's own zone, whatever zone the visitor's device is in;
// anything else (when a message arrived) in the reader's. Formatters come from the
// cache in ./intlFormat, never created while a page renders.
import { dateTimeFormat } from './intlFormat';
import { parsePocketBaseDate } from './pocketbaseDate';

export interface WhenSource {
  starts_at: string;
  ends_at: string;
  timezone: string;
}

type PartName = Intl.DateTimeFormatPartTypes;

/** Every part the app says of an instant, from one formatter per zone (creating one costs far more than using it). */
const ALL_PARTS: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: 'numeric', minute: '2-digit', hourCycle: 'h12', timeZoneName: 'short' };

type ZonedParts = Readonly<Partial<Record<PartName, string>>>;

/**
 * The parts of instants already said, by instant and zone: a masterclass's date is said many times
 * over (each select option, each door title, each render), five parts' worth each time, and
 * formatToParts was a visible share of drawing an admin screen on a slow phone. Emptied when full.
 */
const saidParts = new Map<string, ZonedParts>();
const SAID_PARTS_LIMIT = 2_000;

/** The weekday, day, month, year, hour, minute, day period and zone abbreviation of an instant in a zone (the device's when none). */
export function zonedParts(instant: Date, timeZone?: string): ZonedParts {
  const key = `${instant.getTime()}|${timeZone ?? ''}`;
  const said = saidParts.get(key);
  if (said) return said;
  const parts = dateTimeFormat('en-AU', { timeZone, ...ALL_PARTS }).formatToParts(instant);
  const result: ZonedParts = Object.freeze(Object.fromEntries(parts.map((part) => [part.type, part.value])));
  // The device's zone may change while the page is open (a trip): its parts are not kept.
  if (timeZone) {
    if (saidParts.size >= SAID_PARTS_LIMIT) saidParts.clear();
    saidParts.set(key, result);
  }
  return result;
}

/** '11:30 am' */
export function formatClockTime(instant: Date, timeZone?: string): string {
  const p = zonedParts(instant, timeZone);
  return `${p.hour}:${p.minute} ${(p.dayPeriod ?? '').toLowerCase()}`;
}

/** 'Wednesday 18 June 2025' */
export function formatWeekdayDate(instant: Date, timeZone?: string): string {
  const p = zonedParts(instant, timeZone);
  return `${p.weekday} ${p.day} ${p.month} ${p.year}`;
}

/** 'Wednesday 18 June 2025, 11:30 am': a moment, in `timeZone` (the reader's device's when none). */
export function formatDateTime(instant: Date, timeZone?: string): string {
  const p = zonedParts(instant, timeZone);
  return `${p.weekday} ${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute} ${(p.dayPeriod ?? '').toLowerCase()}`;
}

/** A stored date (PocketBase's or ISO) as formatDateTime says it, or `fallback` when it is not a date. */
export function formatStoredDateTime(stored: string | null | undefined, timeZone?: string, fallback = ''): string {
  const instant = parsePocketBaseDate(stored ?? '');
  return stored && !Number.isNaN(instant.getTime()) ? formatDateTime(instant, timeZone) : fallback;
}

/** 'ACST' (or 'ACDT' in daylight time) for Adelaide at that instant. */
export function zoneAbbreviation(instant: Date, timeZone: string): string {
  return zonedParts(instant, timeZone).timeZoneName ?? timeZone;
}

export interface EventWhen {
  /** 'Wednesday 18 June 2025' */
  date: string;
  /** '11:30 am – 2:30 pm ACST' (the end's date is named when it is another day, each zone when they differ) */
  time: string;
  /** 'Wednesday 18 June 2025, 11:30 am – 2:30 pm ACST' */
  full: string;
}

/** When the event is, in its own zone; null when its start is not a date. */
export function eventWhen(event: WhenSource): EventWhen | null {
  const start = parsePocketBaseDate(event.starts_at);
  const end = parsePocketBaseDate(event.ends_at);
  if (Number.isNaN(start.getTime())) return null;
  const zone = event.timezone;
  const date = formatWeekdayDate(start, zone);
  const startZone = zoneAbbreviation(start, zone);
  let time = formatClockTime(start, zone);
  if (!Number.isNaN(end.getTime()) && end > start) {
    const endDate = formatWeekdayDate(end, zone);
    const endZone = zoneAbbreviation(end, zone);
    // Across a daylight-saving change each end names its own zone: '1:30 am ACST – 3:30 am ACDT'.
    if (endZone !== startZone) time += ` ${startZone}`;
    time += ` – ${endDate === date ? '' : `${endDate}, `}${formatClockTime(end, zone)} ${endZone}`;
  } else {
    time += ` ${startZone}`;
  }
  return { date, time, full: `${date}, ${time}` };
}

/** eventWhen(...).full, or '' when the start is not a date. */
export function formatEventWhen(event: WhenSource): string {
  return eventWhen(event)?.full ?? '';
}

/** One instant in the event's zone: 'Friday 3 December 2027, 2:00 pm ACDT' ('' when it is not a date); the server says it the same way. */
export function formatZonedInstant(stored: string, timeZone: string): string {
  const instant = parsePocketBaseDate(stored);
  if (Number.isNaN(instant.getTime())) return '';
  return `${formatWeekdayDate(instant, timeZone)}, ${formatClockTime(instant, timeZone)} ${zoneAbbreviation(instant, timeZone)}`;
}

/** When sales open, in the event's zone: 'Tuesday 10 February at 9:00 am' ('' when it is not a date); the server says it the same way (formatDayAndTime). */
export function formatSalesOpen(stored: string | null | undefined, timeZone: string): string {
  const instant = parsePocketBaseDate(stored ?? '');
  if (!stored || Number.isNaN(instant.getTime())) return '';
  const p = zonedParts(instant, timeZone);
  return `${p.weekday} ${p.day} ${p.month} at ${formatClockTime(instant, timeZone)}`;
}

/** A day without its weekday and year, in the event's zone: '18 June' ('' when it is not a date); the server's formatDayMonth says it the same way. */
export function formatDayMonth(stored: string | null | undefined, timeZone: string): string {
  const instant = parsePocketBaseDate(stored ?? '');
  if (!stored || Number.isNaN(instant.getTime())) return '';
  const p = zonedParts(instant, timeZone);
  return `${p.day} ${p.month}`;
}
