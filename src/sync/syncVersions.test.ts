// Versions, not values: each update carries, per field, the version of the
// server's row the user edited from (OutboxRow.versions, X-Sync-Versions); a
// field that changed on the server after it is a conflict even when its value
// has come back, and the device keeps the change for the user (Keep mine /
// Use the server's). The user's own earlier save never counts against a later one.
import PocketBase from 'pocketbase';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pocketbaseTransport } from './pocketbaseTransport';
import { queueChange } from './queueChange';
import { keepMine } from './resolveConflict';
import { syncHarness, USER_ID } from './testing/syncHarness';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function syncedProfile() {
  const harness = syncHarness();
  harness.server.write('users', { id: USER_ID, full_name: 'Ada', company: 'Old Co', job_title: 'Analyst' });
  await harness.engine.request();
  const held = (await harness.db.profiles.get(USER_ID))?.sync_seq ?? 0;
  expect(held).toBeGreaterThan(0);
  return { ...harness, held };
}

const profileEdit = (patch: Record<string, unknown>, extra: { base?: Record<string, unknown>; versions?: Record<string, number> } = {}) =>
  ({ collection: 'users' as const, recordId: USER_ID, op: 'update' as const, patch, ...extra });

describe('the version an edit was made on', () => {
  it("sends each field's version; a later edit of a field a waiting change sets takes that change's version, moved on once it is sent", async () => {
    const { db, server, engine, network, held } = await syncedProfile();
    network.set(false);

    await queueChange(db, profileEdit({ job_title: 'Lead' }));
    await queueChange(db, profileEdit({ job_title: 'Head of AI', company: 'New Co' }));
    expect((await db.outbox.toArray()).map((change) => change.versions)).toEqual([
      { job_title: held }, { job_title: held, company: held },
    ]);

    network.set(true);
    await engine.whenIdle();
    // The first save took a new version; the second was edited from its value, so it goes on that version.
    const firstSaved = server.versionsSeen.length === 2 ? server.versionsSeen[1]?.job_title : undefined;
    expect(firstSaved).toBeGreaterThan(held);
    expect(server.versionsSeen).toEqual([{ job_title: held }, { job_title: firstSaved, company: held }]);
    expect(server.table('users').get(USER_ID)).toMatchObject({ job_title: 'Head of AI', company: 'New Co' });
    expect(await db.outbox.count()).toBe(0);
  });

  it('an answer lost after the server took a save, then another save of the same field: no conflict, the last value wins', async () => {
    const { db, server, engine, time } = await syncedProfile();
    server.loseNextUpdateAnswer = true;
    await queueChange(db, profileEdit({ company: 'First Co' }));
    await engine.request();
    await engine.whenIdle();
    expect(server.table('users').get(USER_ID)).toMatchObject({ company: 'First Co' });
    await queueChange(db, profileEdit({ company: 'Second Co' }));
    // The device sends what waits once its back-off has passed.
    for (let i = 0; i < 20 && (await db.outbox.count()) > 0 && time.nextTimerIn() !== undefined; i += 1) {
      time.advance(time.nextTimerIn() ?? 0);
      await engine.whenIdle();
    }
    await engine.request();
    await engine.whenIdle();
    expect((await db.outbox.toArray()).map((change) => [change.status, change.error])).toEqual([]);
    expect(server.table('users').get(USER_ID)).toMatchObject({ company: 'Second Co' });
  });

  it('takes the versions given by the caller (the row a form opened with) over the row held', async () => {
    const { db, held } = await syncedProfile();
    await db.profiles.update(USER_ID, { sync_seq: held + 10, job_title: 'Pulled meanwhile' });

    await queueChange(db, profileEdit({ job_title: 'Typed', company: 'Typed Co' }, { base: { job_title: 'Analyst' }, versions: { job_title: held } }));

    expect((await db.outbox.toArray())[0]?.versions).toEqual({ job_title: held, company: held + 10 });
  });

  it('A → B → A on the server after the version edited from: a conflict kept for the user, though the value is back; Keep mine sends it without versions', async () => {
    const { db, server, engine, network, status, held } = await syncedProfile();
    network.set(false);
    await queueChange(db, profileEdit({ company: 'Device Co' }));
    server.write('users', { id: USER_ID, company: 'B Co' });
    server.write('users', { id: USER_ID, company: 'Old Co' });

    network.set(true);
    await engine.whenIdle();

    expect(server.baseSeen).toEqual([{ company: 'Old Co' }]);
    expect(server.versionsSeen).toEqual([{ company: held }]);
    expect(server.table('users').get(USER_ID)?.company).toBe('Old Co');
    const [change] = await db.outbox.toArray();
    expect(change).toMatchObject({
      status: 'failed', conflict: ['company'], patch: { company: 'Device Co' }, error: 'Changed on the server since you edited it',
    });
    expect(status.get()).toMatchObject({ failed: 1 });

    await keepMine(db, change?.seq ?? -1);
    await engine.request();
    expect(server.versionsSeen.at(-1)).toBeUndefined();
    expect(server.table('users').get(USER_ID)?.company).toBe('Device Co');
    expect(await db.outbox.count()).toBe(0);
  });

  it('merges an edit of another field changed on the server after the version edited from', async () => {
    const { db, server, engine, network } = await syncedProfile();
    network.set(false);
    await queueChange(db, profileEdit({ company: 'Device Co' }));
    server.write('users', { id: USER_ID, job_title: 'Director' });

    network.set(true);
    await engine.whenIdle();

    expect(server.table('users').get(USER_ID)).toMatchObject({ company: 'Device Co', job_title: 'Director' });
    expect(await db.outbox.count()).toBe(0);
  });

  it('a new edit taking a field out of a change in conflict leaves each remaining field its own version', async () => {
    const { db, server, engine, network, held } = await syncedProfile();
    network.set(false);
    await queueChange(db, profileEdit({ job_title: 'Lead', company: 'Device Co' }));
    server.write('users', { id: USER_ID, company: 'B Co' });
    server.write('users', { id: USER_ID, company: 'Old Co' });
    network.set(true);
    await engine.whenIdle();
    expect((await db.outbox.toArray())[0]).toMatchObject({ status: 'failed', conflict: ['company'] });

    // The user types the company again over the server's value: the older change keeps only job title, with its version.
    network.set(false);
    await queueChange(db, profileEdit({ company: 'Final Co' }, { versions: { company: server.table('users').get(USER_ID)?.sync_seq ?? 0 } }));
    const [older] = await db.outbox.toArray();
    expect(older).toMatchObject({ status: 'pending', patch: { job_title: 'Lead' }, versions: { job_title: held } });

    network.set(true);
    await engine.whenIdle();
    expect(server.table('users').get(USER_ID)).toMatchObject({ job_title: 'Lead', company: 'Final Co' });
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('the request', () => {
  it('carries the versions in X-Sync-Versions beside the values in X-Sync-Base', async () => {
    const requests: Request[] = [];
    vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
      requests.push(new Request(url, init));
      return new Response(JSON.stringify({ id: USER_ID, updated: '', sync_seq: 9 }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }));
    const transport = pocketbaseTransport(new PocketBase('http://127.0.0.1:1'));

    await transport.update('users', USER_ID, { company: 'B Co' }, undefined, { company: 'A Co' }, { company: 7 });
    await transport.update('users', USER_ID, { company: 'C Co' });

    const [edited, kept] = requests;
    expect(JSON.parse(decodeURIComponent(edited?.headers.get('X-Sync-Versions') ?? ''))).toEqual({ company: 7 });
    expect(JSON.parse(decodeURIComponent(edited?.headers.get('X-Sync-Base') ?? ''))).toEqual({ company: 'A Co' });
    expect(kept?.headers.has('X-Sync-Versions')).toBe(false);
    expect(kept?.headers.has('X-Sync-Base')).toBe(false);
  });
});
