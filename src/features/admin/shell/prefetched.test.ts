// An admin screen's first answers asked for ahead of time: taken once, while fresh; a refused one
// is asked again by the screen.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pb } from '@/lib/pocketbase';
import { forgetPrefetched, prefetch, takePrefetched } from './prefetched';

describe('prefetched answers', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['performance', 'Date'] });
    forgetPrefetched();
  });
  afterEach(() => vi.useRealTimers());

  it('the screen takes the answer already on its way, once; its next load asks afresh', async () => {
    let asked = 0;
    const load = () => Promise.resolve(`answer ${(asked += 1)}`);
    prefetch('events', load);
    // the navigation after the hover starts nothing new
    prefetch('events', load);
    expect(asked).toBe(1);
    await expect(takePrefetched('events', load)).resolves.toBe('answer 1');
    await expect(takePrefetched('events', load)).resolves.toBe('answer 2');
    expect(asked).toBe(2);
  });

  it('an answer asked for under one account is not taken under another signed in on the same tab', async () => {
    let asked = 0;
    const load = () => Promise.resolve(`answer ${(asked += 1)}`);
    pb.authStore.save('token', { id: 'admin000000001a', collectionId: '_pb_users_auth_', collectionName: 'users', role: 'administrator' });
    prefetch('door-counts:e1', load);
    pb.authStore.save('token', { id: 'admin000000002b', collectionId: '_pb_users_auth_', collectionName: 'users', role: 'administrator' });
    // the second administrator's door reads the device afresh
    await expect(takePrefetched('door-counts:e1', load)).resolves.toBe('answer 2');
    // and a prefetch of theirs is theirs
    prefetch('events', load);
    await expect(takePrefetched('events', load)).resolves.toBe('answer 3');
    pb.authStore.clear();
  });

  it('an answer asked for more than 10 s ago is not used: the screen asks again', async () => {
    let asked = 0;
    const load = () => Promise.resolve(`answer ${(asked += 1)}`);
    prefetch('events', load);
    vi.advanceTimersByTime(10_001);
    await expect(takePrefetched('events', load)).resolves.toBe('answer 2');
    // and a prefetch after that long starts a fresh request
    prefetch('messages', load);
    vi.advanceTimersByTime(10_001);
    prefetch('messages', load);
    expect(asked).toBe(4);
  });

  it('a refused prefetch is forgotten: the screen asks for itself and reports its own failure', async () => {
    const refused = prefetch('speakers:e1', () => Promise.reject(new Error('offline')));
    await expect(refused).rejects.toThrow('offline');
    await expect(takePrefetched('speakers:e1', () => Promise.resolve(['Zoë 𠮷田']))).resolves.toEqual(['Zoë 𠮷田']);
  });

  it('a screen with nothing prefetched asks the server itself', async () => {
    await expect(takePrefetched('use-cases:first', () => Promise.resolve(3))).resolves.toBe(3);
  });
});
