// The seeded masterclass event, found the way the server's hooks find it: by
// its stable key (events.slug) in pb_hooks/lib/constants.js.
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { loadHookModule } from './hook-module';

export const { EVENT_SLUG } = loadHookModule<{ EVENT_SLUG: string }>('constants');

/** The seeded event's title (pb_migrations/1750000200_seed_events.js). */
export const EVENT_TITLE = 'AI CHAMPIONS MASTERCLASS';

export function masterclassEvent(client: PocketBase): Promise<RecordModel> {
  return client.collection('events').getFirstListItem(client.filter('slug = {:slug}', { slug: EVENT_SLUG }));
}
