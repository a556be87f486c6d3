import { describe, expect, it, vi } from 'vitest';
import { MAX_UNANSWERED_ATTEMPTS, NO_ANSWER_MESSAGE } from './pushChange';
import { queueChange } from './queueChange';
import { retryChange } from './retryChange';
import { syncHarness, USER_ID } from './testing/syncHarness';

const TIMEOUT_MS = 5_000;

/** 'stopped' when `promise` settles within `ms` of real time, else 'held'. */
function settlesWithin(promise: Promise<unknown>, ms: number): Promise<'stopped' | 'held'> {
  return Promise.race([
    promise.then(() => 'stopped' as const),
    new Promise<'held'>((resolve) => setTimeout(() => resolve('held'), ms)),
  ]);
}

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

  it('does not hold stop() while more changes wait: no request is made after it, and the one aborted is not counted', { timeout: 2_000 }, async () => {
    const { db, server, engine, status } = syncHarness({ requestTimeoutMs: TIMEOUT_MS });
    await engine.request();
    for (const title of ['One', 'Two', 'Three']) {
      await queueChange(db, { collection: 'saved_use_cases', op: 'create', patch: { owner: USER_ID, title } });
    }
    server.hang = (call) => call !== 'verifySession';
    server.calls.length = 0;

    void engine.request();
    await vi.waitFor(() => expect(server.calls.some((call) => call.startsWith('create'))).toBe(true));
    // The fake clock never reaches a deadline: only stopping can end the pass.
    expect(await settlesWithin(engine.stop(), 500)).toBe('stopped');

    expect(server.calls.filter((call) => call !== 'verifySession')).toHaveLength(1);
    expect(status.get().syncing).toBe(false);
    expect(await db.outbox.toArray()).toEqual([1, 2, 3].map(() => expect.objectContaining({ status: 'pending', attempts: 0 })));
  });

  it('does not hold stop() between the pull\'s requests either', { timeout: 2_000 }, async () => {
    let stopping: Promise<void> | undefined;
    let callsAtStop = 0;
    const { server, engine } = syncHarness({
      requestTimeoutMs: TIMEOUT_MS,
      // Told between two collections' pulls: no request is in flight to abort.
      afterStored: {
        events: () => {
          callsAtStop = server.calls.length;
          stopping = engine.stop();
        },
      },
    });
    server.write('events', { id: 'event0000000001', title: 'Masterclass' });
    // Only the session check and the events' pull answer; any later request would hang.
    server.hang = (call) => call !== 'verifySession' && !/\bevents\b/.test(call);

    void engine.request();
    await vi.waitFor(() => expect(stopping).toBeDefined());
    expect(await settlesWithin(stopping ?? Promise.resolve(), 500)).toBe('stopped');
    expect(server.calls.slice(callsAtStop)).toEqual([]);
  });
});

describe('a change whose request never gets an answer', () => {
  it(`is marked failed after ${MAX_UNANSWERED_ATTEMPTS} attempts, with the reason, and offered for Retry or Discard`, { timeout: 5_000 }, async () => {
    const { db, server, time, engine, status } = syncHarness({ requestTimeoutMs: TIMEOUT_MS });
    server.write('users', { id: USER_ID, full_name: 'Ada', company: 'Old Co' });
    await engine.request();
    await queueChange(db, { collection: 'users', recordId: USER_ID, op: 'update', patch: { company: 'New Co' } });
    server.hang = (call) => call.startsWith('update');
    const updates = () => server.calls.filter((call) => call.startsWith('update')).length;

    void engine.request();
    for (let tries = 1; tries <= 30; tries += 1) {
      await vi.waitFor(() => expect(updates()).toBe(tries));
      time.advance(TIMEOUT_MS);
      await engine.whenIdle();
      const wait = time.nextTimerIn();
      if (wait === undefined) break;
      time.advance(wait);
    }

    expect(updates()).toBe(MAX_UNANSWERED_ATTEMPTS);
    expect(await db.outbox.toArray()).toEqual([expect.objectContaining({
      status: 'failed', attempts: MAX_UNANSWERED_ATTEMPTS,
      error: `${NO_ANSWER_MESSAGE} (gave up after ${MAX_UNANSWERED_ATTEMPTS} attempts)`,
    })]);
    expect(status.get()).toMatchObject({ pending: 0, failed: 1 });

    // Retry starts the count afresh, and the change goes once the server answers.
    server.hang = null;
    const [failed] = await db.outbox.toArray();
    await retryChange(db, failed?.seq ?? -1);
    await engine.request();
    expect(server.table('users').get(USER_ID)?.company).toBe('New Co');
    expect(status.get()).toMatchObject({ pending: 0, failed: 0 });
    await engine.stop();
  });

  it('is not counted when the connection drops at once (the device lost its link): it keeps waiting', { timeout: 5_000 }, async () => {
    const { db, server, time, engine, status } = syncHarness({ requestTimeoutMs: TIMEOUT_MS });
    server.write('users', { id: USER_ID, full_name: 'Ada', company: 'Old Co' });
    await engine.request();
    await queueChange(db, { collection: 'users', recordId: USER_ID, op: 'update', patch: { company: 'New Co' } });
    server.onCall = (call) => {
      if (call.startsWith('update')) throw Object.assign(new Error('Failed to fetch'), { status: 0 });
    };

    await engine.request();
    for (let i = 0; i < 20 && time.nextTimerIn() !== undefined; i += 1) {
      time.advance(time.nextTimerIn() ?? 0);
      await engine.whenIdle();
    }

    expect(await db.outbox.toArray()).toEqual([expect.objectContaining({ status: 'pending', error: 'Failed to fetch' })]);
    expect(status.get()).toMatchObject({ pending: 1, failed: 0 });
    await engine.stop();
  });
});
