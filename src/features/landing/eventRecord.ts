// The masterclass record the landing page renders its facts and call to action from.
import type { EventRow } from '@/db';
import { pb } from '@/lib/pocketbase';
import { Collections, EVENT_SLUG } from '@/lib/collections';
import { withOfflineCopy } from '@/pwa/offlineCopy';

/** The fields the visitor-facing facts are made from. */
export type EventFactsSource = Pick<EventRow, 'starts_at' | 'ends_at' | 'timezone' | 'location' | 'capacity'>;

export type MasterclassEvent = EventFactsSource & Pick<EventRow, 'id' | 'title' | 'venue' | 'price_cents' | 'currency' | 'sales_state'>;

/** The event record, kept on the device on every online read and read from there when the network is gone. */
export function fetchMasterclassEvent(): Promise<MasterclassEvent> {
  return withOfflineCopy('event', () =>
    pb.collection(Collections.events).getFirstListItem<MasterclassEvent>(pb.filter('slug = {:slug}', { slug: EVENT_SLUG })),
  );
}
