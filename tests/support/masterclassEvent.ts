// The seeded masterclass event, found the way the server's hooks find it: by
// its stable key (events.slug) in pb_hooks/lib/core/constants.js.
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { loadHookModule } from './hook-module';

export const { EVENT_SLUG } = loadHookModule<{ EVENT_SLUG: string }>('core/constants');

/** The seeded event's title (pb_migrations/1750000200_seed_events.js). */
export const EVENT_TITLE = 'AI CHAMPIONS MASTERCLASS';

/**
 * The seeded masterclass's hours (11:30 am – 2:30 pm ACST on a Wednesday 18
 * June) in a year still to come: the seed's own date has passed, and only an
 * event that has not started sells seats (pb_hooks/lib/events/phase.js).
 */
export const UPCOMING_EVENT_TIMES = { starts_at: '2031-06-18 02:00:00.000Z', ends_at: '2031-06-18 05:00:00.000Z' } as const;
export const UPCOMING_EVENT_DATE = 'Wednesday 18 June 2031';

export function masterclassEvent(client: PocketBase): Promise<RecordModel> {
  return client.collection('events').getFirstListItem(client.filter('slug = {:slug}', { slug: EVENT_SLUG }));
}
