// The masterclass the landing page renders its facts and call to action from:
// the featured one among the published events (the next one still to come,
// else the last one that took place; src/lib/featuredEvent.ts, the server's
// rule too), so a newly published next masterclass is what visitors see.
// Drafts are never read: guests cannot, and the filter leaves them out for
// administrators.
import type { EventRow } from '@/db';
import { pb } from '@/lib/pocketbase';
import { Collections } from '@/lib/collections';
import { featuredEvent } from '@/lib/featuredEvent';
import { withOfflineCopy } from '@/pwa/offlineCopy';

/** The fields the visitor-facing facts are made from. */
export type EventFactsSource = Pick<EventRow, 'starts_at' | 'ends_at' | 'timezone' | 'location' | 'capacity'>;

export type MasterclassEvent = EventFactsSource & Pick<EventRow, 'id' | 'title' | 'venue' | 'price_cents' | 'currency' | 'sales_state'>;

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
  return Object.fromEntries(FIELDS.map((field) => [field, source[field]])) as unknown as MasterclassEvent;
}

/**
 * The featured event, kept on the device on every online read; when the network
 * is gone, the newest stored copy of it: the landing page's own or the one
 * /register kept.
 */
export function fetchMasterclassEvent(): Promise<MasterclassEvent> {
  return withOfflineCopy(
    'event',
    async () => {
      const published = await pb
        .collection(Collections.events)
        .getList<MasterclassEvent & { created: string }>(1, 100, { filter: 'published = true', sort: 'starts_at', skipTotal: true });
      const featured = featuredEvent(published.items, new Date());
      if (!featured) throw new Error('No masterclass is published yet.');
      return featured;
    },
    { alsoFrom: [{ key: 'eventSummary', adopt: masterclassEventOf }] },
  );
}
