import { describe, expect, it } from 'vitest';
import { queueChange } from './queueChange';
import { syncHarness, USER_ID } from './testing/syncHarness';

describe('push', () => {
  it('treats a replayed create whose id the server already holds as done', async () => {
    const { db, server, time, engine, status } = syncHarness();
    const id = await queueChange(db, { collection: 'saved_use_cases', op: 'create', patch: { owner: USER_ID, title: 'Triage bot' } });
    server.loseNextCreateAnswer = true;

    await engine.request();
    expect(status.get().pending).toBe(1);
    expect(server.table('saved_use_cases').has(id)).toBe(true);

    time.advance(time.nextTimerIn() ?? 0);
    await engine.whenIdle();

    expect(server.table('saved_use_cases').size).toBe(1);
    expect(await db.outbox.count()).toBe(0);
    expect(status.get()).toMatchObject({ pending: 0, failed: 0 });
    expect((await db.savedUseCases.get(id))?.updated).toBe(server.table('saved_use_cases').get(id)?.updated);
  });

  it('marks a refused change failed, keeps it, and pushes the rest of the queue', async () => {
    const { db, server, engine, status } = syncHarness();
    server.write('users', { id: USER_ID, full_name: 'Before' });
    await engine.request();
    server.refuse.add('business_cases');

    await queueChange(db, { collection: 'business_cases', op: 'create', patch: { owner: USER_ID, title: 'Refused' } });
    await queueChange(db, { collection: 'users', recordId: USER_ID, op: 'update', patch: { full_name: 'After' } });
    await engine.request();

    expect(status.get()).toMatchObject({ pending: 0, failed: 1 });
    const [failed] = await db.outbox.toArray();
    expect(failed).toMatchObject({ collection: 'business_cases', status: 'failed', attempts: 1, error: 'Failed to create record.' });
    expect(server.table('users').get(USER_ID)?.full_name).toBe('After');
    expect(await db.businessCases.count()).toBe(1);
  });

  it('sends patches, not whole records, oldest first', async () => {
    const { db, server, engine } = syncHarness();
    server.write('users', { id: USER_ID, full_name: 'Name', company: 'Co' });
    await engine.request();
    server.calls.length = 0;

    const id = await queueChange(db, { collection: 'business_cases', op: 'create', patch: { owner: USER_ID, title: 'Draft', status: 'draft' } });
    await queueChange(db, { collection: 'business_cases', recordId: id, op: 'update', patch: { status: 'ready' } });
    await queueChange(db, { collection: 'business_cases', recordId: id, op: 'delete' });
    await engine.request();

    expect(server.calls.filter((call) => /^(create|update|delete)/.test(call))).toEqual([
      `create business_cases ${id}`, `update business_cases ${id} {"status":"ready"}`, `delete business_cases ${id}`,
    ]);
    expect(await db.businessCases.count()).toBe(0);
  });

  it('keeps a delete answered 404 because the session expired mid-pass, and pauses for sign-in', async () => {
    const { db, server, engine, status } = syncHarness();
    server.write('business_cases', { id: 'case00000000001', owner: USER_ID, title: 'Keep me' });
    await engine.request();
    await queueChange(db, { collection: 'business_cases', recordId: 'case00000000001', op: 'delete' });
    // The session check at the start of the pass succeeds; the token expires just before the delete.
    server.onCall = (call) => {
      if (call.startsWith('delete')) server.sessionValid = false;
    };

    await engine.request();

    expect(server.table('business_cases').has('case00000000001')).toBe(true);
    expect(await db.outbox.toArray()).toEqual([expect.objectContaining({ op: 'delete', status: 'pending' })]);
    expect(status.get()).toMatchObject({ paused: 'signin', pending: 1 });
  });

  it('counts a delete answered 404 with a valid session as done (the record is already gone)', async () => {
    const { db, server, engine, status } = syncHarness();
    server.write('business_cases', { id: 'case00000000001', owner: USER_ID, title: 'Gone' });
    await engine.request();
    await queueChange(db, { collection: 'business_cases', recordId: 'case00000000001', op: 'delete' });
    server.table('business_cases').delete('case00000000001');

    await engine.request();

    expect(await db.outbox.count()).toBe(0);
    expect(status.get()).toMatchObject({ paused: null, pending: 0, failed: 0 });
  });
});
