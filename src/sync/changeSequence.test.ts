// The pull by the server's change sequence (DESIGN decision 18), driven
// through the real engine over the in-memory server: versions compared by
// sync_seq, deletes and lost rows as `gone`, a reset when the server forgot
// its tombstones, and writes that commit late.
import { describe, expect, it } from 'vitest';
import { GONE_MESSAGE } from './applyGone';
import { queueChange } from './queueChange';
import { FakeHttpError } from './testing/fakeSyncServer';
import { syncHarness, USER_ID } from './testing/syncHarness';

const T1 = Date.UTC(2025, 5, 1, 10);
const T2 = T1 + 1000;
const DAY_MS = 24 * 60 * 60_000;
const CASE_1 = 'case00000000001';
const CASE_2 = 'case00000000002';

const idsOf = (rows: { id: string }[]) => rows.map((row) => row.id).sort();

describe('versions', () => {
  it("takes an administrator's save stamped in the same millisecond as the device's own push", async () => {
    const { db, server, engine } = syncHarness();
    // Only the pull can bring it (no live channel).
    server.hangRealtime = true;
    server.nowMs = T1;
    server.write('users', { id: USER_ID, full_name: 'Ada', company: 'Old Co', job_title: 'Analyst' });
    await engine.request();
    await queueChange(db, { collection: 'users', recordId: USER_ID, op: 'update', patch: { company: 'New Co' } });
    await engine.request();

    // The same millisecond on the server's clock: the same `updated`, a later version.
    server.write('users', { id: USER_ID, job_title: 'Director' });
    await engine.request();

    expect(await db.profiles.get(USER_ID)).toMatchObject({ company: 'New Co', job_title: 'Director' });
  });

  it('finds a write stamped long before it committed, with no window to read again', async () => {
    const { db, server, engine } = syncHarness();
    server.hangRealtime = true;
    // Its transaction began (and stamped it) a minute before the device's next pull, and committed after it.
    server.nowMs = T2 - 60_000;
    const late = server.beginWrite('events', { id: 'late', title: 'Late commit' });
    server.nowMs = T2;
    server.write('events', { id: 'b1', title: 'b1' });
    server.nowMs = T2 + 5000;
    await engine.request();
    late.commit();
    server.nowMs = T2 + 120_000;

    await engine.request();

    expect(idsOf(await db.events.toArray())).toEqual(['b1', 'late']);
  });
});

describe('gone', () => {
  it('deletes the rows the server deleted', async () => {
    const { db, server, engine } = syncHarness();
    server.hangRealtime = true;
    server.write('business_cases', { id: CASE_1, owner: USER_ID, title: 'Deleted elsewhere' });
    server.write('business_cases', { id: CASE_2, owner: USER_ID, title: 'Kept' });
    await engine.request();

    server.remove('business_cases', CASE_1, USER_ID);
    await engine.request();

    expect(idsOf(await db.businessCases.toArray())).toEqual([CASE_2]);
  });

  it('deletes the rows no longer shared with the user (an event unpublished)', async () => {
    const { db, server, engine } = syncHarness();
    server.write('events', { id: 'event0000000001', title: 'Published' });
    server.write('events', { id: 'event0000000002', title: 'Unpublished later' });
    await engine.request();

    server.hide('events', 'event0000000002');
    await engine.request();

    expect(idsOf(await db.events.toArray())).toEqual(['event0000000001']);
  });

  it("keeps a gone row the user changed, the change marked failed with the reason, never silently lost", async () => {
    const { db, server, engine, status } = syncHarness();
    server.write('business_cases', { id: CASE_1, owner: USER_ID, title: 'Pilot' });
    await engine.request();
    // The server cannot take the edit now: it waits for its retry when the delete arrives.
    server.refuseWith.set('business_cases', new FakeHttpError(503, 'Service Unavailable'));
    await queueChange(db, { collection: 'business_cases', recordId: CASE_1, op: 'update', patch: { title: 'Pilot, edited offline' } });
    server.remove('business_cases', CASE_1, USER_ID);

    await engine.request();

    expect(await db.businessCases.get(CASE_1)).toMatchObject({ title: 'Pilot, edited offline' });
    expect(await db.outbox.toArray()).toEqual([expect.objectContaining({ recordId: CASE_1, status: 'failed', error: GONE_MESSAGE })]);
    expect(status.get()).toMatchObject({ pending: 0, failed: 1 });
  });

  it('settles a waiting delete of a row the server deleted too', async () => {
    const { db, server, engine } = syncHarness();
    server.write('business_cases', { id: CASE_1, owner: USER_ID, title: 'Pilot' });
    await engine.request();
    server.refuseWith.set('business_cases', new FakeHttpError(503, 'Service Unavailable'));
    await queueChange(db, { collection: 'business_cases', recordId: CASE_1, op: 'delete' });
    server.remove('business_cases', CASE_1, USER_ID);

    await engine.request();

    expect(await db.businessCases.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('a reset (the server forgot the tombstones after the device last pulled)', () => {
  it('pulls everything again and drops what it did not receive, keeping rows with unsent changes', async () => {
    const { db, server, engine, time } = syncHarness();
    // Away: nothing arrives live.
    server.hangRealtime = true;
    server.write('speakers', { id: 'speaker00000001', name: 'Deleted while away' });
    server.write('speakers', { id: 'speaker00000002', name: 'Still here' });
    server.write('business_cases', { id: CASE_1, owner: USER_ID, title: 'Deleted while away' });
    server.write('business_cases', { id: CASE_2, owner: USER_ID, title: 'Pilot' });
    await engine.request();
    // A day away: deleted meanwhile, tombstones pruned since (a short retention).
    server.remove('speakers', 'speaker00000001');
    server.remove('business_cases', CASE_1, USER_ID);
    server.remove('business_cases', CASE_2, USER_ID);
    server.pruneTombstones();
    time.advance(DAY_MS);
    // Changes the server cannot take yet: an edit of a row deleted there, and a new row.
    server.refuseWith.set('business_cases', new FakeHttpError(503, 'Service Unavailable'));
    await queueChange(db, { collection: 'business_cases', recordId: CASE_2, op: 'update', patch: { title: 'Pilot, edited offline' } });
    const made = await queueChange(db, { collection: 'business_cases', op: 'create', patch: { owner: USER_ID, title: 'New offline' } });

    await engine.request();

    expect(idsOf(await db.speakers.toArray())).toEqual(['speaker00000002']);
    expect(idsOf(await db.businessCases.toArray())).toEqual([CASE_2, made].sort());
    expect((await db.businessCases.get(CASE_2))?.title).toBe('Pilot, edited offline');
    expect(await db.outbox.count()).toBe(2);
  });
});

describe('a device upgraded from the clock cursors', () => {
  it('pulls a table holding rows but no checkpoint like a reset, keeping rows with waiting changes', async () => {
    const { db, server, engine } = syncHarness();
    server.write('events', { id: 'event0000000001', title: 'Masterclass' });
    // What the previous version stored: rows, a cursor, and a change waiting.
    await db.events.bulkPut([
      { id: 'event0000000001', updated: '2025-05-01 00:00:00.000Z', title: 'Masterclass' },
      { id: 'event0000000009', updated: '2025-05-01 00:00:00.000Z', title: 'Deleted, tombstone long pruned' },
    ] as never);
    await db.meta.put({ key: 'cursor:events', value: JSON.stringify({ updated: '2025-05-01 00:00:00.000Z', id: 'event0000000009' }) });
    await db.businessCases.put({ id: CASE_1, updated: '', owner: USER_ID, title: 'Offline draft' } as never);
    server.refuseWith.set('business_cases', new FakeHttpError(503, 'Service Unavailable'));
    await queueChange(db, { collection: 'business_cases', recordId: CASE_1, op: 'update', patch: { title: 'Offline draft, edited' } });

    await engine.request();

    expect(idsOf(await db.events.toArray())).toEqual(['event0000000001']);
    expect((await db.businessCases.get(CASE_1))?.title).toBe('Offline draft, edited');
    expect(await db.outbox.count()).toBe(1);
  });
});
