// Pulls every synced collection in order. A collection the server refuses
// (materials before the portal unlocks) is skipped, not fatal: the rest of
// the user's data still arrives, and the next pass asks again. A copy older
// than the server keeps tombstones is pulled again from scratch first.
import { classifyError } from './classifyError';
import { pullCollection } from './pullCollection';
import { resetStaleCopy } from './resetStaleCopy';
import type { SyncContext } from './syncContext';
import { syncedCollections } from './syncedCollections';

export async function pullAll(ctx: SyncContext): Promise<void> {
  await resetStaleCopy(ctx.db, ctx.clock.now());
  for (const spec of syncedCollections) {
    try {
      await pullCollection(ctx, spec);
    } catch (error) {
      if (classifyError(error) !== 'rejected') throw error;
    }
  }
}
