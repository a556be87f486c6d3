// Makes the user-owned tables belong to `userId` before syncing: when another
// account signs in on this device, the previous user's rows are cleared, and
// their unsent changes are marked failed (kept, never pushed under the wrong
// account; the server's rules would refuse them anyway).
import { metaKeys, readMeta, writeMeta, type MasterclassDb } from '@/db';
import { clearUserTables } from './clearUserTables';

export async function claimLocalData(db: MasterclassDb, userId: string): Promise<void> {
  const previous = await readMeta(db, metaKeys.userId);
  if (previous === userId) return;
  if (previous !== undefined) {
    await clearUserTables(db);
    await db.outbox.where('status').equals('pending')
      .modify({ status: 'failed', error: 'Saved while another account was signed in' });
  }
  await writeMeta(db, metaKeys.userId, userId);
}
