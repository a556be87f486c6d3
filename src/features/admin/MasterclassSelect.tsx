// The masterclass selector the admin pages share (Event & Promo Codes, Manage
// Attendees, the overview): every event, drafts included, each named by its
// date, its phase (or Draft) and whether the site features it; and the hook
// that loads them with the featured one's id (GET /api/masterclass/event, the
// server's own choice, pb_hooks/lib/events/summary.js featuredEvent).
import { useEffect, useState, type CSSProperties } from 'react';
import { Select } from '@mantine/core';
import type { EventRow, SalesState } from '@/db';
import { eventPhase } from '@/lib/eventPhase';
import { formatEventWhen } from '@/lib/eventWhen';
import { type AdminEventRow, aheadOfTime, saveFailure } from './event/eventAdminApi';
import { loadedMasterclasses, rememberMasterclasses } from './loadedMasterclasses';
import { PREFETCH, takePrefetched } from './shell/prefetched';

/** The sales states' names, as the event form offers them. */
export const SALES_STATE_LABELS: Record<SalesState, string> = { open: 'Open', sold_out: 'Sold out', closed: 'Closed' };

const STATE_COLOR = { open: 'teal', sold_out: 'orange', closed: 'gray' } as const;

/** The event's phase as a short label (an open event with no seat left shows as sold out). */
export function phaseLabel(event: EventRow, shown: EventRow['sales_state'], now: Date): { label: string; color: string } {
  const phase = eventPhase({ ...event, sales_state: shown, cancelled: Boolean(event.cancelled_at) }, now);
  if (phase === 'cancelled') return { label: 'Cancelled', color: 'red' };
  if (phase === 'past') return { label: 'Taken place (waitlist only)', color: 'gray' };
  if (phase === 'happening') return { label: 'Happening now (waitlist only)', color: 'blue' };
  if (phase === 'scheduled') return { label: 'Sales scheduled (waitlist only)', color: 'violet' };
  return { label: SALES_STATE_LABELS[shown] ?? shown, color: STATE_COLOR[shown] };
}

/** The event's first day, as the selector names it: 'Wednesday 18 June 2031'. */
export function eventDay(event: AdminEventRow): string {
  return formatEventWhen(event).split(',')[0] ?? event.starts_at;
}

/** How the selector names an event: its date, its phase or draft state, and whether visitors see it. */
export function eventOption(event: AdminEventRow, featuredId: string | null, now: Date): string {
  const state = event.published ? phaseLabel(event, event.sales_state, now).label.replace(/ \(waitlist only\)$/, '') : 'Draft';
  return `${eventDay(event)} — ${state}${event.id === featuredId ? ' · featured on the site' : ''}`;
}

/** What a page says when its address names an event that does not exist (the server's words, pb_hooks/lib/admin/event-choice.js). */
export function unknownMasterclass(id: string): string {
  return `There is no masterclass with the id ${id}. Choose one of the listed masterclasses.`;
}

export const FEATURED_DESCRIPTION = 'The site features the next published one (or the last one when none is coming).';

/**
 * `events` null: still loading (the selector holds its place, so nothing below
 * it moves when they arrive), or `error` says why they could not be loaded.
 */
export function MasterclassSelect({
  events,
  featuredId,
  value,
  onChange,
  description = FEATURED_DESCRIPTION,
  error = null,
  style,
}: {
  events: AdminEventRow[] | null;
  featuredId: string | null;
  value: string | null;
  onChange: (eventId: string) => void;
  description?: string;
  error?: string | null;
  style?: CSSProperties;
}) {
  const [now] = useState(() => new Date());
  return (
    <Select
      label="Masterclass"
      description={description}
      placeholder={events ? 'Choose a masterclass' : error ? 'The masterclasses could not be loaded' : 'Loading the masterclasses…'}
      error={events ? null : error && `${error} Reload the page to try again; meanwhile the page shows the featured masterclass.`}
      disabled={!events}
      data={(events ?? []).map((row) => ({ value: row.id, label: eventOption(row, featuredId, now) }))}
      value={events ? value : null}
      onChange={(chosen) => chosen && onChange(chosen)}
      allowDeselect={false}
      // On a phone the label may not fit: its end gives way to an ellipsis, the date stays.
      styles={{ input: { textOverflow: 'ellipsis' } }}
      style={{ flex: 1, minWidth: 0, maxWidth: 560, ...style }}
    />
  );
}

export interface Masterclasses {
  /** Every event, the latest start first; null until loaded. */
  events: AdminEventRow[] | null;
  /** The featured event's id; null while loading or when none is published. */
  featuredId: string | null;
  /** Why the events could not be loaded. */
  error: string | null;
}

/** Every masterclass and the featured one's id, for a page's selector. */
export function useMasterclasses(): Masterclasses {
  const [events, setEvents] = useState<AdminEventRow[] | null>(() => loadedMasterclasses()?.events ?? null);
  const [featuredId, setFeaturedId] = useState<string | null>(() => loadedMasterclasses()?.featuredId ?? null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    // Not cancelled by another page's request for the same list (the SDK's automatic cancellation);
    // taken from the requests started when the page's link was pressed, if they were (shell/adminPrefetch.ts).
    Promise.all([takePrefetched(PREFETCH.events, aheadOfTime.events), takePrefetched(PREFETCH.featured, aheadOfTime.featuredSummary)]).then(
      ([loaded, featured]) => {
        rememberMasterclasses({ events: loaded, featuredId: featured?.id ?? null });
        if (!current) return;
        setEvents(loaded);
        setFeaturedId(featured?.id ?? null);
        setError(null);
      },
      (failure: unknown) => current && setError(saveFailure(failure).message),
    );
    return () => {
      current = false;
    };
  }, []);
  return { events, featuredId, error };
}
