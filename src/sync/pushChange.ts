// Pushes one outbox change and settles it: 'done' (removed, the server's
// version stored under any later pending edits), 'refused' (marked failed and
// kept), or 'later' (network or server trouble: attempt noted and the change
// scheduled by its own back-off in nextAttemptAt; after MAX_PUSH_ATTEMPTS
// answered failures it is marked failed with the reason). A 401 is rethrown
// untouched so the engine pauses.
import type { OutboxRow } from '@/db';
import { applyServerRecords } from './applyServerRecords';
import { backoffDelay } from './backoffDelay';
import { classifyError } from './classifyError';
import { conflictFields } from './conflictFields';
import { describeError } from './describeError';
import { errorStatus } from './errorStatus';
import { localTable } from './localTable';
import { sendChange } from './sendChange';
import type { SyncContext } from './syncContext';

/**
 * Attempts a change answered with a server error (5xx, 408, 429) gets before it
 * is marked failed (about two minutes of back-off). A request that got no answer
 * (offline, deadline) is never counted against it: the device may be offline for days.
 */
export const MAX_PUSH_ATTEMPTS = 8;

export type PushSettled = 'done' | 'refused' | 'later';

/** The reason kept on a change refused as edited on both sides (the popover names the fields). */
export const CONFLICT_MESSAGE = 'Changed on the server since you edited it';

export async function pushChange(ctx: SyncContext, change: OutboxRow & { seq: number }): Promise<PushSettled> {
  const { db, clock } = ctx;
  try {
    const record = await sendChange(ctx.transport, change);
    const table = localTable(db, change.collection);
    await db.transaction('rw', table ? [db.outbox, table] : [db.outbox], async () => {
      await db.outbox.delete(change.seq);
      if (record) await applyServerRecords(db, change.collection, [record]);
    });
    return 'done';
  } catch (error) {
    const kind = classifyError(error);
    if (kind === 'signin') throw error;
    const attempts = change.attempts + 1;
    const reason = describeError(error);
    if (kind === 'rejected') {
      // A session revoked since the pass began also looks like a refusal: make sure first.
      await ctx.transport.verifySession();
      // Edited on both sides: kept for the user to choose (Keep mine / Use the server's).
      const conflict = conflictFields(error);
      await db.outbox.update(change.seq, conflict.length > 0
        ? { status: 'failed', attempts, error: CONFLICT_MESSAGE, conflict }
        : { status: 'failed', attempts, error: reason });
      return 'refused';
    }
    if (errorStatus(error) !== 0 && attempts >= MAX_PUSH_ATTEMPTS) {
      await db.outbox.update(change.seq, { status: 'failed', attempts, error: `${reason} (gave up after ${attempts} attempts)` });
      return 'refused';
    }
    await db.outbox.update(change.seq, { attempts, error: reason, nextAttemptAt: clock.now() + backoffDelay(attempts) });
    return 'later';
  }
}
