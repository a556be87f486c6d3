// After an account is deleted (here, or on another device): everything of it
// leaves this device at once — its rows, the outbox (changes not sent can no
// longer go anywhere), the stored session materials and the session — and
// /auth opens with a full page load saying the account was deleted. Unlike
// signOut, nothing waiting to be sent is kept. The sync modules load on demand.
import { pb } from './pocketbase';
import { FILES_CACHE } from './fileCache';

/** Set for the next /auth visit: the account was deleted; told once. */
export const ACCOUNT_DELETED_KEY = 'account_deleted';

export async function forgetDeletedAccount(): Promise<void> {
  try {
    const [{ stopSync }, { clearUserTables }, { db }] = await Promise.all([
      import('@/sync'),
      import('@/sync/clearUserTables'),
      import('@/db'),
    ]);
    await stopSync();
    await clearUserTables(db);
    await db.outbox.clear();
  } catch (error) {
    console.error('Could not clear this device\'s data after the account was deleted', error);
  }
  try {
    if (typeof caches !== 'undefined') await caches.delete(FILES_CACHE);
  } catch (error) {
    console.error('Could not clear this device\'s stored files after the account was deleted', error);
  }
  pb.authStore.clear();
  window.sessionStorage.setItem(ACCOUNT_DELETED_KEY, 'true');
  window.location.assign('/auth');
}

/** Whether a deleted account was signed in on this device (its devices ask when the server refuses their session). */
export async function accountWasDeleted(userId: string): Promise<boolean> {
  const answer = await pb.send<{ deleted: boolean }>('/api/masterclass/account/deleted', {
    method: 'POST',
    body: { id: userId },
    requestKey: null,
  });
  return answer.deleted === true;
}
