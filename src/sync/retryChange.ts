// The user's "Retry" on a failed change: back in the queue at its place,
// due at once with a fresh count of attempts, and a pass is asked for.
import type { MasterclassDb } from '@/db';
import { requestSync } from './requestSync';

export async function retryChange(db: MasterclassDb, seq: number): Promise<void> {
  await db.outbox.update(seq, { status: 'pending', attempts: 0, nextAttemptAt: 0, error: undefined });
  void requestSync();
}
