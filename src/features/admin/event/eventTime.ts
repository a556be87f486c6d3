// The event's dates and times as an administrator reads and types them: in
// the event's own time zone (events.timezone, e.g. Australia/Adelaide),
// whatever the browser's clock says. PocketBase stores UTC text
// ("2025-06-18 02:00:00.000Z"). The pickers hold a calendar day (a Date at
// the browser's midnight, only its year/month/day are read) and a time
// ("HH:mm"); these functions turn them into the stored instant and back.

export interface ZonedValue {
  /** The day in the event's zone, as a Date at the browser's local midnight of that day. */
  day: Date;
  /** The time of day in the event's zone, "HH:mm". */
  time: string;
}

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** PocketBase's stored date as a Date ('' or garbage → null). */
export function parseStoredDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value.trim().replace(' ', 'T'));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A Date in PocketBase's stored form. */
export function toStoredDate(date: Date): string {
  return date.toISOString().replace('T', ' ');
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function wallTime(instant: Date, timeZone: string): WallTime {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(instant).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year), month: Number(parts.month), day: Number(parts.day),
    hour: Number(parts.hour) % 24, minute: Number(parts.minute), second: Number(parts.second),
  };
}

/** The zone's offset from UTC at an instant, in milliseconds. */
function offsetAt(instant: Date, timeZone: string): number {
  const wall = wallTime(instant, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant a wall-clock time in `timeZone` names. A time skipped when the
 * clocks go forward is read in the time before the change (02:30 standard
 * time is 03:30 daylight time).
 */
export function zonedToInstant(year: number, month: number, day: number, hour: number, minute: number, timeZone: string): Date {
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  const first = guess - offsetAt(new Date(guess), timeZone);
  const second = guess - offsetAt(new Date(first), timeZone);
  return new Date(second);
}

/** A stored date as the pickers' day and time in the event's zone. */
export function toZonedValue(stored: string, timeZone: string): ZonedValue | null {
  const instant = parseStoredDate(stored);
  if (!instant) return null;
  const wall = wallTime(instant, timeZone);
  const pad = (value: number) => String(value).padStart(2, '0');
  return { day: new Date(wall.year, wall.month - 1, wall.day), time: `${pad(wall.hour)}:${pad(wall.minute)}` };
}

/** The pickers' day and time in the event's zone as the stored date, or null while incomplete. */
export function fromZonedValue(value: { day: Date | null; time: string }, timeZone: string): string | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(value.time.trim());
  if (!value.day || !match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (hour > 23 || minute > 59) return null;
  const instant = zonedToInstant(value.day.getFullYear(), value.day.getMonth() + 1, value.day.getDate(), hour, minute, timeZone);
  return toStoredDate(instant);
}

/** "Wed 18 Jun 2025, 11:30 am" in the event's zone ('' for no date). */
export function formatZoned(stored: string, timeZone: string): string {
  const instant = parseStoredDate(stored);
  if (!instant) return '';
  return new Intl.DateTimeFormat('en-AU', {
    timeZone, weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit',
  }).format(instant);
}

/** The zone's short name at an instant, e.g. "ACST" or "ACDT" (falls back to the offset, "GMT+9:30"). */
export function zoneName(stored: string, timeZone: string): string {
  const instant = parseStoredDate(stored) ?? new Date();
  const part = new Intl.DateTimeFormat('en-AU', { timeZone, timeZoneName: 'short' })
    .formatToParts(instant)
    .find((candidate) => candidate.type === 'timeZoneName');
  return part?.value ?? timeZone;
}
