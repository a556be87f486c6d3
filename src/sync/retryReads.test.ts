import { describe, expect, it } from 'vitest';
import { READ_ATTEMPTS } from './retryReads';
import { FakeHttpError } from './testing/fakeSyncServer';
import { syncHarness, USER_ID } from './testing/syncHarness';

describe('reads over a lossy connection', () => {
  it('completes a pass when some reads get no answer the first time', async () => {
    const { server, engine, status, db } = syncHarness();
    server.write('users', { id: USER_ID, full_name: 'Ada' });
    server.write('events', { id: 'event0000000001', title: 'Masterclass' });
    let count = 0;
    // Every third request is lost, as on a poor venue network.
    server.onCall = () => {
      count += 1;
      server.failWith = count % 3 === 0 ? new FakeHttpError(0, 'Failed to fetch') : null;
    };

    await engine.request();

    expect(status.get().lastSyncedAt).not.toBeNull();
    expect(await db.events.count()).toBe(1);
    expect((await db.profiles.get(USER_ID))?.full_name).toBe('Ada');
  });

  it(`gives up after ${READ_ATTEMPTS} lost attempts and leaves the pass to its back-off; a refusal is never repeated`, async () => {
    const { server, engine, status } = syncHarness();
    server.failWith = new FakeHttpError(0, 'Failed to fetch');
    await engine.request();
    expect(server.calls).toEqual(Array(READ_ATTEMPTS).fill('verifySession'));
    expect(status.get().lastSyncedAt).toBeNull();

    const refused = syncHarness();
    refused.server.forbidden.add('events');
    await refused.engine.request();
    expect(refused.server.calls.filter((call) => call === 'list events')).toHaveLength(1);
  });
});
