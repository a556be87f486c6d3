// Pushes one outbox change and settles it: 'done' (removed, the server's
// version stored under any later pending edits), 'refused' (marked failed and
// kept), or 'later' (network or server trouble: attempt noted and the change
// scheduled by its own back-off in nextAttemptAt; after MAX_PUSH_ATTEMPTS
// answered failures, or MAX_UNANSWERED_ATTEMPTS requests that never answered,
// it is marked failed with the reason). A 401 is rethrown untouched so the
// engine pauses, and so is a request ended by the engine stopping (nothing is
// counted against the change).
import type { OutboxRow, ServerRecord } from '@/db';
import { applyServerRecords } from './applyServerRecords';
import { noteSeen } from './noteSeen';
import { backoffDelay } from './backoffDelay';
import { classifyError } from './classifyError';
import { conflictFields } from './conflictFields';
import { describeError } from './describeError';
import { errorStatus } from './errorStatus';
import { localTable } from './localTable';
import { sendChange } from './sendChange';
import type { SyncContext } from './syncContext';
import { isDeadlinePassed } from './timedTransport';

/**
 * Attempts a change answered with a server error (5xx, 408, 429) gets before it
 * is marked failed (about two minutes of back-off).
 */
export const MAX_PUSH_ATTEMPTS = 8;

/**
 * Attempts whose request got no answer before its deadline (the server was
 * reached for the session check of the same pass, then never answered this
 * change) before the change is marked failed. A request that failed at once
 * (the device lost its link: offline, connection dropped, no DNS) is not
 * counted here: the device may be offline for days and the change must wait.
 */
export const MAX_UNANSWERED_ATTEMPTS = 8;

/** The reason kept on a change given up for want of an answer. */
export const NO_ANSWER_MESSAGE = 'The server did not answer in time';

export type PushSettled = 'done' | 'refused' | 'later';

/** The reason kept on a change refused as edited on both sides (the popover names the fields). */
export const CONFLICT_MESSAGE = 'Changed on the server since you edited it';

/**
 * The server took this change at version `record.sync_seq`: a later change of
 * the same row that sets one of its fields was edited from this change's
 * value (see queueChange's versions), which the server now holds at that
 * version, so that is the version it was edited from. Without this the
 * user's own earlier save would count as a change made since.
 */
async function rebaseLaterChanges(db: SyncContext['db'], change: OutboxRow & { seq: number }, record: ServerRecord): Promise<void> {
  const version = record.sync_seq;
  if (typeof version !== 'number' || version <= 0) return;
  const later = await db.outbox.where('[collection+recordId]').equals([change.collection, change.recordId])
    .filter((other) => (other.seq ?? 0) > change.seq && other.op === 'update' && other.versions !== undefined)
    .toArray();
  for (const other of later) {
    const versions: Record<string, number> = { ...other.versions };
    let moved = false;
    for (const field of Object.keys(change.patch)) {
      const held = versions[field];
      if (held !== undefined && held < version) {
        versions[field] = version;
        moved = true;
      }
    }
    if (moved && other.seq !== undefined) await db.outbox.update(other.seq, { versions });
  }
}

export async function pushChange(ctx: SyncContext, change: OutboxRow & { seq: number }): Promise<PushSettled> {
  const { db, clock } = ctx;
  try {
    const record = await sendChange(ctx.transport, change);
    const table = localTable(db, change.collection);
    await db.transaction('rw', table ? [db.outbox, db.meta, table] : [db.outbox, db.meta], async () => {
      await db.outbox.delete(change.seq);
      if (record) {
        await applyServerRecords(db, change.collection, [record]);
        await noteSeen(db, change.collection, [record]);
        await rebaseLaterChanges(db, change, record);
      }
    });
    return 'done';
  } catch (error) {
    // The engine is stopping (sign-out): not the change's doing; it stays as it was.
    if (ctx.stopped?.aborted) throw error;
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
    // Retry, Keep mine and a new edit reset attempts to 0: the unanswered count starts again with it.
    const unanswered = (change.attempts > 0 ? change.unanswered ?? 0 : 0) + (isDeadlinePassed(error) ? 1 : 0);
    if (unanswered >= MAX_UNANSWERED_ATTEMPTS) {
      await db.outbox.update(change.seq, { status: 'failed', attempts, unanswered, error: `${NO_ANSWER_MESSAGE} (gave up after ${unanswered} attempts)` });
      return 'refused';
    }
    await db.outbox.update(change.seq, { attempts, unanswered, error: reason, nextAttemptAt: clock.now() + backoffDelay(attempts) });
    return 'later';
  }
}
