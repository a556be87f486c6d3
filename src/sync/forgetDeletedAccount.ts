// After an account is deleted (here, or on another device): everything of it
// leaves this device at once — its rows, the outbox (changes not sent can no
// longer go anywhere), the stored session materials and the session — and
// /auth opens with a full page load saying the account was deleted. Unlike
// signOut, nothing of the account waiting to be sent is kept; the door's
// waiting check-ins stay for the next administrator. The engine and the database
// load on demand.
// Like a sign-out it runs under the sync lock (leaveDevice), so no pass of
// another tab writes the account's rows back.
import { ACCOUNT_DELETED_KEY } from '@/lib/deletedAccount';
import { endSession } from '@/lib/endSession';
import { currentUser } from '@/lib/session';

export async function forgetDeletedAccount(): Promise<void> {
  try {
    const [{ stopSync }, { leaveDevice }, { db, metaKeys, readMeta }] = await Promise.all([import('./stopSync'), import('./leaveDevice'), import('@/db')]);
    const userId = currentUser()?.id ?? (await readMeta(db, metaKeys.userId));
    await stopSync();
    if (userId) await leaveDevice(db, userId, 'discard-own');
  } catch (error) {
    console.error('Could not clear this device\'s data after the account was deleted', error);
  }
  await endSession('after the account was deleted', ACCOUNT_DELETED_KEY);
}
