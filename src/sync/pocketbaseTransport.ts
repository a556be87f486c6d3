// The engine's server calls over the PocketBase SDK. Requests opt out of the
// SDK's auto-cancellation: parallel list calls to one collection are normal here.
// Each carries the engine's AbortSignal, so a request past its deadline is really cancelled.
import type PocketBase from 'pocketbase';
import { ClientResponseError } from 'pocketbase';
import type { ServerRecord } from '@/db';
import { errorStatus } from './errorStatus';
import type { PullQuery, SyncTransport } from './transport';

const noCancel = { requestKey: null };
const options = (signal?: AbortSignal) => ({ ...noCancel, signal });

function pullFilter(pb: PocketBase, query: PullQuery): string {
  const parts: string[] = [];
  if (query.after) {
    parts.push(pb.filter('(updated > {:updated} || (updated = {:updated} && id > {:id}))', query.after));
  } else if (query.since) {
    parts.push(pb.filter('updated >= {:cursor}', { cursor: query.since }));
  }
  // The field name comes from our own table of synced collections, never from input.
  if (query.owner) parts.push(pb.filter(`${query.owner.field} = {:owner}`, { owner: query.owner.id }));
  return parts.join(' && ');
}

/**
 * A fetch that tells the server's clock at or before it handled the request:
 * the Date header (whole seconds, rounded down) less the round trip.
 */
function readTimeFetch(onReadTime: (serverMs: number) => void) {
  return async (url: RequestInfo | URL, config?: RequestInit) => {
    const sent = performance.now();
    const response = await fetch(url, config);
    const date = Date.parse(response.headers.get('Date') ?? '');
    if (!Number.isNaN(date)) onReadTime(date - Math.ceil(performance.now() - sent));
    return response;
  };
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
    async list(collection, query, signal) {
      const { onReadTime } = query;
      if (query.route) {
        // Our own route: the same page, keyset and shape; no owner filter (it serves a library everyone reads).
        if (query.owner) throw new Error(`${query.route} lists no owner's records`);
        const position = query.after
          ? { after_updated: query.after.updated, after_id: query.after.id }
          : query.since ? { since: query.since } : {};
        const page = await pb.send<{ items: ServerRecord[] }>(query.route, {
          ...options(signal), method: 'GET', query: { ...position, limit: query.limit },
          ...(onReadTime ? { fetch: readTimeFetch(onReadTime) } : {}),
        });
        return page.items;
      }
      const page = await pb.collection(collection).getList<ServerRecord>(1, query.limit, {
        ...options(signal), filter: pullFilter(pb, query), sort: 'updated,id', skipTotal: true,
        ...(onReadTime ? { fetch: readTimeFetch(onReadTime) } : {}),
      });
      return page.items;
    },
    async getOne(collection, id, signal) {
      try {
        return await pb.collection(collection).getOne<ServerRecord>(id, options(signal));
      } catch (error) {
        if (errorStatus(error) === 404) return null;
        throw error;
      }
    },
    create: (collection, body, signal) => pb.collection(collection).create<ServerRecord>(body, options(signal)),
    update: (collection, id, patch, signal, base) => pb.collection(collection).update<ServerRecord>(id, patch, {
      ...options(signal),
      // Read by pb_hooks/lib/sync/conflicts.js; URI-encoded so any text fits a header.
      ...(base && Object.keys(base).length > 0 ? { headers: { 'X-Sync-Base': encodeURIComponent(JSON.stringify(base)) } } : {}),
    }),
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
