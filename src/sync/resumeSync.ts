// After the user signs in again: lift the 401 pause and push what waited.
// The sign-in page runs no engine: the tab that syncs is told instead.
import { activeEngine } from './activeEngine';
import { askLeaderToResume } from './syncLeader';

export async function resumeSync(): Promise<void> {
  const engine = activeEngine.get();
  if (engine) await engine.resume();
  else askLeaderToResume();
}
