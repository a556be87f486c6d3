// Runs a pass now for `userId` and resolves when it is over, or after
// SEND_NOW_MS at most (on a network that keeps failing, passes follow one
// another with back-off; the sign-out dialog then says what is still not
// sent). Through this tab's engine (or the tab that syncs, see
// syncLeader.ts), or, where this tab runs none, one started for the occasion.
import { db } from '@/db';
import { pb } from '@/lib/pocketbase';
import { activeEngine } from './activeEngine';
import { PASS_REPLY_MS } from './syncLeader';
import { startSync } from './startSync';

export const SEND_NOW_MS = PASS_REPLY_MS;

const atMost = (work: Promise<void>) => Promise.race([work, new Promise<void>((resolve) => setTimeout(resolve, SEND_NOW_MS))]);

export async function sendNow(userId: string): Promise<void> {
  const running = activeEngine.get();
  if (running) {
    await atMost(running.request());
    return;
  }
  const stop = startSync({ pb, db, userId });
  try {
    await atMost(activeEngine.get()?.request() ?? Promise.resolve());
  } finally {
    await stop();
  }
}
