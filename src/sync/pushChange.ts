// Pushes one outbox change and settles it: done (removed, the server's
// version stored under any later pending edits), refused (marked failed and
// kept, the queue moves on), or not now (network: attempt noted, rethrown so
// the pass backs off; 401: rethrown untouched so the engine pauses).
import type { OutboxRow } from '@/db';
import { applyServerRecords } from './applyServerRecords';
import { backoffDelay } from './backoffDelay';
import { classifyError } from './classifyError';
import { describeError } from './describeError';
import { localTable } from './localTable';
import { sendChange } from './sendChange';
import type { SyncContext } from './syncContext';

export async function pushChange(ctx: SyncContext, change: OutboxRow & { seq: number }): Promise<void> {
  const { db, clock } = ctx;
  try {
    const record = await sendChange(ctx.transport, change);
    const table = localTable(db, change.collection);
    await db.transaction('rw', table ? [db.outbox, table] : [db.outbox], async () => {
      await db.outbox.delete(change.seq);
      if (record) await applyServerRecords(db, change.collection, [record]);
    });
  } catch (error) {
    const kind = classifyError(error);
    if (kind === 'signin') throw error;
    const attempts = change.attempts + 1;
    const error_ = describeError(error);
    if (kind === 'rejected') {
      // A session revoked since the pass began also looks like a refusal: make sure first.
      await ctx.transport.verifySession();
      await db.outbox.update(change.seq, { status: 'failed', attempts, error: error_ });
      return;
    }
    // When the engine's back-off will try again (shown to the user; the engine's timer drives it).
    await db.outbox.update(change.seq, { attempts, error: error_, nextAttemptAt: clock.now() + backoffDelay(attempts) });
    throw error;
  }
}
