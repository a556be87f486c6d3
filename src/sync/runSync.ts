// One sync pass: check the session (an expired one pauses, see
// SyncTransport.verifySession), push first (the server then holds the user's edits, and the
// pull brings back their final versions), then pull everything. A change the server
// could not take waits for its own retry time (see pushChange) and never stops the pull.
import { isQuotaExceeded } from '@/db';
import { classifyError } from './classifyError';
import { pullAll } from './pullAll';
import { pushOutbox } from './pushOutbox';
import type { SyncContext } from './syncContext';

/** 'storage-full': a pulled record could not be stored; retried like 'retry', and said. */
export type SyncOutcome = 'done' | 'retry' | 'signin' | 'storage-full';

export async function runSync(ctx: SyncContext): Promise<SyncOutcome> {
  try {
    await ctx.transport.verifySession();
    await pushOutbox(ctx);
    await pullAll(ctx);
    return 'done';
  } catch (error) {
    if (isQuotaExceeded(error)) return 'storage-full';
    // Not an HTTP failure: a bug or a storage problem. Still retried, but said out loud.
    if (!(typeof error === 'object' && error !== null && 'status' in error)) console.error('Sync pass failed', error);
    return classifyError(error) === 'signin' ? 'signin' : 'retry';
  }
}
