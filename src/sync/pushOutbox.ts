// Pushes pending changes oldest first (an update never overtakes the create
// it belongs to). Refused ones are marked failed and skipped; a network error
// or 401 stops the pass with the rest still queued.
import { pushChange } from './pushChange';
import type { SyncContext } from './syncContext';

export async function pushOutbox(ctx: SyncContext): Promise<void> {
  for (;;) {
    // The status index is ordered by seq within 'pending': the oldest comes first.
    const next = await ctx.db.outbox.where('status').equals('pending').first();
    if (next?.seq === undefined) return;
    await pushChange(ctx, { ...next, seq: next.seq });
  }
}
