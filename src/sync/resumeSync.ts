// After the user signs in again: lift the 401 pause and push what waited.
import { activeEngine } from './activeEngine';

export async function resumeSync(): Promise<void> {
  await activeEngine.get()?.resume();
}
