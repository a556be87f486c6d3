// Nudges the running engine to push and pull now (a change was queued, the
// user pressed retry). Resolves when that pass is over; a no-op with no engine.
import { activeEngine } from './activeEngine';

export async function requestSync(): Promise<void> {
  await activeEngine.get()?.request();
}
