import { describe, expect, it, vi } from 'vitest';
import { realClock } from './syncClock';
import { realtimeLink } from './realtimeLink';
import type { SyncTransport, Unsubscribe } from './transport';
import { stampAt } from './testing/fakeSyncServer';
import { syncHarness, USER_ID } from './testing/syncHarness';

describe('realtime', () => {
  it('listens for the connection before the first subscription connects, so a change between pull and subscribe is pulled', async () => {
    let connected = false;
    const harness = syncHarness();
    const { server } = harness;
    const transport: SyncTransport = {
      ...server.transport,
      // Like PocketBase: the first subscription opens the channel and PB_CONNECT fires then.
      subscribe: async (collection, onChange) => {
        if (!connected) {
          connected = true;
          server.nowMs += 1000;
          server.table('speakers').set('speaker00000009', { id: 'speaker00000009', updated: stampAt(server.nowMs), name: 'Missed' });
          server.reconnect();
        }
        return server.transport.subscribe(collection, onChange);
      },
    };
    const { createSyncEngine } = await import('./createSyncEngine');
    const engine = createSyncEngine({ db: harness.db, userId: USER_ID, transport, clock: harness.time.clock, connectivity: harness.network.connectivity, status: harness.status });

    await engine.request();
    await vi.waitFor(async () => expect((await harness.db.speakers.get('speaker00000009'))?.name).toBe('Missed'));
    await engine.stop();
  });

  it('leaves no subscription behind when closed while connecting', async () => {
    const { db, server } = syncHarness();
    let active = 0;
    let release = () => {};
    const gate = new Promise<void>((resolve) => { release = resolve; });
    const track = async (make: () => Promise<Unsubscribe>): Promise<Unsubscribe> => {
      const unsubscribe = await make();
      active += 1;
      return async () => { active -= 1; await unsubscribe(); };
    };
    const transport: SyncTransport = {
      ...server.transport,
      subscribe: async (collection, onChange) => {
        await gate;
        return track(() => server.transport.subscribe(collection, onChange));
      },
      onReconnect: (callback) => track(() => server.transport.onReconnect(callback)),
    };
    const link = realtimeLink({ db, transport, userId: USER_ID, clock: realClock, pageSize: 200 }, () => {});

    const ensured = link.ensure();
    await link.close();
    release();
    await ensured;

    expect(active).toBe(0);
  });

  it('recovers from a change it could not store by pulling, with no unhandled error', async () => {
    const { db, server, engine } = syncHarness();
    await engine.request();
    await vi.waitFor(() => expect(server.calls.length).toBeGreaterThan(0));
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const transaction = vi.spyOn(db, 'transaction').mockImplementationOnce((() => Promise.reject(new Error('QuotaExceededError'))) as never);

    server.nowMs += 1000;
    server.write('speakers', { id: 'speaker00000009', name: 'Live' });
    await vi.waitFor(() => expect(transaction).toHaveBeenCalled());
    await engine.whenIdle();

    await vi.waitFor(async () => expect((await db.speakers.get('speaker00000009'))?.name).toBe('Live'));
    expect(error).toHaveBeenCalled();
    error.mockRestore();
    await engine.stop();
  });
});
