import { describe, expect, it } from 'vitest';
import { discardChange } from './discardChange';
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
