import { describe, expect, it, vi } from 'vitest';
import { queueChange } from './queueChange';
import { syncHarness, USER_ID } from './testing/syncHarness';

const TIMEOUT_MS = 5_000;

describe('a request that never answers', () => {
  it('is given up after its deadline like a network error: the pass ends, the change stays queued and is retried', { timeout: 2_000 }, async () => {
    const { db, server, time, engine, status } = syncHarness({ requestTimeoutMs: TIMEOUT_MS });
    server.write('users', { id: USER_ID, full_name: 'Ada', company: 'Old Co' });
    await engine.request();
    await queueChange(db, { collection: 'users', recordId: USER_ID, op: 'update', patch: { company: 'New Co' } });
    server.hang = (call) => call.startsWith('update');

    const pass = engine.request();
    await vi.waitFor(() => expect(server.calls.some((call) => call.startsWith('update'))).toBe(true));
    time.advance(TIMEOUT_MS);
    await pass;

    expect(server.aborted).toEqual([`update users ${USER_ID} {"company":"New Co"}`]);
    expect(status.get()).toMatchObject({ syncing: false, pending: 1, failed: 0, paused: null });
    expect(await db.outbox.toArray()).toEqual([expect.objectContaining({ status: 'pending', attempts: 1, error: 'Request timed out' })]);

    server.hang = null;
    time.advance(time.nextTimerIn() ?? Number.NaN);
    await engine.whenIdle();
    expect(server.table('users').get(USER_ID)?.company).toBe('New Co');
    expect(status.get()).toMatchObject({ pending: 0, failed: 0 });
  });

  it('does not hold stop() (sign-out): the request in flight is aborted at once', { timeout: 2_000 }, async () => {
    const { server, engine, status } = syncHarness({ requestTimeoutMs: TIMEOUT_MS });
    server.hang = (call) => call === 'verifySession';

    void engine.request();
    await vi.waitFor(() => expect(server.calls).toContain('verifySession'));
    await engine.stop();

    expect(server.aborted).toEqual(['verifySession']);
    expect(status.get().syncing).toBe(false);
  });
});
