// The engine the app runs for the signed-in user, so features can nudge it
// (requestSync) and auth can resume it without holding a reference.
import type { SyncEngine } from './createSyncEngine';

let current: SyncEngine | null = null;

export const activeEngine = {
  get: (): SyncEngine | null => current,
  set(engine: SyncEngine | null): void {
    current = engine;
  },
};
