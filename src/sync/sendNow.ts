// Runs a pass now for `userId` and resolves when it is over: through this
// tab's engine (or the tab that syncs, see syncLeader.ts), or, where this tab
// runs none (the admin area), through one started for the occasion.
import { activeEngine } from './activeEngine';

export async function sendNow(userId: string): Promise<void> {
  const running = activeEngine.get();
  if (running) {
    await running.request();
    return;
  }
  const [{ startSync }, { db }, { pb }] = await Promise.all([import('./startSync'), import('@/db'), import('@/lib/pocketbase')]);
  const stop = startSync({ pb, db, userId });
  try {
    await activeEngine.get()?.request();
  } finally {
    await stop();
  }
}
