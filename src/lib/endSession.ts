// The end of every sign-out (src/sync/signOut.ts, src/sync/forgetDeletedAccount.ts).
// Session materials stored for offline use belong to the signed-in attendee:
// the next person on this device must not open them offline (the cache
// refills, speaker images included, on the next visit). Then the session is
// forgotten and /auth opens with a full page load, so nothing of the
// signed-out user stays in memory.
import { FILES_CACHE } from './fileCache';
import { pb } from './pocketbase';

/**
 * Drops the stored files and the session and opens /auth. `when` ends the
 * console's message should the files stay; `note` is a sessionStorage key
 * set for /auth to tell once.
 */
export async function endSession(when: string, note?: string): Promise<void> {
  try {
    if (typeof caches !== 'undefined') await caches.delete(FILES_CACHE);
  } catch (error) {
    console.error(`Could not clear this device's stored files ${when}`, error);
  }
  pb.authStore.clear();
  if (note) window.sessionStorage.setItem(note, 'true');
  window.location.assign('/auth');
}
