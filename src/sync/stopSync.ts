// Stops this tab's sync (sign-out); a leader hands the sync to another tab
// (syncLeader.ts). Local data and the outbox stay: what leaves the device at
// sign-out is leaveDevice's to decide, under the sync lock.
import { activeEngine } from './activeEngine';

export async function stopSync(): Promise<void> {
  const engine = activeEngine.get();
  activeEngine.set(null);
  await engine?.stop();
}
