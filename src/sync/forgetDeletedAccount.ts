// After an account is deleted (here, or on another device): everything of it
// leaves this device at once — its rows, the outbox (changes not sent can no
// longer go anywhere), the stored session materials and the session — and
// /auth opens with a full page load saying the account was deleted. Unlike
// signOut, nothing waiting to be sent is kept. The engine and the database
// load on demand.
import { ACCOUNT_DELETED_KEY } from '@/lib/deletedAccount';
import { endSession } from '@/lib/endSession';

export async function forgetDeletedAccount(): Promise<void> {
  try {
    const [{ stopSync }, { clearUserTables }, { db }] = await Promise.all([import('./stopSync'), import('./clearUserTables'), import('@/db')]);
    await stopSync();
    await clearUserTables(db);
    await db.outbox.clear();
  } catch (error) {
    console.error('Could not clear this device\'s data after the account was deleted', error);
  }
  await endSession('after the account was deleted', ACCOUNT_DELETED_KEY);
}
