// Pulls every synced collection in order. A collection the server refuses
// (materials before the portal unlocks) is skipped, not fatal: the rest of
// the user's data still arrives, and the next pass asks again.
import { classifyError } from './classifyError';
import { pullCollection } from './pullCollection';
import { pullDoor } from './pullDoor';
import type { SyncContext } from './syncContext';
import { syncedCollections } from './syncedCollections';

export async function pullAll(ctx: SyncContext): Promise<void> {
  for (const spec of ctx.collections ?? syncedCollections) {
    try {
      await pullCollection(ctx, spec);
    } catch (error) {
      if (classifyError(error) !== 'rejected') throw error;
    }
  }
  // An administrator's door device: every door's check-ins and the attendee lists.
  await pullDoor(ctx);
}
