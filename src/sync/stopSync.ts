// Stops the running engine (sign-out). Local data and the outbox stay: a
// change made offline must never be lost to a sign-out; the next startSync
// for another user hides the previous user's rows (see claimLocalData).
import { activeEngine } from './activeEngine';

export async function stopSync(): Promise<void> {
  const engine = activeEngine.get();
  activeEngine.set(null);
  await engine?.stop();
}
