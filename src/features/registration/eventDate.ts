// The masterclass date as the banner and headings say it, in the event's own zone.
import type { EventSummary } from './registrationApi';

/** The spec's date, shown until (or unless) the event record is read. */
const PUBLISHED_DATE = '18 June 2025';

export function formatEventDate(event: Pick<EventSummary, 'starts_at' | 'timezone'> | null): string {
  if (!event) return PUBLISHED_DATE;
  const instant = new Date(event.starts_at.trim().replace(' ', 'T'));
  if (Number.isNaN(instant.getTime())) return PUBLISHED_DATE;
  return new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: event.timezone }).format(instant);
}
