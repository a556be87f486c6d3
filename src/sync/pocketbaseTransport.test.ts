import PocketBase from 'pocketbase';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHANGES_ROUTE, pocketbaseTransport } from './pocketbaseTransport';

afterEach(() => {
  vi.unstubAllGlobals();
});

function answering(body: unknown) {
  const urls: URL[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    urls.push(new URL(url));
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  }));
  return urls;
}

const transport = () => pocketbaseTransport(new PocketBase('http://127.0.0.1:1'));

describe("pulling a page of a collection's changes", () => {
  it('asks the pull route for the changes after the checkpoint, and answers the page', async () => {
    const page = { records: [{ id: 'case00000000001', updated: '2025-06-01 00:00:00.000Z', sync_seq: 41 }], gone: ['case00000000002'], last: 42, more: true, history: 'epoch0000000002' };
    const urls = answering(page);

    expect(await transport().changes('ai_use_cases', { after: 40, limit: 500, history: 'epoch0000000001' })).toEqual(page);

    expect(urls[0]?.pathname).toBe(CHANGES_ROUTE);
    expect(Object.fromEntries(urls[0]!.searchParams)).toEqual({ collection: 'ai_use_cases', after: '40', limit: '500', history: 'epoch0000000001' });
  });

  it("reads an answer without a history (a server from before it) as the history ''", async () => {
    answering({ records: [], gone: [], last: 7, more: false });
    expect(await transport().changes('events', { after: 3, limit: 200 })).toEqual({ records: [], gone: [], last: 7, more: false, history: '' });
  });

  it("asks for the user's own rows, and says when the page belongs to a pull from the start", async () => {
    const urls = answering({ records: [], gone: [], last: 7, more: false });

    await transport().changes('business_cases', { after: 0, limit: 200, owner: true, full: true });

    expect(Object.fromEntries(urls[0]!.searchParams)).toEqual({ collection: 'business_cases', after: '0', limit: '200', owner: '1', full: '1' });
  });

  it('answers a reset as one', async () => {
    answering({ reset: true, horizon: 900, history: 'epoch0000000003' });
    expect(await transport().changes('events', { after: 3, limit: 200 })).toEqual({ reset: true, history: 'epoch0000000003' });
  });

  it('refuses an answer of another shape rather than reading it as an empty page', async () => {
    answering({ items: [] });
    await expect(transport().changes('events', { after: 3, limit: 200 })).rejects.toMatchObject({ status: 500 });
  });
});
