// The one PocketBase client. Same origin in production (PocketBase serves the
// app) and through Vite's proxy in development.
import PocketBase, { ClientResponseError, LocalAuthStore, type AuthRecord } from 'pocketbase';

/**
 * The SDK's session store, refusing a session without a token or a user. The
 * SDK reads an answer's body leniently: a sign-in or session refresh whose
 * answer is cut off after its status arrived (the connection dropped
 * mid-answer, the device went offline) reads as an empty success, and the SDK
 * would store a session with no token and an empty user, which every screen
 * then takes for a signed-in user without an id. Refused, the session stays as
 * it was and the request fails like any lost connection (status 0), so the
 * sign-in form or the sync's session check tries again.
 */
export class SessionStore extends LocalAuthStore {
  save(token: string, record?: AuthRecord): void {
    if (!token || !record?.id) {
      throw new ClientResponseError({ status: 0, response: { message: 'The server\'s answer was cut off.' } });
    }
    super.save(token, record);
  }
}

export const pb = new PocketBase(import.meta.env.VITE_POCKETBASE_URL ?? '/', new SessionStore());
pb.autoCancellation(false);
