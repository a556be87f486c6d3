// The `?event=<id>` the admin pages that show one masterclass at a time keep
// in their address (Manage Attendees, the overview), so a reload keeps the
// choice, and which masterclass that makes the page show. Plain checks rather
// than a zod schema (see src/routes/register.tsx): any short text is kept, and
// an id no masterclass has is the page's to explain; without it the page
// shows the featured masterclass.
import type { AdminEventRow } from './event/eventAdminApi';

export interface AdminEventSearch {
  event?: string;
}

export function validateAdminEventSearch(search: Record<string, unknown>): AdminEventSearch {
  const event = typeof search.event === 'string' ? search.event.trim() : '';
  return event && event.length <= 64 ? { event } : {};
}

/**
 * The masterclass a page shows: the one its address names (`?event=`), else
 * the featured one, else (none published) the latest. `unknown` when the
 * address names an event that is not among them. `queryId` is what the page
 * sends as `event`: undefined while the server's own default (the featured
 * one) is meant, so the first request need not wait for the list of events.
 */
export function chosenMasterclass(
  requested: string | undefined,
  { events, featuredId }: { events: AdminEventRow[] | null; featuredId: string | null },
): { id: string | null; event: AdminEventRow | null; unknown: boolean; queryId: string | undefined } {
  if (requested) {
    const event = events?.find((row) => row.id === requested) ?? null;
    return { id: requested, event, unknown: events !== null && event === null, queryId: requested };
  }
  const id = featuredId ?? events?.[0]?.id ?? null;
  return { id, event: events?.find((row) => row.id === id) ?? null, unknown: false, queryId: featuredId || !id ? undefined : id };
}
