// Starts syncing the signed-in user's data (the portal layout calls it);
// returns the stop function. Starting again replaces the running engine.
import { activeEngine } from './activeEngine';
import { createSyncEngine, type SyncOptions } from './createSyncEngine';

export function startSync(options: SyncOptions): () => Promise<void> {
  void activeEngine.get()?.stop();
  const engine = createSyncEngine(options);
  activeEngine.set(engine);
  void engine.request();
  return async () => {
    if (activeEngine.get() === engine) activeEngine.set(null);
    await engine.stop();
  };
}
