// Dates read the Australian way: '22 November 2026'. An event's date is said
// in the event's own zone; without a zone, in the visitor's.
import { dateTimeFormat } from './intlFormat';

export function formatLongDate(date: Date, timeZone?: string): string {
  return dateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(date);
}
