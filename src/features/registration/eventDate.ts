// The masterclass date as the banner and headings say it, in the event's own zone.
import { formatWeekdayDate } from '@/lib/eventWhen';
import { parsePocketBaseDate } from '@/lib/pocketbaseDate';
import type { EventSummary } from './registrationApi';

type DatedEvent = Pick<EventSummary, 'starts_at' | 'timezone'>;

/** 'Wednesday 18 June 2025' (the one date format, src/lib/eventWhen.ts); '' while the event is unknown (never a date of its own) or its start is not a date. */
export function formatEventDate(event: DatedEvent | null): string {
  if (!event) return '';
  const instant = parsePocketBaseDate(event.starts_at);
  if (Number.isNaN(instant.getTime())) return '';
  return formatWeekdayDate(instant, event.timezone);
}
