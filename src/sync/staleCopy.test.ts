import { describe, expect, it } from 'vitest';
import { queueChange } from './queueChange';
import { syncHarness, USER_ID } from './testing/syncHarness';

const DAY_MS = 24 * 60 * 60_000;

describe('a device whose last sync is older than the tombstone retention', () => {
  it('drops its copy and pulls everything again, so a delete whose tombstone was pruned is not kept', async () => {
    const { db, server, time, engine } = syncHarness();
    server.write('speakers', { id: 'speaker00000001', name: 'Deleted long ago' });
    server.write('speakers', { id: 'speaker00000002', name: 'Still here' });
    server.write('users', { id: USER_ID, full_name: 'Ada', company: 'Old Co' });
    await engine.request();
    // Deleted while the device was away; the tombstone has been pruned since.
    server.table('speakers').delete('speaker00000001');
    time.advance(91 * DAY_MS);
    await queueChange(db, { collection: 'users', recordId: USER_ID, op: 'update', patch: { company: 'Kept Co' } });

    await engine.request();

    expect(await db.speakers.get('speaker00000001')).toBeUndefined();
    expect((await db.speakers.get('speaker00000002'))?.name).toBe('Still here');
    expect(server.table('users').get(USER_ID)?.company).toBe('Kept Co');
    expect((await db.profiles.get(USER_ID))?.company).toBe('Kept Co');
  });

  it('keeps its copy when its last sync is within the retention', async () => {
    const { db, server, time, engine } = syncHarness();
    server.write('speakers', { id: 'speaker00000001', name: 'Kept' });
    await engine.request();
    server.table('speakers').delete('speaker00000001');
    time.advance(89 * DAY_MS);

    await engine.request();

    expect(await db.speakers.get('speaker00000001')).toBeDefined();
  });
});
