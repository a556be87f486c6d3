// The status a pass leaves behind tells the truth: a device that says it is
// online while the server gives no answer is not shown as synced.
import { describe, expect, it } from 'vitest';
import { queueChange } from './queueChange';
import { syncStatusLabel } from './syncStatusLabel';
import { FakeHttpError } from './testing/fakeSyncServer';
import { syncHarness, USER_ID } from './testing/syncHarness';

describe('sync status after a pass', () => {
  it('says the server is not answering while passes get no answer, and synced once one completes', async () => {
    const { db, server, engine, status, time } = syncHarness();
    server.write('users', { id: USER_ID, full_name: 'Ada' });
    await engine.request();
    expect(syncStatusLabel(status.get(), time.clock.now()).text).toBe('Online · synced just now');

    server.failWith = new FakeHttpError(0);
    await queueChange(db, { collection: 'users', recordId: USER_ID, op: 'update', patch: { company: 'New Co' } });
    await engine.request();
    expect(status.get()).toMatchObject({ online: true, unreachable: true, pending: 1 });
    expect(syncStatusLabel(status.get(), time.clock.now()).text).toBe('Server not answering · 1 change waiting');

    server.failWith = null;
    await engine.request();
    expect(status.get()).toMatchObject({ unreachable: false, pending: 0 });
    expect(syncStatusLabel(status.get(), time.clock.now()).text).toBe('Online · synced just now');
    await engine.stop();
  });
});
