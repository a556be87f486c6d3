// The engine's server calls over the PocketBase SDK. Requests opt out of the
// SDK's auto-cancellation: parallel pull requests of one collection are normal here.
// Each carries the engine's AbortSignal, so a request past its deadline is really cancelled.
import type PocketBase from 'pocketbase';
import { ClientResponseError } from 'pocketbase';
import type { ServerRecord } from '@/db';
import { errorStatus } from './errorStatus';
import type { ChangesPage, ChangesReset, SyncTransport } from './transport';

const noCancel = { requestKey: null };
const options = (signal?: AbortSignal) => ({ ...noCancel, signal });

/** The server's pull route (pocketbase/: one page of a collection's changes after a checkpoint). */
export const CHANGES_ROUTE = '/api/sync/changes';

/** The answer read strictly: a page the engine would misread is an error, never a silent gap. */
function changesAnswer(body: unknown): ChangesPage | ChangesReset {
  const answer = (body ?? {}) as Partial<Omit<ChangesPage, 'history'>> & { reset?: unknown; history?: unknown };
  // A server without the history answers none: '' (kept with the checkpoint, never sent back).
  const history = typeof answer.history === 'string' ? answer.history : '';
  if (answer.reset === true) return { reset: true, history };
  if (!Array.isArray(answer.records) || !Array.isArray(answer.gone) || !Number.isSafeInteger(answer.last) || typeof answer.more !== 'boolean') {
    throw new ClientResponseError({ status: 500, response: { message: 'The server answered the sync in an unknown shape.' } });
  }
  return { records: answer.records, gone: answer.gone.map(String), last: Number(answer.last), more: answer.more, history };
}

export function pocketbaseTransport(pb: PocketBase): SyncTransport {
  return {
    async verifySession(signal) {
      const collection = pb.authStore.record?.collectionName;
      if (!pb.authStore.token || !collection) {
        throw new ClientResponseError({ status: 401, response: { message: 'Signed out' } });
      }
      // Sent even when the device's clock calls the token expired: only the
      // server's refusal ends the session. The refresh is the one call that
      // answers 401 for a token the server no longer accepts; on success it
      // renews the token, so a portal left open (or back from offline) keeps it.
      try {
        await pb.collection(collection).authRefresh(options(signal));
      } catch (error) {
        if (errorStatus(error) === 403) throw new ClientResponseError({ status: 401, response: { message: 'Session refused' } });
        throw error;
      }
    },
    async changes(collection, { after, limit, owner, full, history, seen }, signal) {
      const body = await pb.send<unknown>(CHANGES_ROUTE, {
        ...options(signal), method: 'GET',
        query: { collection, after, limit, ...(owner ? { owner: 1 } : {}), ...(full ? { full: 1 } : {}), ...(history ? { history } : {}), ...(seen ? { seen } : {}) },
      });
      return changesAnswer(body);
    },
    send: (route, body, signal) => pb.send(route, { ...options(signal), method: 'POST', body }),
    async getOne(collection, id, signal) {
      try {
        return await pb.collection(collection).getOne<ServerRecord>(id, options(signal));
      } catch (error) {
        if (errorStatus(error) === 404) return null;
        throw error;
      }
    },
    create: (collection, body, signal) => pb.collection(collection).create<ServerRecord>(body, options(signal)),
    update: (collection, id, patch, signal, base, versions) => {
      // Read by pb_hooks/lib/sync/conflicts.js; URI-encoded so any text fits a header.
      const headers: Record<string, string> = {};
      if (base && Object.keys(base).length > 0) headers['X-Sync-Base'] = encodeURIComponent(JSON.stringify(base));
      if (versions && Object.keys(versions).length > 0) headers['X-Sync-Versions'] = encodeURIComponent(JSON.stringify(versions));
      return pb.collection(collection).update<ServerRecord>(id, patch, {
        ...options(signal),
        ...(Object.keys(headers).length > 0 ? { headers } : {}),
      });
    },
    async delete(collection, id, signal) {
      await pb.collection(collection).delete(id, options(signal));
    },
    async subscribe(collection, onChange) {
      return pb.collection(collection).subscribe<ServerRecord>('*', (event) => {
        onChange({ action: event.action as 'create' | 'update' | 'delete', record: event.record });
      });
    },
    onReconnect: (callback) => pb.realtime.subscribe('PB_CONNECT', () => callback()),
  };
}
