import { describe, expect, it, vi } from 'vitest';
import { pullCollection, readCheckpoint } from './pullCollection';
import type { SyncContext } from './syncContext';
import type { SyncedCollectionSpec } from './syncedCollections';
import { FakeHttpError } from './testing/fakeSyncServer';
import { syncHarness, USER_ID } from './testing/syncHarness';
import type { ChangesQuery } from './transport';

const eventsSpec: SyncedCollectionSpec = { collection: 'events', table: 'events' };

function pulled(server: ReturnType<typeof syncHarness>['server'], collection = 'events') {
  return server.listed.filter((call) => call.collection === collection);
}

function context(harness: ReturnType<typeof syncHarness>, fields: Partial<SyncContext> = {}): SyncContext {
  return { db: harness.db, transport: harness.server.transport, userId: USER_ID, clock: harness.time.clock, pageSize: 2, ...fields };
}

describe('pull by checkpoint', () => {
  it('reads every record once across pages, and keeps the checkpoint the last page gave', async () => {
    const harness = syncHarness({ pageSize: 2 });
    const { db, server, engine } = harness;
    for (const id of ['a1', 'a2', 'a3', 'a4', 'a5']) server.write('events', { id, title: id });

    await engine.request();

    expect(pulled(server).flatMap((call) => call.ids)).toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
    expect(pulled(server).map((call) => call.after)).toEqual([0, 2, 4]);
    expect((await db.events.toArray()).map((row) => row.id)).toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
    // The last page's checkpoint is the server's counter then (so quiet collections move forward too).
    expect(await readCheckpoint(db, 'events')).toBe(server.sequence);
  });

  it('reads nothing again on the next pass, then only what changed since', async () => {
    const { db, server, engine } = syncHarness({ pageSize: 50 });
    for (let index = 0; index < 120; index += 1) server.write('ai_use_cases', { id: `case${String(index).padStart(11, '0')}`, title: `Use case ${index}` });
    await engine.request();
    expect(await db.aiUseCases.count()).toBe(120);
    server.listed.length = 0;

    await engine.request();
    expect(pulled(server, 'ai_use_cases').flatMap((call) => call.ids)).toEqual([]);

    server.write('ai_use_cases', { id: 'case00000000007', title: 'Renamed' });
    server.write('ai_use_cases', { id: 'case99999999999', title: 'New use case' });
    await engine.request();
    expect(pulled(server, 'ai_use_cases').flatMap((call) => call.ids)).toEqual(['case00000000007', 'case99999999999']);
    expect((await db.aiUseCases.get('case00000000007'))?.title).toBe('Renamed');
  });

  it('fills an empty table without reading it back, and reads the held rows again once a page finds one', async () => {
    const { db, server, engine } = syncHarness({ pageSize: 2 });
    for (const id of ['a1', 'a2', 'a3', 'a4', 'a5']) server.write('events', { id, title: id });
    const reads = vi.spyOn(db.events, 'bulkGet');

    await engine.request();
    expect(await db.events.count()).toBe(5);
    expect(reads).not.toHaveBeenCalled();

    server.write('events', { id: 'a2', title: 'a2, renamed' });
    server.write('events', { id: 'b1', title: 'b1' });
    await engine.request();
    expect(reads).toHaveBeenCalled();
    expect((await db.events.toArray()).map((row) => row.title)).toEqual(['a1', 'a2, renamed', 'a3', 'a4', 'a5', 'b1']);
  });

  it("asks for the user's own rows of owner-scoped collections, and takes only those", async () => {
    const harness = syncHarness();
    const { db, server, engine } = harness;
    const queries: [string, ChangesQuery][] = [];
    const changes = server.transport.changes;
    server.transport.changes = (collection, query, signal) => (queries.push([collection, query]), changes(collection, query, signal));
    server.write('users', { id: USER_ID, full_name: 'Me' });
    server.write('users', { id: 'someoneelse0001', full_name: 'Not me' });
    server.write('business_cases', { id: 'case00000000001', owner: USER_ID, title: 'Mine' });
    server.write('business_cases', { id: 'case00000000002', owner: 'someoneelse0001', title: 'Theirs' });
    server.write('attendees', { id: 'attendee0000001', user: USER_ID, full_name: 'Me' });

    await engine.request();

    expect(Object.fromEntries(queries.map(([collection, query]) => [collection, query.owner]))).toEqual({
      events: false, speakers: false, materials: false, ai_use_cases: false,
      users: true, attendees: true, readiness_assessments: true, business_cases: true, saved_use_cases: true,
    });
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
    expect(await readCheckpoint(db, 'materials')).toBeNull();
    expect(status.get().lastSyncedAt).not.toBeNull();
  });

  it('keeps a record re-created with the same id after its delete (a new device pulls both)', async () => {
    const { db, server, engine } = syncHarness();
    server.write('business_cases', { id: 'case00000000001', owner: USER_ID, title: 'First life' });
    server.remove('business_cases', 'case00000000001', USER_ID);
    server.write('business_cases', { id: 'case00000000001', owner: USER_ID, title: 'Second life' });

    await engine.request();

    expect(await db.businessCases.get('case00000000001')).toMatchObject({ title: 'Second life' });
  });

  it('tells the app once a pull stored new, changed or deleted records, and not when nothing changed', async () => {
    const harness = syncHarness();
    const afterStored = vi.fn();
    const ctx = context(harness, { afterStored: { events: afterStored } });
    for (const id of ['a1', 'a2', 'a3']) harness.server.write('events', { id, title: id });

    await pullCollection(ctx, eventsSpec);
    expect(afterStored).toHaveBeenCalledOnce();
    expect(afterStored).toHaveBeenCalledWith(harness.db);

    await pullCollection(ctx, eventsSpec);
    expect(afterStored).toHaveBeenCalledOnce();

    harness.server.write('events', { id: 'a2', title: 'a2, renamed' });
    await pullCollection(ctx, eventsSpec);
    expect(afterStored).toHaveBeenCalledTimes(2);

    harness.server.remove('events', 'a3');
    await pullCollection(ctx, eventsSpec);
    expect(afterStored).toHaveBeenCalledTimes(3);
  });

  it('stores a page and the checkpoint after it together: when the checkpoint cannot be written, neither is the page', async () => {
    const harness = syncHarness();
    const { db, server } = harness;
    for (const id of ['a1', 'a2', 'a3', 'a4']) server.write('events', { id, title: id });
    const failOnSecondPage = (key: unknown, value: unknown) => {
      if (key === 'checkpoint:events' && value === String(server.sequence)) throw new Error('disk full');
    };
    db.meta.hook('creating', (key, row) => failOnSecondPage(key, row.value));
    db.meta.hook('updating', (changes, key) => failOnSecondPage(key, (changes as { value?: unknown }).value));

    await expect(pullCollection(context(harness), eventsSpec)).rejects.toThrow('disk full');

    expect((await db.events.toArray()).map((row) => row.id)).toEqual(['a1', 'a2']);
    expect(await readCheckpoint(db, 'events')).toBe(2);
  });
});

describe('a refill (pulled from the start to replace the copy)', () => {
  it('follows the server\'s reset: pulls from 0, every page saying so, then drops what it did not receive', async () => {
    const { db, server, engine } = syncHarness({ pageSize: 2 });
    server.hangRealtime = true;
    for (const id of ['a1', 'a2', 'a3', 'a4', 'a5']) server.write('events', { id, title: id });
    await engine.request();
    server.write('events', { id: 'a6', title: 'a6' });
    await engine.request();
    const checkpoint = server.sequence;
    server.remove('events', 'a2');
    server.pruneTombstones();
    server.listed.length = 0;

    await engine.request();

    // The pages of the pull from 0 are below the horizon too: they say they belong to a full pull.
    expect(pulled(server).map(({ after, reset, full }) => ({ after, reset, full }))).toEqual([
      { after: checkpoint, reset: true, full: undefined },
      { after: 0, reset: undefined, full: true }, { after: 3, reset: undefined, full: true }, { after: 5, reset: undefined, full: true },
    ]);
    expect((await db.events.toArray()).map((row) => row.id)).toEqual(['a1', 'a3', 'a4', 'a5', 'a6']);
    expect(await db.meta.get('refill:events')).toBeUndefined();
  });

  it('cut off midway, starts again from 0 on the next pass and still drops what the server no longer has', async () => {
    const { db, server, engine } = syncHarness({ pageSize: 2 });
    server.hangRealtime = true;
    for (const id of ['a1', 'a2', 'a3', 'a4', 'a5']) server.write('events', { id, title: id });
    await engine.request();
    server.remove('events', 'a5');
    server.pruneTombstones();
    // The network drops after the refill's first page (the reset answer, then one page).
    let pages = 0;
    server.onCall = (call) => {
      if (call === 'list events' && (pages += 1) >= 3) throw new FakeHttpError(0, 'Network error');
    };

    await engine.request();
    expect(await db.events.count()).toBe(5);
    expect(await db.meta.get('refill:events')).toBeDefined();
    server.onCall = null;
    server.listed.length = 0;

    await engine.request();

    expect(pulled(server)[0]?.after).toBe(0);
    expect((await db.events.toArray()).map((row) => row.id)).toEqual(['a1', 'a2', 'a3', 'a4']);
    expect(await db.meta.get('refill:events')).toBeUndefined();
  });

  it('after a discarded change (the checkpoint dropped) brings the server\'s rows back and drops the rest', async () => {
    const harness = syncHarness();
    const { db, server } = harness;
    server.write('events', { id: 'a1', title: 'a1' });
    await pullCollection(context(harness), eventsSpec);
    await db.events.put({ id: 'a1', updated: '', title: 'shown, not the server\'s' });
    await db.events.put({ id: 'zz', updated: '', title: 'never on the server' });
    await db.meta.delete('checkpoint:events');

    await pullCollection(context(harness), eventsSpec);

    expect(await db.events.toArray()).toEqual([expect.objectContaining({ id: 'a1', title: 'a1' })]);
  });
});
