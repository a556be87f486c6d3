// The masterclass record the landing page renders its facts and call to action from.
import { pb } from '@/lib/pocketbase';
import { Collections, EVENT_TITLE } from '@/lib/collections';

export type SalesState = 'open' | 'sold_out' | 'closed';

/** The fields the visitor-facing facts are made from. */
export interface EventFactsSource {
  starts_at: string;
  ends_at: string;
  timezone: string;
  location: string;
  capacity: number;
}

export interface MasterclassEvent extends EventFactsSource {
  id: string;
  title: string;
  venue: string;
  price_cents: number;
  currency: string;
  sales_state: SalesState;
}

export function fetchMasterclassEvent(): Promise<MasterclassEvent> {
  return pb
    .collection(Collections.events)
    .getFirstListItem<MasterclassEvent>(pb.filter('title = {:title}', { title: EVENT_TITLE }));
}

/** Only `open` takes paid registrations; anything else offers the waitlist (DESIGN decision 8). */
export function isSoldOut(salesState: SalesState): boolean {
  return salesState !== 'open';
}

/** The published facts (spec sections 1 and 9), shown only when the record cannot be read. */
export const PUBLISHED_EVENT: MasterclassEvent = {
  id: '',
  title: EVENT_TITLE,
  starts_at: '2025-06-18T02:00:00.000Z',
  ends_at: '2025-06-18T05:00:00.000Z',
  timezone: 'Australia/Adelaide',
  location: 'Adelaide, South Australia',
  venue: '',
  capacity: 50,
  price_cents: 0,
  currency: 'AUD',
  sales_state: 'sold_out',
};
