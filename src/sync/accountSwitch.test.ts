import { describe, expect, it } from 'vitest';
import { createSyncEngine } from './createSyncEngine';
import { queueChange } from './queueChange';
import { createSyncStatusStore } from './syncStatusStore';
import { syncHarness, USER_ID } from './testing/syncHarness';

const OTHER_ID = 'otheruser000001';

describe('another account signing in on the device', () => {
  it("leaves the first user's waiting edits waiting (not failed, not sent) and sends them when that user is back", async () => {
    const first = syncHarness();
    first.server.write('users', { id: USER_ID, full_name: 'Ada', company: 'Old Co' });
    first.server.write('users', { id: OTHER_ID, full_name: 'Bob', company: 'Bob Co' });
    await first.engine.request();
    first.network.set(false);
    await queueChange(first.db, { collection: 'users', recordId: USER_ID, op: 'update', patch: { company: 'Offline Co' } });
    await first.engine.stop();
    first.network.set(true);

    const secondStatus = createSyncStatusStore();
    const second = createSyncEngine({
      db: first.db, userId: OTHER_ID, transport: first.server.transport, clock: first.time.clock,
      connectivity: first.network.connectivity, status: secondStatus,
    });
    await second.request();
    await second.stop();

    expect(first.server.calls.filter((call) => call.startsWith('update'))).toEqual([]);
    expect(await first.db.outbox.toArray()).toEqual([
      expect.objectContaining({ owner: USER_ID, status: 'pending', attempts: 0 }),
    ]);
    expect(secondStatus.get()).toMatchObject({ pending: 0, failed: 0 });

    const againStatus = createSyncStatusStore();
    const again = createSyncEngine({
      db: first.db, userId: USER_ID, transport: first.server.transport, clock: first.time.clock,
      connectivity: first.network.connectivity, status: againStatus,
    });
    await again.request();
    await again.stop();

    expect(first.server.table('users').get(USER_ID)?.company).toBe('Offline Co');
    expect(await first.db.outbox.count()).toBe(0);
    expect(againStatus.get()).toMatchObject({ pending: 0, failed: 0 });
  });
});

describe('another account\'s engine starting on the device (a session replaced without a sign-out)', () => {
  it('claims it and pulls its own view of events, speakers and materials: none of the last account\'s drafts stay', async () => {
    const first = syncHarness();
    first.server.write('events', { id: 'eventdraft00001', title: 'Draft masterclass', published: false });
    first.server.write('materials', { id: 'materialsecret1', event: 'eventdraft00001', title: 'Secret slides' });
    first.server.write('events', { id: 'eventpublished1', title: 'The masterclass', published: true });
    await first.engine.request();
    await first.engine.stop();
    expect(await first.db.materials.count()).toBe(1);

    // The next account reads no draft and no draft's materials.
    const transport = {
      ...first.server.transport,
      changes: async (...args: Parameters<typeof first.server.transport.changes>) => {
        const answer = await first.server.transport.changes(...args);
        return 'records' in answer ? { ...answer, records: answer.records.filter((row) => row.published !== false && row.event !== 'eventdraft00001') } : answer;
      },
    };
    first.server.userId = OTHER_ID;
    const second = createSyncEngine({
      db: first.db, userId: OTHER_ID, transport, clock: first.time.clock, connectivity: first.network.connectivity, status: createSyncStatusStore(),
    });
    await second.request();
    await second.stop();

    expect(await first.db.events.toCollection().primaryKeys()).toEqual(['eventpublished1']);
    expect(await first.db.materials.count()).toBe(0);
  });
});
