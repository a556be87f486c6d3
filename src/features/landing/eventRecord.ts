// The masterclass the landing page renders its facts and call to action from:
// the featured one (the next published masterclass still to come, else the
// last one that took place; the server decides, pb_hooks/lib/events/summary.js),
// as the public summary answers it, with its price and the seats left.
import type { EventRow } from '@/db';
import { pb } from '@/lib/pocketbase';
import { withOfflineCopy } from '@/pwa/offlineCopy';

/** The fields the visitor-facing facts are made from. */
export type EventFactsSource = Pick<EventRow, 'starts_at' | 'ends_at' | 'timezone' | 'location' | 'capacity'>;

export type MasterclassEvent = EventFactsSource &
  Pick<EventRow, 'id' | 'title' | 'venue' | 'price_cents' | 'currency' | 'sales_state'> & {
    /** The seats left when the server answered (the sales state is then 'sold_out' at 0); absent in copies kept before it was read. */
    seats_left?: number;
    /** When sales open ('' when they open as the sales state says); absent in copies kept before it was answered. */
    sales_open_at?: string;
    /** Its page address; absent in copies kept before it was answered (its id then names it). */
    slug?: string;
    /** An administrator cancelled the whole masterclass (its phase is then 'cancelled'); absent in copies kept before it was answered. */
    cancelled?: boolean;
  };

/** The event the landing shows, and whether it was read from the server for this page (not a copy kept on the device). */
export interface LandingEvent {
  event: MasterclassEvent;
  live: boolean;
}

const FIELDS = ['id', 'title', 'starts_at', 'ends_at', 'timezone', 'location', 'venue', 'capacity', 'price_cents', 'currency', 'sales_state'] as const;

/**
 * The landing's event from another stored answer about the featured event (the
 * summary /register keeps: the same fields and more), or null when it lacks one.
 */
export function masterclassEventOf(value: unknown): MasterclassEvent | null {
  if (typeof value !== 'object' || value === null) return null;
  const source = value as Record<string, unknown>;
  if (FIELDS.some((field) => source[field] === undefined)) return null;
  if (typeof source.id !== 'string' || !source.id || typeof source.starts_at !== 'string') return null;
  const event = Object.fromEntries(FIELDS.map((field) => [field, source[field]])) as unknown as MasterclassEvent;
  if (typeof source.seats_left === 'number') event.seats_left = source.seats_left;
  if (typeof source.sales_open_at === 'string') event.sales_open_at = source.sales_open_at;
  if (typeof source.slug === 'string' && source.slug) event.slug = source.slug;
  if (source.cancelled === true) event.cancelled = true;
  return event;
}

/**
 * The featured event from the server's public summary, kept on the device on
 * every online read; when the network is gone, the newest stored copy of it
 * (the landing page's own or the one /register kept), marked as not live.
 */
export async function fetchMasterclassEvent(): Promise<LandingEvent> {
  let live = false;
  const event = await withOfflineCopy(
    'event',
    async () => {
      const summary = masterclassEventOf(await pb.send('/api/masterclass/event', { method: 'GET', requestKey: null }));
      if (!summary) throw new Error('The masterclass summary lacks its facts.');
      live = true;
      return summary;
    },
    { alsoFrom: [{ key: 'eventSummary', adopt: masterclassEventOf }] },
  );
  return { event, live };
}
