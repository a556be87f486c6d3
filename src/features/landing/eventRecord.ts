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

/** The featured event, kept on the device on every online read and read from there when the network is gone. */
export function fetchMasterclassEvent(): Promise<MasterclassEvent> {
  return withOfflineCopy('event', async () => {
    const published = await pb
      .collection(Collections.events)
      .getList<MasterclassEvent & { created: string }>(1, 100, { filter: 'published = true', sort: 'starts_at', skipTotal: true });
    const featured = featuredEvent(published.items, new Date());
    if (!featured) throw new Error('No masterclass is published yet.');
    return featured;
  });
}
