import { describe, expect, it } from 'vitest';
import { queueChange } from './queueChange';
import { keepMine, takeServers } from './resolveConflict';
import { stampAt, type FakeSyncServer } from './testing/fakeSyncServer';
import { syncHarness, USER_ID } from './testing/syncHarness';

async function syncedProfile() {
  const harness = syncHarness();
  harness.server.write('users', { id: USER_ID, full_name: 'Ada', company: 'Old Co', job_title: 'Analyst' });
  await harness.engine.request();
  return harness;
}

/** An administrator's edit the offline device hears nothing about (no realtime event reaches it). */
function adminEdits(server: FakeSyncServer, fields: Record<string, unknown>) {
  server.nowMs += 1000;
  const table = server.table('users');
  table.set(USER_ID, { ...table.get(USER_ID), ...fields, id: USER_ID, updated: stampAt(server.nowMs) });
}

const profileEdit = (patch: Record<string, unknown>, base?: Record<string, unknown>) =>
  ({ collection: 'users' as const, recordId: USER_ID, op: 'update' as const, patch, ...(base ? { base } : {}) });

describe('edits made on both sides', () => {
  it('sends each update with the values it was edited from; a later edit of the same field builds on the earlier one', async () => {
    const { db, server, engine, network } = await syncedProfile();
    network.set(false);

    await queueChange(db, profileEdit({ job_title: 'Lead' }));
    await queueChange(db, profileEdit({ job_title: 'Head of AI', company: 'New Co' }));
    expect((await db.outbox.toArray()).map((change) => change.base)).toEqual([
      { job_title: 'Analyst' }, { job_title: 'Lead', company: 'Old Co' },
    ]);

    network.set(true);
    await engine.whenIdle();
    expect(server.baseSeen).toEqual([{ job_title: 'Analyst' }, { job_title: 'Lead', company: 'Old Co' }]);
    expect(server.table('users').get(USER_ID)).toMatchObject({ job_title: 'Head of AI', company: 'New Co' });
    expect(await db.outbox.count()).toBe(0);
  });

  it('takes the base given by the caller (the values a form opened with) over the row', async () => {
    const { db } = await syncedProfile();
    await db.profiles.update(USER_ID, { job_title: 'Pulled meanwhile' });

    await queueChange(db, profileEdit({ job_title: 'Typed' }, { job_title: 'Analyst' }));

    expect((await db.outbox.toArray())[0]?.base).toEqual({ job_title: 'Analyst' });
  });

  it('marks a field changed on the server meanwhile as a conflict, writes nothing, and keeps the change for the user', async () => {
    const { db, server, engine, status, network } = await syncedProfile();
    network.set(false);
    adminEdits(server, { job_title: 'Director' });
    await queueChange(db, profileEdit({ job_title: 'Head of AI' }));

    network.set(true);
    await engine.whenIdle();

    expect(server.table('users').get(USER_ID)?.job_title).toBe('Director');
    expect(await db.outbox.toArray()).toEqual([expect.objectContaining({
      status: 'failed', conflict: ['job_title'], patch: { job_title: 'Head of AI' },
      error: 'Changed on the server since you edited it',
    })]);
    expect(status.get()).toMatchObject({ failed: 1, pending: 0 });
    // The row shows the server's version until the user decides.
    expect((await db.profiles.get(USER_ID))?.job_title).toBe('Director');
  });

  it("Keep mine sends the change again without its base: the server takes the user's value", async () => {
    const { db, server, engine, network } = await syncedProfile();
    network.set(false);
    adminEdits(server, { job_title: 'Director' });
    await queueChange(db, profileEdit({ job_title: 'Head of AI' }));
    network.set(true);
    await engine.whenIdle();
    const [change] = await db.outbox.toArray();

    await keepMine(db, change?.seq ?? -1);
    expect((await db.profiles.get(USER_ID))?.job_title).toBe('Head of AI');
    await engine.request();

    expect(server.table('users').get(USER_ID)?.job_title).toBe('Head of AI');
    expect(server.baseSeen.at(-1)).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
    expect((await db.profiles.get(USER_ID))?.job_title).toBe('Head of AI');
  });

  it("Use the server's drops the change and brings the server's value back, other waiting edits kept on top", async () => {
    const { db, server, engine, network } = await syncedProfile();
    network.set(false);
    adminEdits(server, { job_title: 'Director' });
    await queueChange(db, profileEdit({ job_title: 'Head of AI' }));
    network.set(true);
    await engine.whenIdle();
    network.set(false);
    await queueChange(db, profileEdit({ full_name: 'Ada L.' }));
    const conflicted = (await db.outbox.toArray()).find((change) => change.conflict);
    // The row still shows the user's value (no pull since the refusal).
    await db.profiles.update(USER_ID, { job_title: 'Head of AI' });

    await takeServers(db, conflicted?.seq ?? -1);
    network.set(true);
    await engine.whenIdle();

    expect(server.table('users').get(USER_ID)).toMatchObject({ job_title: 'Director', full_name: 'Ada L.' });
    expect(await db.profiles.get(USER_ID)).toMatchObject({ job_title: 'Director', full_name: 'Ada L.' });
    expect(await db.outbox.count()).toBe(0);
  });

  it('merges fields changed on one side only, and both sides end identical', async () => {
    const { db, server, engine, network } = await syncedProfile();
    network.set(false);
    adminEdits(server, { company: 'Server Co' });
    await queueChange(db, profileEdit({ job_title: 'Head of AI' }));

    network.set(true);
    await engine.whenIdle();

    const onServer = server.table('users').get(USER_ID) ?? {};
    expect(onServer).toMatchObject({ company: 'Server Co', job_title: 'Head of AI' });
    expect(await db.profiles.get(USER_ID)).toMatchObject(onServer);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a new edit of the conflicting field replaces the old change, so Keep mine can never bring the older value back', async () => {
    const { db, server, engine, network } = await syncedProfile();
    network.set(false);
    adminEdits(server, { job_title: 'Director' });
    await queueChange(db, profileEdit({ job_title: 'Head of AI', company: 'New Co' }));
    network.set(true);
    await engine.whenIdle();
    expect((await db.outbox.toArray())[0]).toMatchObject({ status: 'failed', conflict: ['job_title'] });

    // Seeing the server's value, the user types a new job title.
    await queueChange(db, profileEdit({ job_title: 'Chief AI Officer' }));
    expect(await db.outbox.toArray()).toEqual([
      expect.objectContaining({ status: 'pending', patch: { company: 'New Co' }, base: { company: 'Old Co' } }),
      expect.objectContaining({ status: 'pending', patch: { job_title: 'Chief AI Officer' }, base: { job_title: 'Director' } }),
    ]);
    expect((await db.outbox.toArray())[0]?.conflict).toBeUndefined();
    await engine.request();

    expect(server.table('users').get(USER_ID)).toMatchObject({ job_title: 'Chief AI Officer', company: 'New Co' });
    expect(await db.outbox.count()).toBe(0);
  });

  it('sends no base with a create', async () => {
    const { db, server, engine } = await syncedProfile();
    await queueChange(db, { collection: 'business_cases', op: 'create', patch: { owner: USER_ID, title: 'Case' } });
    await engine.request();
    expect((await db.outbox.toArray())).toEqual([]);
    expect(server.baseSeen).toEqual([]);
  });
});
