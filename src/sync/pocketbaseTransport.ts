// The engine's server calls over the PocketBase SDK. Requests opt out of the
// SDK's auto-cancellation: parallel list calls to one collection are normal here.
import type PocketBase from 'pocketbase';
import { ClientResponseError } from 'pocketbase';
import type { ServerRecord } from '@/db';
import { errorStatus } from './errorStatus';
import type { PullQuery, SyncTransport } from './transport';

const noCancel = { requestKey: null };

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

export function pocketbaseTransport(pb: PocketBase): SyncTransport {
  return {
    async verifySession() {
      const collection = pb.authStore.record?.collectionName;
      if (!pb.authStore.isValid || !collection) {
        throw new ClientResponseError({ status: 401, response: { message: 'Signed out' } });
      }
      // The only call that answers 401 for a token the server no longer accepts;
      // it also renews the token, so a portal left open keeps its session.
      await pb.collection(collection).authRefresh(noCancel);
    },
    async list(collection, query) {
      const page = await pb.collection(collection).getList<ServerRecord>(1, query.limit, {
        ...noCancel, filter: pullFilter(pb, query), sort: 'updated,id', skipTotal: true,
      });
      return page.items;
    },
    async getOne(collection, id) {
      try {
        return await pb.collection(collection).getOne<ServerRecord>(id, noCancel);
      } catch (error) {
        if (errorStatus(error) === 404) return null;
        throw error;
      }
    },
    create: (collection, body) => pb.collection(collection).create<ServerRecord>(body, noCancel),
    update: (collection, id, patch) => pb.collection(collection).update<ServerRecord>(id, patch, noCancel),
    async delete(collection, id) {
      await pb.collection(collection).delete(id, noCancel);
    },
    async subscribe(collection, onChange) {
      return pb.collection(collection).subscribe<ServerRecord>('*', (event) => {
        onChange({ action: event.action as 'create' | 'update' | 'delete', record: event.record });
      });
    },
    onReconnect: (callback) => pb.realtime.subscribe('PB_CONNECT', () => callback()),
  };
}
