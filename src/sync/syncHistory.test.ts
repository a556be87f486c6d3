// The server's history on the device (docs/sync.md "After a restore"): each
// checkpoint is stored with the history it was taken in and sent back with it;
// a checkpoint stored without one is dropped once; after a backup is restored
// on the server the device refills from 0, ends equal to the server, keeps its
// unsent changes, and marks those whose rows are gone as failed with the
// reason; a plain restart costs nothing.
import { describe, expect, it } from 'vitest';
import type { MasterclassDb } from '@/db';
import { GONE_MESSAGE } from './applyGone';
import { pullCollection, readCheckpoint } from './pullCollection';
import { doorPulls, pullDoorCollection } from './pullDoor';
import { applyRealtimeChange } from './applyRealtimeChange';
import { queueChange } from './queueChange';
import type { SyncContext } from './syncContext';
import type { SyncedCollectionSpec } from './syncedCollections';
import type { FakeSyncServer } from './testing/fakeSyncServer';
import { syncHarness, USER_ID } from './testing/syncHarness';

const casesSpec: SyncedCollectionSpec = { collection: 'business_cases', table: 'businessCases', ownerField: 'owner' };

const id = (name: string) => name.padEnd(15, '0');

function context(harness: ReturnType<typeof syncHarness>): SyncContext {
  return { db: harness.db, transport: harness.server.transport, userId: USER_ID, clock: harness.time.clock, pageSize: 2 };
}

const pulls = (server: FakeSyncServer, collection = 'business_cases') => server.listed.filter((call) => call.collection === collection);

/** The server's business cases and the device's, as id → title. */
async function bothSides(db: MasterclassDb, server: FakeSyncServer) {
  const device = Object.fromEntries((await db.businessCases.toArray()).map((row) => [row.id, row.title]));
  const onServer = Object.fromEntries([...server.table('business_cases').values()].map((row) => [row.id, row.title]));
  return { device, onServer };
}

function write(server: FakeSyncServer, name: string, title = name) {
  server.write('business_cases', { id: id(name), owner: USER_ID, title, status: 'draft' });
}

describe('the server history with each checkpoint', () => {
  it('stores the history with the checkpoint and sends it back; a plain restart makes no refill', async () => {
    const harness = syncHarness({ pageSize: 2 });
    const { db, server, engine } = harness;
    for (const name of ['a', 'b', 'c']) write(server, name);
    await engine.request();
    expect(await db.meta.get('history:business_cases')).toEqual({ key: 'history:business_cases', value: server.history });
    const first = server.history;

    server.listed.length = 0;
    write(server, 'd');
    await engine.request();
    expect(pulls(server)).toEqual([{ collection: 'business_cases', after: 3, ids: [id('d')], gone: [], history: first }]);

    // The server starts again on the same data: the checkpoint stays good, only the history it names moves.
    server.restart();
    expect(server.history).not.toBe(first);
    write(server, 'e');
    server.listed.length = 0;
    await engine.request();
    expect(pulls(server)).toEqual([{ collection: 'business_cases', after: 4, ids: [id('e')], gone: [], history: first }]);
    expect((await db.meta.get('history:business_cases'))?.value).toBe(server.history);
    expect(await db.meta.get('refill:business_cases')).toBeUndefined();
  });

  it('drops once a checkpoint stored without a history (an earlier version): the collection refills, then pulls on as usual', async () => {
    const harness = syncHarness({ pageSize: 2 });
    const { db, server, engine } = harness;
    for (const name of ['a', 'b', 'c']) write(server, name);
    await engine.request();
    // As an earlier version left it: a checkpoint, no history, and a row the server no longer has.
    await db.meta.delete('history:business_cases');
    await db.businessCases.put({ id: id('ghost'), owner: USER_ID, title: 'Ghost', status: 'draft', updated: '', sync_seq: 2 } as never);

    server.listed.length = 0;
    await engine.request();
    expect(pulls(server).map(({ after, full, history }) => ({ after, full, history }))).toEqual([
      { after: 0, full: true, history: undefined }, { after: 2, full: true, history: server.history },
    ]);
    const { device, onServer } = await bothSides(db, server);
    expect(device).toEqual(onServer);

    server.listed.length = 0;
    await engine.request();
    expect(pulls(server).map(({ after, full }) => ({ after, full }))).toEqual([{ after: server.sequence, full: undefined }]);
  });

  it('after a restore: refills, ends equal to the server, keeps the unsent changes and marks those of gone rows failed with the reason', async () => {
    const harness = syncHarness({ pageSize: 2 });
    const { db, server, engine } = harness;
    for (const name of ['old1', 'old2']) write(server, name);
    await engine.request();
    const backup = server.backup();

    // Written after the backup and pulled by the device: lost by the restore.
    for (const name of ['after1', 'after2', 'after3']) write(server, name);
    write(server, 'old1', 'old1 renamed after the backup');
    await engine.request();
    const checkpoint = await readCheckpoint(db, 'business_cases');
    expect(checkpoint).toBe(server.sequence);

    // Unsent changes: an edit of a row the restore loses, one of a row it keeps, a new row never sent.
    await queueChange(db, { collection: 'business_cases', recordId: id('after1'), op: 'update', patch: { title: 'after1 edited' } });
    await queueChange(db, { collection: 'business_cases', recordId: id('old2'), op: 'update', patch: { title: 'old2 edited' } });
    const created = await queueChange(db, { collection: 'business_cases', op: 'create', patch: { owner: USER_ID, title: 'Made here', status: 'draft' } });

    // Each edit carries the versions it was made on, numbered in the history the device held.
    expect((await db.outbox.toArray()).filter((change) => change.op === 'update').map((change) => change.versions)).toEqual([
      { title: expect.any(Number) }, { title: expect.any(Number) },
    ]);

    server.restore(backup);
    // Writes after the restore reuse the numbers the device holds, and go past its checkpoint.
    for (const name of ['new1', 'new2', 'new3', 'new4', 'new5', 'new6']) write(server, name);
    expect(server.sequence).toBeGreaterThan(checkpoint!);

    server.listed.length = 0;
    await pullCollection(context(harness), casesSpec);
    expect(pulls(server)[0]).toMatchObject({ after: checkpoint, reset: true });
    expect(pulls(server).slice(1).every((call) => call.full === true)).toBe(true);

    const { device, onServer } = await bothSides(db, server);
    // Equal to the server, but for the rows with unsent changes: the gone one (failed) and the one made here.
    expect(device).toEqual({ ...onServer, [id('old2')]: 'old2 edited', [id('after1')]: 'after1 edited', [created]: 'Made here' });
    const outbox = Object.fromEntries((await db.outbox.toArray()).map((change) => [change.recordId, [change.op, change.status, change.error]]));
    expect(outbox).toEqual({
      [id('after1')]: ['update', 'failed', GONE_MESSAGE],
      [id('old2')]: ['update', 'pending', undefined],
      [created]: ['create', 'pending', undefined],
    });
    // Those numbers mean nothing in the restored history: the edits are checked by the values they were made from.
    expect((await db.outbox.toArray()).map((change) => change.versions)).toEqual([undefined, undefined, undefined]);

    // The next pass sends what is still to send; the device then equals the server but for the failed change.
    await engine.request();
    const after = await bothSides(db, server);
    expect(after.onServer[id('old2')]).toBe('old2 edited');
    expect(after.onServer[created]).toBe('Made here');
    expect(after.device).toEqual({ ...after.onServer, [id('after1')]: 'after1 edited' });
    expect((await db.outbox.toArray()).map((change) => [change.recordId, change.status])).toEqual([[id('after1'), 'failed']]);
  });

  it('after a restore: a version a realtime message brought past the checkpoint is judged with the history too, and leaves', async () => {
    const harness = syncHarness({ pageSize: 2 });
    const { db, server } = harness;
    for (const name of ['old1', 'old2']) write(server, name);
    await pullCollection(context(harness), casesSpec);
    const checkpoint = await readCheckpoint(db, 'business_cases');
    const backup = server.backup();
    // Written after the backup and shown at once by a live message: no pull moves the checkpoint past it.
    write(server, 'live1');
    await applyRealtimeChange(db, casesSpec, USER_ID, { action: 'create', record: server.table('business_cases').get(id('live1'))! });
    expect((await db.businessCases.get(id('live1')))?.title).toBe('live1');
    expect(await readCheckpoint(db, 'business_cases')).toBe(checkpoint);

    server.restore(backup);
    for (const name of ['new1', 'new2', 'new3']) write(server, name);
    server.listed.length = 0;
    await pullCollection(context(harness), casesSpec);
    expect(pulls(server)[0]).toMatchObject({ after: checkpoint, reset: true });
    const { device, onServer } = await bothSides(db, server);
    expect(device).toEqual(onServer);
    expect(await db.meta.get('seen:business_cases')).toBeUndefined();
  });

  it("a door device refills after a restore, and keeps a check-in still waiting", async () => {
    const harness = syncHarness();
    const { db, server } = harness;
    const ctx = { ...context(harness), administrator: true };
    const attendees = doorPulls.find((pull) => pull.table === 'doorAttendees')!;
    const checkIns = doorPulls.find((pull) => pull.table === 'checkIns')!;
    const attendee = (name: string) => server.write('attendees', { id: id(name), event: 'event0000000001', full_name: name, registration_status: 'confirmed' });
    attendee('ann');
    await pullDoorCollection(ctx, attendees);
    await pullDoorCollection(ctx, checkIns);
    expect((await db.meta.get('history:door:attendees'))?.value).toBe(server.history);
    const backup = server.backup();
    for (const name of ['bob', 'cat', 'dan']) attendee(name);
    await pullDoorCollection(ctx, attendees);
    // A check-in made at the door, not sent yet.
    await db.transaction('rw', db.checkIns, db.outbox, async () => {
      await db.checkIns.put({ id: id('checkin'), attendee: id('bob'), event: 'event0000000001', pending: 1 } as never);
      await db.outbox.add({ collection: 'check_ins', recordId: id('checkin'), op: 'create', patch: { id: id('checkin') }, createdAt: '', attempts: 0, nextAttemptAt: 0, status: 'pending' });
    });

    server.restore(backup);
    for (const name of ['eve', 'fay', 'gus', 'hal']) attendee(name);
    await pullDoorCollection(ctx, attendees);
    await pullDoorCollection(ctx, checkIns);
    expect((await db.doorAttendees.toCollection().primaryKeys()).sort()).toEqual([...server.table('attendees').keys()].sort());
    expect(await db.checkIns.get(id('checkin'))).toBeDefined();
    expect(await db.outbox.count()).toBe(1);
    expect(pulls(server, 'attendees').find((call) => call.reset)).toMatchObject({ after: 4, history: expect.any(String) });
  });
});
