// GET /api/masterclass/use-cases/sync, the route the sync pulls the use case
// library through, against a real PocketBase: signed-in users only (guests
// 401); every page the same records, in the same order and the same JSON
// shape as the records API lists for the same keyset (so a device stores the
// same rows either way), whatever the fields hold (empty, odd tags, unicode);
// `since` and `after_*` as the sync sends them, checked; the page size capped.
import { beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import { createUser, serverForFile, type TestUser } from './helpers';

let server: TestServer;
let su: PocketBase;
let attendee: TestUser;

serverForFile((started) => ({ server, su } = started));

beforeAll(async () => {
  attendee = await createUser(server, su, 'attendee');
  // Beside the seeded library: fields left empty, tags of every JSON kind, text beyond ASCII and quotes.
  const odd = [
    { title: 'Bare minimum' },
    { title: 'Tags not a list', tags: { not: 'a list' }, adoption_level: 'Growing' },
    { title: 'Tags a string', tags: 'plain', industry: 'Retail' },
    { title: 'Ünïcode “quotes” and \\ backslash', description: 'Line one\nline two\t"quoted" — done', tags: ['ça', 'naïve', '"x"'], adoption_level: 'Emerging' },
  ];
  for (const fields of odd) await su.collection('ai_use_cases').create(fields);
});

interface Page {
  status: number;
  items: RecordModel[];
  body: Record<string, unknown>;
}

async function routePage(params: Record<string, string | number>, token: string | null = attendee.client.authStore.token): Promise<Page> {
  const query = new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)]));
  const response = await fetch(`${server.url}/api/masterclass/use-cases/sync?${query}`, { headers: token ? { Authorization: token } : {} });
  const body = await response.json() as Record<string, unknown>;
  return { status: response.status, items: (body.items ?? []) as RecordModel[], body };
}

/** The same page from the records API, as the sync asked for it before. */
async function recordsPage(limit: number, after?: { updated: string; id: string }, since?: string): Promise<RecordModel[]> {
  const client = attendee.client;
  const filter = after
    ? client.filter('(updated > {:updated} || (updated = {:updated} && id > {:id}))', after)
    : since ? client.filter('updated >= {:since}', { since }) : '';
  const page = await client.collection('ai_use_cases').getList(1, limit, { filter, sort: 'updated,id', skipTotal: true, requestKey: null });
  return page.items;
}

describe('the use case library pull route', () => {
  it('refuses guests', async () => {
    expect((await routePage({}, null)).status).toBe(401);
  });

  it('lists the whole library page by page exactly as the records API does', async () => {
    const total = (await su.collection('ai_use_cases').getList(1, 1)).totalItems;
    const limit = 7;
    let after: { updated: string; id: string } | undefined;
    let read = 0;
    for (;;) {
      const page = await routePage(after ? { limit, after_updated: after.updated, after_id: after.id } : { limit });
      expect(page.status).toBe(200);
      expect(page.items).toEqual(await recordsPage(limit, after));
      read += page.items.length;
      if (page.items.length < limit) break;
      const last = page.items.at(-1)!;
      after = { updated: last.updated, id: last.id };
    }
    expect(read).toBe(total);
    expect(read).toBeGreaterThan(4);
  });

  it('keeps the odd rows as the records API writes them', async () => {
    const all = await routePage({ limit: 2000 });
    const odd = all.items.filter((item) => ['Bare minimum', 'Tags not a list', 'Tags a string'].includes(item.title) || item.title.startsWith('Ünïcode'));
    expect(odd).toHaveLength(4);
    for (const item of odd) expect(item).toEqual(await attendee.client.collection('ai_use_cases').getOne(item.id, { requestKey: null }));
    expect(odd.find((item) => item.title === 'Bare minimum')).toMatchObject({ tags: null, adoption_level: '', description: '' });
  });

  it('reads from a stamp on (since), as the first page of a later pass', async () => {
    const all = (await routePage({ limit: 2000 })).items;
    const since = all[Math.floor(all.length / 2)]!.updated;
    const page = await routePage({ since, limit: 2000 });
    expect(page.items).toEqual(await recordsPage(1000, undefined, since));
    expect(page.items.every((item) => item.updated >= since)).toBe(true);
  });

  it('caps the page size and defaults it', async () => {
    const all = (await routePage({ limit: 100_000 })).items;
    const total = (await su.collection('ai_use_cases').getList(1, 1)).totalItems;
    expect(all).toHaveLength(Math.min(total, 2000));
    expect((await routePage({})).items).toHaveLength(Math.min(total, 500));
  });

  it('refuses a position that is not a stamp and a record id, so no text reaches the SQL unchecked', async () => {
    const positions: Record<string, string>[] = [
      { since: "2025-01-01' OR 1=1 --" },
      { after_updated: '2025-06-01 00:00:00.000Z' },
      { after_updated: '2025-06-01 00:00:00.000Z', after_id: "x' OR '1'='1" },
      { after_id: 'abc' },
    ];
    for (const params of positions) {
      const page = await routePage(params);
      expect(page.status, JSON.stringify(params)).toBe(400);
    }
  });
});
