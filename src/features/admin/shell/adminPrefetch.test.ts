// The door's counts read ahead as its page loads afresh: for the masterclass the door last worked on
// on this device, before the server says which one is featured. The guess only chooses what is read
// early: the door takes an answer only for the masterclass it shows, so a wrong guess is one read more.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '@/lib/testing/memoryStorage';

const counted: string[] = [];
let featured = 'featured000001a';

vi.mock('@/db', () => ({ db: {} }));
vi.mock('../check-in/doorCounts', () => ({
  readDoorCounts: vi.fn((_db: unknown, event: string) => {
    counted.push(event);
    return Promise.resolve({ expected: event.length, checkedIn: counted.length });
  }),
}));
vi.mock('../event/eventAdminApi', () => ({
  aheadOfTime: {
    events: () => Promise.resolve([]),
    featuredSummary: () => Promise.resolve({ id: featured }),
    promoCodes: () => Promise.resolve([]),
  },
}));

Object.assign(globalThis, { window: { localStorage: memoryStorage(), sessionStorage: memoryStorage(), location: { pathname: '/admin' } } });

const { prefetchAdminScreen } = await import('./adminPrefetch');
const { PREFETCH, forgetPrefetched, takePrefetched } = await import('./prefetched');
const { rememberLastDoorEvent } = await import('../check-in/lastDoorEvent');

const notPrefetched = () => Promise.reject(new Error('read by the door itself'));

describe("the door's counts read ahead on a fresh page load", () => {
  beforeEach(() => {
    counted.length = 0;
    forgetPrefetched();
    window.localStorage.clear();
  });

  it('reads the last masterclass used here at once, and the featured one when the server names another', async () => {
    rememberLastDoorEvent('lastused000001b');
    featured = 'featured000001a';
    prefetchAdminScreen('/admin/check-in', {}, false);
    expect(counted).toEqual(['lastused000001b']);
    // the server's answer names another masterclass: its counts are read too
    await vi.waitFor(() => expect(counted).toEqual(['lastused000001b', 'featured000001a']));
    // the door, on the featured masterclass, takes the featured one's counts, never the guess's
    await expect(takePrefetched(PREFETCH.doorCounts('featured000001a'), notPrefetched)).resolves.toEqual({ expected: 15, checkedIn: 2 });
  });

  it('reads once when the guess is the featured masterclass, and not at all ahead when the address names one', async () => {
    rememberLastDoorEvent('featured000001a');
    featured = 'featured000001a';
    prefetchAdminScreen('/admin/check-in', {}, false);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(counted).toEqual(['featured000001a']);

    counted.length = 0;
    forgetPrefetched();
    prefetchAdminScreen('/admin/check-in', { event: 'addressed00001c' }, false);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(counted).toEqual(['addressed00001c']);
  });

  it('with nothing used here before, waits for the server to name the featured one', async () => {
    featured = 'featured000001a';
    prefetchAdminScreen('/admin/check-in', {}, false);
    expect(counted).toEqual([]);
    await vi.waitFor(() => expect(counted).toEqual(['featured000001a']));
  });
});
