// The seeded masterclass event, found the way the server's hooks find it: by
// the title in pb_hooks/lib/constants.js.
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { loadHookModule } from './hook-module';

export const { EVENT_TITLE } = loadHookModule<{ EVENT_TITLE: string }>('constants');

export function masterclassEvent(client: PocketBase): Promise<RecordModel> {
  return client.collection('events').getFirstListItem(`title = "${EVENT_TITLE}"`);
}
