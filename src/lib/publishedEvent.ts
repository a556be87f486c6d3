// The masterclass as the spec publishes it (sections 1 and 9): what the pages
// show when the event record cannot be read.
import type { EventRow } from '@/db';
import { EVENT_TITLE } from './collections';

export const PUBLISHED_EVENT: Pick<
  EventRow,
  'id' | 'title' | 'starts_at' | 'ends_at' | 'timezone' | 'location' | 'venue' | 'capacity' | 'price_cents' | 'currency' | 'sales_state'
> = {
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
