import { describe, expect, it, vi } from 'vitest';
import { pullCollection, PULL_OVERLAP_MS } from './pullCollection';
import type { SyncContext } from './syncContext';
import type { SyncedCollectionSpec } from './syncedCollections';
import { stampAt } from './testing/fakeSyncServer';
import { syncHarness, USER_ID } from './testing/syncHarness';
import type { PullQuery } from './transport';

const T1 = Date.UTC(2025, 5, 1, 10);
const T2 = T1 + 1000;
const T3 = T2 + 1000;

function eventIdsListed(server: ReturnType<typeof syncHarness>['server']): string[] {
  return server.listed.filter((call) => call.collection === 'events').flatMap((call) => call.ids);
}

describe('pull', () => {
  it('keeps every record when many share one stamp across a page boundary, reading none twice', async () => {
    const { db, server, engine } = syncHarness({ pageSize: 2 });
    server.nowMs = T1;
    for (const id of ['a1', 'a2', 'a3', 'a4', 'a5']) server.write('events', { id, title: id });
    server.nowMs = T2;
    server.write('events', { id: 'b1', title: 'b1' });

    await engine.request();

    expect(eventIdsListed(server)).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'b1']);
    expect((await db.events.toArray()).map((row) => row.id)).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'b1']);
    expect(JSON.parse((await db.meta.get('cursor:events'))?.value ?? '')).toEqual({ updated: stampAt(T2), id: 'b1' });
  });

  it('fills an empty table without reading it back, and reads the held rows again once a page finds one', async () => {
    const { db, server, engine } = syncHarness({ pageSize: 2 });
    server.nowMs = T1;
    for (const id of ['a1', 'a2', 'a3', 'a4', 'a5']) server.write('events', { id, title: id });
    const reads = vi.spyOn(db.events, 'bulkGet');

    await engine.request();
    expect(await db.events.count()).toBe(5);
    expect(reads).not.toHaveBeenCalled();

    // The next pass re-reads the held rows in its overlap window: they are compared with what is held.
    server.nowMs = T2;
    server.write('events', { id: 'a2', title: 'a2, renamed' });
    server.write('events', { id: 'b1', title: 'b1' });
    await engine.request();
    expect(reads).toHaveBeenCalled();
    expect((await db.events.toArray()).map((row) => row.title)).toEqual(['a1', 'a2, renamed', 'a3', 'a4', 'a5', 'b1']);
  });

  it('finds a record stamped like the cursor but committed later, and skips the ones it already holds', async () => {
    const { db, server, engine } = syncHarness({ pageSize: 2 });
    server.nowMs = T2;
    server.write('events', { id: 'b1', title: 'b1' });
    await engine.request();
    let rewrites = 0;
    db.events.hook('updating', () => void (rewrites += 1));
    server.listed.length = 0;

    server.write('events', { id: 'b0', title: 'late commit, same stamp' });
    server.nowMs = T3;
    server.write('events', { id: 'c1', title: 'c1' });
    await engine.request();

    expect(eventIdsListed(server)).toEqual(['b0', 'b1', 'c1']);
    expect((await db.events.toArray()).map((row) => row.id).sort()).toEqual(['b0', 'b1', 'c1']);
    expect(rewrites).toBe(0);
  });

  it('finds a record committed late with a stamp a little before the cursor, and rewrites none it already holds', async () => {
    const { db, server, engine } = syncHarness({ pageSize: 2 });
    // Only the pull can bring it (the realtime channel is down).
    server.hangRealtime = true;
    server.nowMs = T2;
    server.write('events', { id: 'b1', title: 'b1' });
    server.write('events', { id: 'b2', title: 'b2' });
    await engine.request();
    let rewrites = 0;
    db.events.hook('updating', () => void (rewrites += 1));
    db.events.hook('creating', (id) => void (id !== 'late' && (rewrites += 1)));

    // Stamped when its transaction began, visible only once it committed: after the last pull.
    server.nowMs = T2 - 2000;
    server.write('events', { id: 'late', title: 'late commit, older stamp' });
    await engine.request();

    expect((await db.events.toArray()).map((row) => row.id).sort()).toEqual(['b1', 'b2', 'late']);
    expect(rewrites).toBe(0);
  });

  it('reads nothing again on the next pass when the records were made well before the previous pass read', async () => {
    const { db, server, engine } = syncHarness({ pageSize: 50 });
    // A library made in one go (within a second), pulled a minute later.
    for (let index = 0; index < 120; index += 1) {
      server.nowMs = T1 + index * 5;
      server.write('ai_use_cases', { id: `case${String(index).padStart(11, '0')}`, title: `Use case ${index}` });
    }
    server.nowMs = T1 + 60_000;
    await engine.request();
    expect(await db.aiUseCases.count()).toBe(120);
    const listed = () => server.listed.filter((call) => call.collection === 'ai_use_cases').flatMap((call) => call.ids);
    server.listed.length = 0;

    server.nowMs = T1 + 120_000;
    await engine.request();
    expect(listed()).toEqual([]);

    // A record made since is still read, and only it.
    server.write('ai_use_cases', { id: 'case99999999999', title: 'New use case' });
    server.nowMs += 1000;
    await engine.request();
    expect(listed()).toEqual(['case99999999999']);
  });

  it('still finds a record committed late after a pass that read soon after the cursor was stamped', async () => {
    const { db, server, engine } = syncHarness();
    server.hangRealtime = true;
    server.nowMs = T2;
    server.write('events', { id: 'b1', title: 'b1' });
    server.nowMs = T2 + 5000;
    await engine.request();

    // Stamped before the cursor and before that pass read, committed after it.
    server.nowMs = T2 - 20_000;
    server.write('events', { id: 'late', title: 'late commit, older stamp' });
    server.nowMs = T2 + 60_000;
    await engine.request();

    expect((await db.events.toArray()).map((row) => row.id).sort()).toEqual(['b1', 'late']);
  });

  it('reads a cursor saved by the previous version (a bare stamp)', async () => {
    const { db, server, engine } = syncHarness();
    server.nowMs = T1 - 3_600_000;
    server.write('events', { id: 'old', title: 'old' });
    server.nowMs = T3;
    server.write('events', { id: 'new', title: 'new' });
    await db.meta.put({ key: 'cursor:events', value: stampAt(T2) });

    await engine.request();

    expect(eventIdsListed(server)).toEqual(['new']);
    expect(JSON.parse((await db.meta.get('cursor:events'))?.value ?? '')).toEqual({ updated: stampAt(T3), id: 'new' });
  });

  it("takes only the user's own profile, attendee rows and tool records", async () => {
    const { db, server, engine } = syncHarness();
    server.write('users', { id: USER_ID, full_name: 'Me' });
    server.write('users', { id: 'someoneelse0001', full_name: 'Not me' });
    server.write('business_cases', { id: 'case00000000001', owner: USER_ID, title: 'Mine' });
    server.write('business_cases', { id: 'case00000000002', owner: 'someoneelse0001', title: 'Theirs' });
    server.write('attendees', { id: 'attendee0000001', user: USER_ID, full_name: 'Me' });

    await engine.request();

    expect((await db.profiles.toArray()).map((row) => row.full_name)).toEqual(['Me']);
    expect((await db.businessCases.toArray()).map((row) => row.title)).toEqual(['Mine']);
    expect(await db.attendees.count()).toBe(1);
  });

  it('carries on past a collection the server refuses (materials before the unlock)', async () => {
    const { db, server, engine, status } = syncHarness();
    server.forbidden.add('materials');
    server.write('events', { id: 'event0000000001', title: 'Masterclass' });
    server.write('ai_use_cases', { id: 'usecase00000001', title: 'Triage' });

    await engine.request();

    expect(await db.events.count()).toBe(1);
    expect(await db.aiUseCases.count()).toBe(1);
    expect(status.get().lastSyncedAt).not.toBeNull();
  });
});

describe('tombstones', () => {
  it('delete the local rows they name, pulled or announced live', async () => {
    const { db, server, engine } = syncHarness();
    await db.speakers.bulkPut([
      { id: 'speaker00000001', updated: stampAt(T1), name: 'Kept' },
      { id: 'speaker00000002', updated: stampAt(T1), name: 'Deleted offline' },
    ] as never);
    // The deletions happen after this device pulled its copies.
    server.nowMs = T2;
    server.write('speakers', { id: 'speaker00000001', name: 'Kept' });
    server.remove('speakers', 'speaker00000002');

    await engine.request();
    expect((await db.speakers.toArray()).map((row) => row.name)).toEqual(['Kept']);

    server.remove('speakers', 'speaker00000001');
    await expect.poll(() => db.speakers.count()).toBe(0);
  });

  it('leave a record re-created with the same id after the delete (a new device pulls both)', async () => {
    const { db, server, engine } = syncHarness();
    server.nowMs = T1;
    server.write('business_cases', { id: 'case00000000001', owner: USER_ID, title: 'First life' });
    server.nowMs = T2;
    server.remove('business_cases', 'case00000000001', USER_ID);
    server.nowMs = T3;
    server.write('business_cases', { id: 'case00000000001', owner: USER_ID, title: 'Second life' });

    await engine.request();

    expect(await db.businessCases.get('case00000000001')).toMatchObject({ title: 'Second life', updated: stampAt(T3) });
  });

  it('still delete a record updated in the same millisecond as its deletion', async () => {
    const { db, server, engine } = syncHarness();
    server.nowMs = T1;
    server.write('business_cases', { id: 'case00000000001', owner: USER_ID, title: 'Short-lived' });
    await engine.request();
    server.nowMs = T2;
    server.write('business_cases', { id: 'case00000000001', title: 'Edited' });
    server.table('business_cases').delete('case00000000001');
    server.write('tombstones', { id: 'tcase0000000001', collection: 'business_cases', record_id: 'case00000000001', owner: USER_ID });

    await engine.request();

    expect(await db.businessCases.count()).toBe(0);
  });

  it('asks for pages through the collection\'s own route, and tells it once a pass stored new or changed records', async () => {
    const { db, server, time } = syncHarness();
    const queries: PullQuery[] = [];
    const transport = { ...server.transport, list: (collection: string, query: PullQuery) => (queries.push(query), server.transport.list(collection, query)) };
    const afterStored = vi.fn();
    const ctx: SyncContext = { db, transport, userId: USER_ID, clock: time.clock, pageSize: 2, pullOverlapMs: PULL_OVERLAP_MS, afterStored: { events: afterStored } };
    const spec: SyncedCollectionSpec = { collection: 'events', table: 'events', pullRoute: '/api/own/events' };
    server.nowMs = T1;
    for (const id of ['a1', 'a2', 'a3']) server.write('events', { id, title: id });

    await pullCollection(ctx, spec);
    expect(queries.map((query) => query.route)).toEqual(['/api/own/events', '/api/own/events']);
    expect(afterStored).toHaveBeenCalledOnce();
    expect(afterStored).toHaveBeenCalledWith(db);

    // Read again in the overlap window, nothing new: nothing stored, nobody told.
    await pullCollection(ctx, spec);
    expect(afterStored).toHaveBeenCalledOnce();

    server.nowMs = T2;
    server.write('events', { id: 'a2', title: 'a2, renamed' });
    await pullCollection(ctx, spec);
    expect(afterStored).toHaveBeenCalledTimes(2);
  });

  it('stores a page and the cursor after it together: when the cursor cannot be written, neither is the page', async () => {
    const { db, server, time } = syncHarness();
    const ctx: SyncContext = { db, transport: server.transport, userId: USER_ID, clock: time.clock, pageSize: 2, pullOverlapMs: PULL_OVERLAP_MS };
    const spec: SyncedCollectionSpec = { collection: 'events', table: 'events' };
    server.nowMs = T1;
    for (const id of ['a1', 'a2', 'a3', 'a4']) server.write('events', { id, title: id });
    const failOnA4 = (value: unknown) => {
      if (typeof value === 'string' && value.includes('"a4"')) throw new Error('disk full');
    };
    db.meta.hook('creating', (_key, row) => failOnA4(row.value));
    db.meta.hook('updating', (changes) => failOnA4((changes as { value?: unknown }).value));

    await expect(pullCollection(ctx, spec)).rejects.toThrow('disk full');

    expect((await db.events.toArray()).map((row) => row.id)).toEqual(['a1', 'a2']);
    expect(JSON.parse((await db.meta.get('cursor:events'))?.value ?? '')).toEqual({ updated: stampAt(T1), id: 'a2' });
  });
});
