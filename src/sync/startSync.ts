// Starts syncing the signed-in user's data (the portal layout calls it);
// returns the stop function. Starting again replaces what ran. Where the
// browser has Web Locks and BroadcastChannel, this tab joins the tabs of the
// browser and syncs only while it is their leader (syncLeader.ts); elsewhere
// it runs its own engine.
import { activeEngine } from './activeEngine';
import { createSyncEngine, type SyncOptions } from './createSyncEngine';
import { syncTab } from './syncLeader';

export function startSync(options: SyncOptions): () => Promise<void> {
  void activeEngine.get()?.stop();
  const engine = syncTab(options) ?? createSyncEngine(options);
  activeEngine.set(engine);
  void engine.request();
  return async () => {
    if (activeEngine.get() === engine) activeEngine.set(null);
    await engine.stop();
  };
}
