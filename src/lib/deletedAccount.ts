// An account deleted here or on another device: whether the server says so
// (its devices ask when their session is refused), and the note /auth shows
// once after this device forgot it (src/sync/forgetDeletedAccount.ts).
import { pb } from './pocketbase';

/** Set for the next /auth visit: the account was deleted; told once. */
export const ACCOUNT_DELETED_KEY = 'account_deleted';

/** Whether a deleted account was signed in on this device (its devices ask when the server refuses their session). */
export async function accountWasDeleted(userId: string): Promise<boolean> {
  const answer = await pb.send<{ deleted: boolean }>('/api/masterclass/account/deleted', {
    method: 'POST',
    body: { id: userId },
    requestKey: null,
  });
  return answer.deleted === true;
}
