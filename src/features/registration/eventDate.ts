// The masterclass date as the banner and headings say it, in the event's own zone.
import { formatLongDate } from '@/lib/formatLongDate';
import { parsePocketBaseDate } from '@/lib/pocketbaseDate';
import type { EventSummary } from './registrationApi';

type DatedEvent = Pick<EventSummary, 'starts_at' | 'timezone'>;

/** '18 June 2025'; '' while the event is unknown (never a date of its own) or its start is not a date. */
export function formatEventDate(event: DatedEvent | null): string {
  if (!event) return '';
  const instant = parsePocketBaseDate(event.starts_at);
  if (Number.isNaN(instant.getTime())) return '';
  return formatLongDate(instant, event.timezone);
}
