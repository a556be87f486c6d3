// The masterclass date as the banner and headings say it, in the event's own zone.
import { formatLongDate } from '@/lib/formatLongDate';
import { parsePocketBaseDate } from '@/lib/pocketbaseDate';
import { PUBLISHED_EVENT } from '@/lib/publishedEvent';
import type { EventSummary } from './registrationApi';

type DatedEvent = Pick<EventSummary, 'starts_at' | 'timezone'>;

/** '18 June 2025', or '' when the start is not a date. */
function dayOf(event: DatedEvent): string {
  const instant = parsePocketBaseDate(event.starts_at);
  if (Number.isNaN(instant.getTime())) return '';
  return formatLongDate(instant, event.timezone);
}

/** The spec's date, shown until (or unless) the event record is read. */
const PUBLISHED_DATE = dayOf(PUBLISHED_EVENT);

export function formatEventDate(event: DatedEvent | null): string {
  return (event && dayOf(event)) || PUBLISHED_DATE;
}
