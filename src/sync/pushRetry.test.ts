import { describe, expect, it } from 'vitest';
import { queueChange } from './queueChange';
import { FakeHttpError } from './testing/fakeSyncServer';
import { syncHarness, USER_ID } from './testing/syncHarness';

const CASE_ID = 'case00000000001';

async function withCaseAndProfile() {
  const harness = syncHarness();
  harness.server.write('users', { id: USER_ID, full_name: 'Ada', company: 'Old Co' });
  harness.server.write('business_cases', { id: CASE_ID, owner: USER_ID, title: 'Case' });
  await harness.engine.request();
  return harness;
}

function failUpdatesOf(server: ReturnType<typeof syncHarness>['server'], collection: string, status = 500) {
  server.onCall = (call) => {
    if (call.startsWith(`update ${collection} `)) throw new FakeHttpError(status, 'Something went wrong.');
  };
}

describe('a change the server answers 5xx', () => {
  it('does not block the changes of other records behind it, nor the pull', async () => {
    const { db, server, engine, status } = await withCaseAndProfile();
    failUpdatesOf(server, 'business_cases');
    await queueChange(db, { collection: 'business_cases', recordId: CASE_ID, op: 'update', patch: { title: 'Stuck' } });
    await queueChange(db, { collection: 'users', recordId: USER_ID, op: 'update', patch: { company: 'New Co' } });
    server.write('speakers', { id: 'speaker00000001', name: 'Pulled anyway' });

    await engine.request();

    expect(server.table('users').get(USER_ID)?.company).toBe('New Co');
    expect((await db.speakers.get('speaker00000001'))?.name).toBe('Pulled anyway');
    expect(status.get()).toMatchObject({ pending: 1, failed: 0, paused: null });
    expect(await db.outbox.toArray()).toEqual([
      expect.objectContaining({ collection: 'business_cases', status: 'pending', attempts: 1, error: 'Something went wrong.' }),
    ]);
  });

  it('keeps later changes of the same record waiting behind it, and sends both in order when its time comes', async () => {
    const { db, server, time, engine } = await withCaseAndProfile();
    failUpdatesOf(server, 'business_cases');
    await queueChange(db, { collection: 'business_cases', recordId: CASE_ID, op: 'update', patch: { title: 'First' } });
    await queueChange(db, { collection: 'business_cases', recordId: CASE_ID, op: 'update', patch: { status: 'ready' } });
    server.calls.length = 0;

    await engine.request();

    expect(server.calls.filter((call) => call.startsWith('update'))).toEqual([`update business_cases ${CASE_ID} {"title":"First"}`]);
    const [first] = await db.outbox.toArray();
    expect(first?.nextAttemptAt).toBe(time.clock.now() + 1000);
    expect(time.nextTimerIn()).toBe(1000);

    server.onCall = null;
    server.calls.length = 0;
    time.advance(1000);
    await engine.whenIdle();

    expect(server.calls.filter((call) => call.startsWith('update'))).toEqual([
      `update business_cases ${CASE_ID} {"title":"First"}`, `update business_cases ${CASE_ID} {"status":"ready"}`,
    ]);
    expect(server.table('business_cases').get(CASE_ID)).toMatchObject({ title: 'First', status: 'ready' });
    expect(await db.outbox.count()).toBe(0);
  });

  it('is not sent again before its nextAttemptAt, however often a pass runs', async () => {
    const { db, server, time, engine } = await withCaseAndProfile();
    failUpdatesOf(server, 'business_cases');
    await queueChange(db, { collection: 'business_cases', recordId: CASE_ID, op: 'update', patch: { title: 'Stuck' } });
    await engine.request();
    server.calls.length = 0;

    time.advance(500);
    await engine.request();
    await engine.request();

    expect(server.calls.filter((call) => call.startsWith('update'))).toEqual([]);
    expect((await db.outbox.toArray())[0]).toMatchObject({ attempts: 1 });
  });

  it('backs off per change, doubling, and after the last attempt marks it failed with the reason', async () => {
    const { db, server, time, engine, status } = await withCaseAndProfile();
    failUpdatesOf(server, 'business_cases', 503);
    await queueChange(db, { collection: 'business_cases', recordId: CASE_ID, op: 'update', patch: { title: 'Stuck' } });
    await engine.request();

    const waits: number[] = [];
    for (let i = 0; i < 20 && time.nextTimerIn() !== undefined; i += 1) {
      const wait = time.nextTimerIn() ?? 0;
      waits.push(wait);
      time.advance(wait);
      await engine.whenIdle();
    }

    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 64000]);
    expect(status.get()).toMatchObject({ pending: 0, failed: 1 });
    expect((await db.outbox.toArray())[0]).toMatchObject({
      status: 'failed', attempts: 8, error: 'Something went wrong. (gave up after 8 attempts)',
    });
  });
});
