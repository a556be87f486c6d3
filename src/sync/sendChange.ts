// Sends one outbox change and returns the server's version of the record
// (null after a delete). Replays are harmless: a create whose id the server
// already holds was sent before (its answer got lost), and a delete of a
// record that is gone has already happened. PocketBase also answers 404 to a
// delete from an expired session (it treats it as a guest), so a 404 counts
// as done only once the session is confirmed; otherwise the 401 pauses the engine.
import type { OutboxRow, ServerRecord } from '@/db';
import { errorStatus } from './errorStatus';
import type { SyncTransport } from './transport';

export async function sendChange(transport: SyncTransport, change: OutboxRow): Promise<ServerRecord | null> {
  const { collection, recordId, op, patch, base, versions } = change;
  if (op === 'update') return transport.update(collection, recordId, patch, undefined, base, versions);
  if (op === 'create') {
    try {
      return await transport.create(collection, { ...patch, id: recordId });
    } catch (error) {
      // PocketBase answers a duplicate id with a 400; look before calling it a failure.
      const existing = errorStatus(error) === 400 ? await transport.getOne(collection, recordId) : null;
      if (existing) return existing;
      throw error;
    }
  }
  try {
    await transport.delete(collection, recordId);
  } catch (error) {
    if (errorStatus(error) !== 404) throw error;
    await transport.verifySession();
  }
  return null;
}
