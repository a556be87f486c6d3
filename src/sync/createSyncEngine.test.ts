import { describe, expect, it, vi } from 'vitest';
import { queueChange } from './queueChange';
import { READ_ATTEMPTS } from './retryReads';
import { FakeHttpError } from './testing/fakeSyncServer';
import { syncHarness, USER_ID } from './testing/syncHarness';

function withProfileAndEvent() {
  const harness = syncHarness();
  harness.server.write('users', { id: USER_ID, full_name: 'Ada', company: 'Old Co', job_title: 'Analyst' });
  harness.server.write('events', { id: 'event0000000001', title: 'Masterclass' });
  return harness;
}

describe('sync engine', () => {
  it('pauses when the session expired, keeping every local row and the outbox, and pushes after resume', async () => {
    const { db, server, engine, status } = withProfileAndEvent();
    await engine.request();
    // PocketBase treats an expired token as a guest: only the session check says 401.
    server.sessionValid = false;

    await queueChange(db, { collection: 'users', recordId: USER_ID, op: 'update', patch: { company: 'New Co' } });
    await engine.request();

    expect(status.get()).toMatchObject({ paused: 'signin', pending: 1, failed: 0 });
    expect(await db.events.count()).toBe(1);
    expect((await db.profiles.get(USER_ID))?.company).toBe('New Co');
    const callsWhilePaused = server.calls.length;
    await engine.request();
    expect(server.calls.length).toBe(callsWhilePaused);

    server.sessionValid = true;
    await engine.resume();

    expect(status.get()).toMatchObject({ paused: null, pending: 0, failed: 0 });
    expect(server.table('users').get(USER_ID)?.company).toBe('New Co');
    expect(await db.outbox.count()).toBe(0);
  });

  it('pauses rather than failing a change when the session is revoked during a pass', async () => {
    const { db, server, engine, status } = withProfileAndEvent();
    await engine.request();
    server.onCall = (call) => {
      if (call.startsWith('update')) server.sessionValid = false;
    };

    await queueChange(db, { collection: 'users', recordId: USER_ID, op: 'update', patch: { company: 'New Co' } });
    await engine.request();

    expect(status.get()).toMatchObject({ paused: 'signin', pending: 1, failed: 0 });
  });

  it('pauses on a plain 401 answer too', async () => {
    const { db, server, engine, status } = withProfileAndEvent();
    server.failWith = new FakeHttpError(401);
    await queueChange(db, { collection: 'users', recordId: USER_ID, op: 'update', patch: { company: 'New Co' } });

    await engine.request();

    expect(status.get()).toMatchObject({ paused: 'signin', pending: 1, failed: 0 });
  });

  it('keeps a waiting local edit on top of a server change, and the server ends with both', async () => {
    const { db, server, engine } = withProfileAndEvent();
    await engine.request();
    await engine.whenIdle();

    // Queued, not pushed yet, when the server's change arrives live.
    await queueChange(db, { collection: 'users', recordId: USER_ID, op: 'update', patch: { company: 'New Co' } });
    server.nowMs += 1000;
    server.write('users', { id: USER_ID, job_title: 'Director' });
    await expect.poll(async () => (await db.profiles.get(USER_ID))?.job_title).toBe('Director');
    expect((await db.profiles.get(USER_ID))?.company).toBe('New Co');

    await engine.request();

    expect(server.table('users').get(USER_ID)).toMatchObject({ company: 'New Co', job_title: 'Director' });
    expect(await db.profiles.get(USER_ID)).toMatchObject({ company: 'New Co', job_title: 'Director' });
    expect(await db.outbox.count()).toBe(0);
  });

  it('dates the copy from when the pass began asking the server, not when it finished storing', async () => {
    const { server, time, engine, status } = withProfileAndEvent();
    const began = new Date(time.clock.now()).toISOString();
    // Each answer takes ten seconds (under the request timeout): the pass ends well after it began.
    server.onCall = () => time.advance(10_000);
    await engine.request();
    expect(server.calls.length).toBeGreaterThan(1);
    expect(time.clock.now()).toBeGreaterThan(Date.parse(began));
    expect(status.get().lastSyncedAt).toBe(began);
  });

  it('backs off after network errors, doubling the wait, and catches up when the server answers', async () => {
    const { db, server, time, engine, status } = withProfileAndEvent();
    server.failWith = new FakeHttpError(0);
    await queueChange(db, { collection: 'users', recordId: USER_ID, op: 'update', patch: { company: 'New Co' } });
    await engine.request();

    for (const wait of [1000, 2000, 4000]) {
      expect(time.nextTimerIn()).toBe(wait);
      const calls = server.calls.length;
      time.advance(wait - 1);
      await engine.whenIdle();
      expect(server.calls.length).toBe(calls);
      time.advance(1);
      await engine.whenIdle();
      // One pass: its session check, tried READ_ATTEMPTS times with no answer.
      expect(server.calls.length).toBe(calls + READ_ATTEMPTS);
    }
    expect(status.get()).toMatchObject({ pending: 1, lastSyncedAt: null });
    expect((await db.outbox.toArray())[0]).toMatchObject({ status: 'pending' });

    server.failWith = null;
    time.advance(8000);
    await engine.whenIdle();

    expect(status.get()).toMatchObject({ pending: 0, failed: 0 });
    expect(status.get().lastSyncedAt).not.toBeNull();
    expect(time.nextTimerIn()).toBeUndefined();
    expect(server.table('users').get(USER_ID)?.company).toBe('New Co');
  });

  it('waits while offline and syncs as soon as the device is back online', async () => {
    const { db, server, engine, network, status } = withProfileAndEvent();
    network.set(false);
    await engine.request();
    expect(server.calls).toEqual([]);
    expect(status.get().online).toBe(false);

    network.set(true);
    await engine.whenIdle();

    expect(status.get().online).toBe(true);
    expect(await db.events.count()).toBe(1);
  });

  it('stops applying live changes once the device goes offline, and catches up when it is back', async () => {
    const { db, server, engine, network } = withProfileAndEvent();
    await engine.request();
    await engine.whenIdle();
    await vi.waitFor(() => expect(server.subscriberCount('users')).toBe(1));

    network.set(false);
    server.nowMs += 1000;
    server.write('users', { id: USER_ID, job_title: 'Director' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(server.subscriberCount('users')).toBe(0);
    expect((await db.profiles.get(USER_ID))?.job_title).toBe('Analyst');

    network.set(true);
    await engine.whenIdle();
    expect((await db.profiles.get(USER_ID))?.job_title).toBe('Director');
  });

  it('keeps syncing when the realtime channel never answers', async () => {
    const { db, server, engine, status } = withProfileAndEvent();
    server.hangRealtime = true;
    await engine.request();

    await queueChange(db, { collection: 'users', recordId: USER_ID, op: 'update', patch: { company: 'New Co' } });
    await engine.request();

    expect(status.get().pending).toBe(0);
    expect(server.table('users').get(USER_ID)?.company).toBe('New Co');
  });

  it('pulls again on every realtime reconnect', async () => {
    const { db, server, engine } = withProfileAndEvent();
    await engine.request();
    // Written while the channel was down: no realtime event for it.
    server.table('speakers').set('speaker00000001', { id: 'speaker00000001', updated: '2025-06-02 00:00:00.000Z', name: 'Missed' });

    server.reconnect();
    await engine.whenIdle();

    expect((await db.speakers.get('speaker00000001'))?.name).toBe('Missed');
  });

  it("clears the previous account's own rows when another user signs in on the device", async () => {
    const first = withProfileAndEvent();
    await first.engine.request();
    await first.engine.stop();

    const { createSyncEngine } = await import('./createSyncEngine');
    first.server.userId = 'otheruser000001';
    const second = createSyncEngine({ db: first.db, userId: 'otheruser000001', transport: first.server.transport, connectivity: first.network.connectivity });
    await second.request();
    await second.stop();

    expect(await first.db.profiles.get(USER_ID)).toBeUndefined();
    expect(await first.db.events.count()).toBe(1);
  });
});
