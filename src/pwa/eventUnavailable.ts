// What the public pages say when they have no masterclass to show: nothing
// kept on the device and the server out of reach. The pages never make up an
// event (a date, a phase, a price or seats) in its place.
import { ClientResponseError } from 'pocketbase';
import { isOnline } from './useOnline';

/** Nothing stored on the device and no connection: the one message the page shows. */
export const EVENT_NEEDS_CONNECTION = "You're offline. Connect to the internet to see the masterclass details.";

/** Why the event is not on the page: no connection (and nothing stored), or the server's refusal. */
export type EventUnavailable = 'offline' | 'failed';

/**
 * 'offline' when a read failed for want of a connection: the browser says it is
 * offline, or the request got no answer at all (status 0, not cancelled by the
 * page); 'failed' for an answer that was an error.
 */
export function whyUnavailable(error: unknown, online: boolean = isOnline()): EventUnavailable {
  if (!online) return 'offline';
  return error instanceof ClientResponseError && error.status === 0 && !error.isAbort ? 'offline' : 'failed';
}
