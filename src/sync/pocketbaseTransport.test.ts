import PocketBase from 'pocketbase';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pocketbaseTransport } from './pocketbaseTransport';

const ROUTE = '/api/masterclass/use-cases/sync';

afterEach(() => {
  vi.unstubAllGlobals();
});

function answering(items: unknown[]) {
  const urls: URL[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    urls.push(new URL(url));
    return new Response(JSON.stringify({ items }), { status: 200, headers: { 'Content-Type': 'application/json', Date: 'Sun, 01 Jun 2025 10:00:00 GMT' } });
  }));
  return urls;
}

describe('listing a page through a collection\'s own route', () => {
  it('sends the keyset position and page size as the route reads them, and answers its items', async () => {
    const urls = answering([{ id: 'case00000000001', updated: '2025-06-01 00:00:00.000Z' }]);
    const transport = pocketbaseTransport(new PocketBase('http://127.0.0.1:1'));
    const readAt: number[] = [];

    const page = await transport.list('ai_use_cases', {
      since: '2025-05-01 00:00:00.000Z', after: { updated: '2025-06-01 00:00:00.000Z', id: 'case00000000000' }, limit: 500, route: ROUTE,
      onReadTime: (ms) => readAt.push(ms),
    });

    expect(page).toEqual([{ id: 'case00000000001', updated: '2025-06-01 00:00:00.000Z' }]);
    expect(urls[0]?.pathname).toBe(ROUTE);
    expect(Object.fromEntries(urls[0]!.searchParams)).toEqual({ after_updated: '2025-06-01 00:00:00.000Z', after_id: 'case00000000000', limit: '500' });
    expect(readAt[0]).toBeLessThanOrEqual(Date.UTC(2025, 5, 1, 10));
  });

  it('starts from a stamp, or from the beginning', async () => {
    const urls = answering([]);
    const transport = pocketbaseTransport(new PocketBase('http://127.0.0.1:1'));
    await transport.list('ai_use_cases', { since: '2025-05-01 00:00:00.000Z', limit: 500, route: ROUTE });
    await transport.list('ai_use_cases', { since: '', limit: 500, route: ROUTE });
    expect(urls.map((url) => Object.fromEntries(url.searchParams))).toEqual([{ since: '2025-05-01 00:00:00.000Z', limit: '500' }, { limit: '500' }]);
  });
});
