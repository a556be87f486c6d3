// The door's one call of its own (pb_hooks/lib/checkin/roster.js),
// administrators only: the masterclass's facts, how many attendees it has,
// and its replaced ticket codes. Its attendees and every door's check-ins come
// through the sync engine's pull; check-ins and undos go through its outbox.
// A door pass's device asks one more thing when the engine stops for a
// sign-in: whether the pass's session ended (pb_hooks/lib/checkin/passes.js).
import { ClientResponseError, isTokenExpired } from 'pocketbase';
import { pb } from '@/lib/pocketbase';
import type { DoorRosterRow } from '@/db';

export interface DoorFacts {
  event: { id: string; title: string; starts_at: string; ends_at: string; timezone: string; venue: string };
  total: number;
  voided: DoorRosterRow['voided'];
}

export interface DoorApi {
  facts(event: string, signal: AbortSignal): Promise<DoorFacts>;
}

/** Said when a pass's token has run out on its own (its session's end, or days offline). */
export const PASS_SESSION_OVER = 'This door pass\'s session has ended. Enter the PIN again, or ask the organiser for a new pass.';

/** The token refresh, sent as the engine sends it but kept out of the stored session: it only asks why. */
const REFRESH_ROUTE = '/api/collections/door_passes/auth-refresh';

/**
 * Why a door pass's session stopped, in the server's words: the message when
 * the session ended (the server's `door_pass_ended` refusal, or a token past
 * its own end), or null when it did not end (revoked, a new PIN, or it works).
 * A failure to ask (offline) answers null too: the page says what it knows.
 */
export async function passSessionEnded(signal?: AbortSignal): Promise<string | null> {
  const token = pb.authStore.token;
  try {
    await pb.send(REFRESH_ROUTE, { method: 'POST', requestKey: null, signal });
    return null;
  } catch (error) {
    if (!(error instanceof ClientResponseError) || error.status === 0) return null;
    const answer = error.response as { message?: unknown; data?: { pass?: { code?: unknown } } } | undefined;
    if (answer?.data?.pass?.code === 'door_pass_ended' && typeof answer.message === 'string' && answer.message) return answer.message;
    if (error.status === 401 && token && isTokenExpired(token)) return PASS_SESSION_OVER;
    return null;
  }
}

export const doorApi: DoorApi = {
  // The roster route's first page carries the facts; one attendee (the least it lists) is read and ignored.
  facts: (event, signal) => pb.send<DoorFacts>('/api/masterclass/admin/check-in/roster', {
    method: 'GET', query: { event, limit: 1 }, requestKey: null, signal,
  }),
};
