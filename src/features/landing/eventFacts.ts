// Event facts as visitors read them, always in the event's own time zone:
// the browser's zone never decides what date or time an Adelaide event shows.
import { eventWhen, formatWeekdayDate } from '@/lib/eventWhen';
import { parsePocketBaseDate } from '@/lib/pocketbaseDate';
import type { EventFactsSource } from './eventRecord';

export interface EventFacts {
  /** 'Wednesday 18 June 2025' */
  date: string;
  /** '11:30 am – 2:30 pm ACST' */
  timeRange: string;
  /** 'Wednesday 18 June 2025, 11:30 am – 2:30 pm ACST' (src/lib/eventWhen.ts, the one format) */
  when: string;
  /** '3 hours' */
  duration: string;
  /** 'Adelaide time' */
  zoneLabel: string;
  /** 'Adelaide' from 'Adelaide, South Australia' */
  city: string;
  /** 'Limited to 50 participants' */
  capacity: string;
}

export function formatDuration(start: Date, end: Date): string {
  const minutes = Math.max(0, Math.round((end.getTime() - start.getTime()) / 60_000));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const hourText = hours > 0 ? `${hours} ${hours === 1 ? 'hour' : 'hours'}` : '';
  const minuteText = rest > 0 ? `${rest} minutes` : '';
  return [hourText, minuteText].filter(Boolean).join(' ') || '0 minutes';
}

/** 'Australia/Adelaide' → 'Adelaide time' */
export function zoneLabel(timeZone: string): string {
  const city = timeZone.split('/').pop()?.replaceAll('_', ' ') ?? timeZone;
  return `${city} time`;
}

/**
 * The same facts from the words the server sent with the page (its `date` and `when` in the one
 * format, pb_hooks/lib/events/format.js), so the page creates no date formatter while it starts.
 */
export function eventFactsFromTexts(event: EventFactsSource, texts: { date: string; when: string }): EventFacts {
  const prefix = `${texts.date}, `;
  return {
    date: texts.date,
    timeRange: texts.when.startsWith(prefix) ? texts.when.slice(prefix.length) : texts.when,
    when: texts.when,
    duration: formatDuration(parsePocketBaseDate(event.starts_at), parsePocketBaseDate(event.ends_at)),
    zoneLabel: zoneLabel(event.timezone),
    city: event.location.split(',')[0]?.trim() ?? event.location,
    capacity: `Limited to ${event.capacity} participants`,
  };
}

export function eventFacts(event: EventFactsSource): EventFacts {
  const start = parsePocketBaseDate(event.starts_at);
  const end = parsePocketBaseDate(event.ends_at);
  const zone = event.timezone;
  const when = eventWhen(event);
  return {
    date: when?.date ?? formatWeekdayDate(start, zone),
    timeRange: when?.time ?? '',
    when: when?.full ?? '',
    duration: formatDuration(start, end),
    zoneLabel: zoneLabel(zone),
    city: event.location.split(',')[0]?.trim() ?? event.location,
    capacity: `Limited to ${event.capacity} participants`,
  };
}
