// The sender of the door's check-ins and undos (outbox entries of collection
// `check_ins`, see src/db/doorData.ts). Any administrator signed in on the
// device sends every one waiting, whichever administrator made it (each names
// who scanned or undid it) and whatever masterclass the door shows: a device
// that changed hands while offline strands nothing. They go to the door's
// batch route (POST /api/masterclass/admin/check-in/push), which stores up
// to 100 of one masterclass in one transaction, settles conflicts between
// devices there, and answers every check-in of the attendees concerned (other
// devices' too) and the refusals, each with its reason. Oldest first; a
// check-in waiting out its back-off holds back its later changes only.
// A refused check-in stays in the outbox as failed (Retry / Discard) and its
// row says why; network or server trouble backs off like any change; a 401
// pauses the engine; a 403 (no longer an administrator) leaves them waiting.
import { adoptWaitingCheckIns, applyServerCheckIns, doorChanges, type OutboxRow, type ServerCheckIn } from '@/db';
import { backoffDelay } from './backoffDelay';
import { classifyError } from './classifyError';
import { describeError } from './describeError';
import { errorStatus } from './errorStatus';
import { MAX_PUSH_ATTEMPTS } from './pushChange';
import type { SyncContext } from './syncContext';

export const CHECK_IN_PUSH_ROUTE = '/api/masterclass/admin/check-in/push';
/** The route takes at most this many check-ins a request. */
export const CHECK_IN_BATCH = 100;

export interface CheckInPushAnswer {
  check_ins: ServerCheckIn[];
  refused: { id: string; code: string; message: string }[];
}

type Entry = OutboxRow & { seq: number };

/** The next batch: the oldest due check-in's masterclass, its check-ins due now (each with all its waiting entries), at most CHECK_IN_BATCH. */
function nextBatch(entries: Entry[], now: number, skip: Set<number>): { event: string; byRecord: Map<string, Entry[]> } | null {
  const held = new Set<string>();
  for (const entry of entries) if (entry.nextAttemptAt > now || skip.has(entry.seq)) held.add(entry.recordId);
  let event: string | null = null;
  const byRecord = new Map<string, Entry[]>();
  for (const entry of entries) {
    if (held.has(entry.recordId)) continue;
    const entryEvent = String(entry.patch.event ?? '');
    event ??= entryEvent;
    if (entryEvent !== event) continue;
    if (!byRecord.has(entry.recordId) && byRecord.size >= CHECK_IN_BATCH) continue;
    byRecord.set(entry.recordId, [...(byRecord.get(entry.recordId) ?? []), entry]);
  }
  return event === null ? null : { event, byRecord };
}

/** A door pass sends only what was made or undone with it at its masterclass; the rest waits for an administrator. */
function madeWithPass(entry: Entry, pass: NonNullable<SyncContext['doorPass']>): boolean {
  const patch = entry.patch;
  if (String(patch.event ?? '') !== pass.event) return false;
  return (patch.undone_at ? patch.undone_by : patch.checked_in_by) === pass.id;
}

export async function pushCheckIns(ctx: SyncContext): Promise<void> {
  if ((!ctx.administrator && !ctx.doorPass) || !ctx.transport.send) return;
  const pass = ctx.doorPass;
  const { db, clock } = ctx;
  // Check-ins an earlier version of the door left waiting go into the outbox first.
  await adoptWaitingCheckIns(db);
  // Entries sent (or given up on) in this pass: never twice in one pass.
  const done = new Set<number>();
  for (;;) {
    const waiting = (await doorChanges(db)).filter((change): change is Entry => change.status === 'pending' && change.seq !== undefined && (!pass || madeWithPass(change as Entry, pass)));
    const batch = nextBatch(waiting, clock.now(), done);
    if (!batch) return;
    const sent = [...batch.byRecord.values()].flat();
    for (const entry of sent) done.add(entry.seq);
    // Each check-in as its latest entry has it (an undo carries the whole check-in).
    const checkIns = [...batch.byRecord.values()].map((entries) => entries[entries.length - 1]!.patch);
    let answer: CheckInPushAnswer;
    try {
      answer = await ctx.transport.send<CheckInPushAnswer>(CHECK_IN_PUSH_ROUTE, {
        // This device's clock now: the server compares it with its own to tell a wrong clock.
        event: batch.event, sent_at: new Date(clock.now()).toISOString(), check_ins: checkIns,
      });
    } catch (error) {
      const kind = classifyError(error);
      if (kind === 'signin') throw error;
      if (errorStatus(error) === 403) return;
      if (kind === 'rejected') await ctx.transport.verifySession();
      await db.transaction('rw', db.outbox, async () => {
        for (const entry of sent) {
          const attempts = entry.attempts + 1;
          const reason = describeError(error);
          if (kind === 'rejected') await db.outbox.update(entry.seq, { status: 'failed', attempts, error: reason });
          else if (errorStatus(error) !== 0 && attempts >= MAX_PUSH_ATTEMPTS) {
            await db.outbox.update(entry.seq, { status: 'failed', attempts, error: `${reason} (gave up after ${attempts} attempts)` });
          } else await db.outbox.update(entry.seq, { attempts, error: reason, nextAttemptAt: clock.now() + backoffDelay(attempts) });
        }
      });
      continue;
    }
    const refused = new Map(answer.refused.map((row) => [row.id, row.message]));
    await db.transaction('rw', db.outbox, db.checkIns, async () => {
      for (const entry of sent) {
        const message = refused.get(entry.recordId);
        if (message === undefined) await db.outbox.delete(entry.seq);
        else await db.outbox.update(entry.seq, { status: 'failed', attempts: entry.attempts + 1, error: message });
      }
      await applyServerCheckIns(db, answer.check_ins.filter((row) => !refused.has(row.id)));
      for (const [id, message] of refused) {
        if (!batch.byRecord.has(id)) continue;
        await db.checkIns.update(id, { refused: message, pending: 0 });
      }
    });
  }
}

