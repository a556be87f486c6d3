// Pushes pending changes oldest first. A change not due yet (its
// nextAttemptAt is ahead) or one the server could not take now (network,
// 5xx) holds back only the later changes of the same record (an update never
// overtakes the create it belongs to); changes of other records still go.
// Refused ones are marked failed and skipped; a 401 stops the pass with the
// rest still queued. Changes another account made on this device are left
// waiting for that account. The engine stopping ends the loop before the next
// change (the pass ends with the rest still queued).
import { isDoorChange } from '@/db';
import { pushChange } from './pushChange';
import { pushCheckIns } from './pushCheckIns';
import type { SyncContext } from './syncContext';

export async function pushOutbox(ctx: SyncContext): Promise<void> {
  // The door's check-ins go in batches to their own route, whoever made them (pushCheckIns).
  await pushCheckIns(ctx);
  const held = new Set<string>();
  let after = -Infinity;
  for (;;) {
    ctx.stopped?.throwIfAborted();
    // Re-read after each change: one queued meanwhile goes in this pass too.
    const next = await ctx.db.outbox.where('seq').above(after).filter((change) => change.status === 'pending' && !isDoorChange(change) && (change.owner ?? ctx.userId) === ctx.userId)
      .first();
    if (next?.seq === undefined) return;
    after = next.seq;
    const record = `${next.collection}/${next.recordId}`;
    if (held.has(record) || next.nextAttemptAt > ctx.clock.now()) {
      held.add(record);
      continue;
    }
    const settled = await pushChange(ctx, { ...next, seq: next.seq });
    if (settled === 'later') held.add(record);
  }
}
