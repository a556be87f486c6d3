import { describe, expect, it } from 'vitest';
import { discardChange } from './discardChange';
import { FakeHttpError } from './testing/fakeSyncServer';
import { queueChange } from './queueChange';
import { retryChange } from './retryChange';
import { syncHarness, USER_ID } from './testing/syncHarness';

async function withRefusedProfileEdit() {
  const harness = syncHarness();
  harness.server.write('users', { id: USER_ID, full_name: 'Ada', company: 'Old Co' });
  await harness.engine.request();
  harness.server.refuse.add('users');
  await queueChange(harness.db, { collection: 'users', recordId: USER_ID, op: 'update', patch: { company: 'Refused Co' } });
  await harness.engine.request();
  const [failed] = await harness.db.outbox.toArray();
  return { ...harness, seq: failed?.seq ?? -1 };
}

describe('a failed change', () => {
  it('is sent again on Retry, and done once the server takes it', async () => {
    const { db, server, engine, status, seq } = await withRefusedProfileEdit();
    expect(status.get()).toMatchObject({ failed: 1, pending: 0 });
    server.refuse.delete('users');

    await retryChange(db, seq);
    await engine.request();

    expect(server.table('users').get(USER_ID)?.company).toBe('Refused Co');
    expect(await db.outbox.count()).toBe(0);
    expect(status.get()).toMatchObject({ failed: 0, pending: 0 });
  });

  it('is dropped on Discard, and the record goes back to the server version', async () => {
    const { db, server, engine, status, seq } = await withRefusedProfileEdit();
    expect((await db.profiles.get(USER_ID))?.company).toBe('Refused Co');

    await discardChange(db, seq);
    await engine.request();

    expect(await db.outbox.count()).toBe(0);
    expect((await db.profiles.get(USER_ID))?.company).toBe('Old Co');
    expect(server.table('users').get(USER_ID)?.company).toBe('Old Co');
    expect(status.get()).toMatchObject({ failed: 0, pending: 0 });
  });
});

describe('a change over the account\'s limits', () => {
  // The server's answer when the account's workshop tools are full (pb_hooks/lib/tools/owner-quota.js).
  const QUOTA = 'Not saved: all your workshop tools together can hold 5 MB, and this would make it 5121 KB. Delete saved use cases or business cases you no longer need, then try again.';

  it('made offline, ends as a failed change with the server\'s reason, and the edit stays on the device until Retry or Discard', async () => {
    const harness = syncHarness();
    const { db, server, engine, status } = harness;
    await engine.request();
    server.refuseWith.set('saved_use_cases', new FakeHttpError(400, QUOTA));
    const id = await queueChange(db, { collection: 'saved_use_cases', op: 'create', patch: { owner: USER_ID, title: 'A big draft', generated: { description: 'Long' } } });
    await engine.request();

    const [failed] = await db.outbox.toArray();
    expect(failed).toMatchObject({ status: 'failed', recordId: id, error: QUOTA });
    expect(status.get()).toMatchObject({ failed: 1, pending: 0 });
    expect((await db.savedUseCases.get(id))?.title).toBe('A big draft');
    expect(server.table('saved_use_cases').has(id)).toBe(false);

    // room was made elsewhere: Retry sends it again
    server.refuseWith.delete('saved_use_cases');
    await retryChange(db, failed!.seq!);
    await engine.request();
    expect(server.table('saved_use_cases').get(id)?.title).toBe('A big draft');
    expect(status.get()).toMatchObject({ failed: 0, pending: 0 });
  });
});
